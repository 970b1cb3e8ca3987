// With several accounts signed in (on one service or several), a status bar
// item says which one the views and actions use, and switches it; the choice
// is remembered per active repository and taken up again when that
// repository becomes active.
import * as vscode from 'vscode';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

export function registerAccountSwitch({ extension: context, session, active, log }: Pick<FeatureContext, 'extension' | 'session' | 'active' | 'log'>): void {
  const item = vscode.window.createStatusBarItem('repodesk.account', vscode.StatusBarAlignment.Right, 101);
  item.name = vscode.l10n.t('RepoDesk Account');
  item.command = 'repodesk.switchAccount';

  const show = () => {
    const current = session.accounts.find((a) => a.id === session.account?.id);
    if (session.accounts.length < 2 || !current) {
      item.hide();
      return;
    }
    item.text = `$(account) ${current.label}`;
    item.tooltip = vscode.l10n.t('RepoDesk reads and acts as {0} on {1}. Click to switch account.', current.label, current.serviceName);
    item.show();
  };

  // A repository becoming active brings its remembered account (when signed
  // in and not the one in use): that account is in use before the views hear
  // of the repository, so none reads it with the account before.
  active.routeChangesThrough(async (repo, apply) => {
    const remembered = repo ? session.rememberedAccountFor(`${repo.owner}/${repo.name}`) : undefined;
    if (remembered && remembered !== session.account?.id && session.accounts.some((a) => a.id === remembered)) await session.useAccount(remembered, apply);
    else await apply();
  });

  // The switch itself (a quick pick of the accounts) loads on first use, not at activation.
  registerLazyCommands(context, ['repodesk.switchAccount'], () => import('./switchAccount.js').then((m) => m.switchAccountCommands(session, active, log)));
  context.subscriptions.push(item, session.onDidChange(show), session.onDidChangeAccounts(show));
  show();
}
