// "Switch Account": the account the views and actions use, picked from those
// signed in, remembered for the active repository. Loaded on first use
// (registerAccountSwitch.ts registers it).
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { Logger } from '../shared/log/outputLog';

export function switchAccountCommands(session: HostingSession, active: ActiveRepository, log?: Logger) {
  const repoKey = () => (active.value ? `${active.value.owner}/${active.value.name}` : undefined);
  const switchAccount = async (accountId?: string) => {
    let id = accountId;
    if (id === undefined) {
      // The account in use first, marked (a single pick's `picked` shows nothing).
      const current = session.account?.id;
      const items = session.accounts.map((a) => ({
        label: a.id === current ? `$(check) ${a.label}` : a.label,
        description: a.id === current ? vscode.l10n.t('{0} · in use', a.serviceName) : a.serviceName,
        detail: a.apiUrl,
        id: a.id,
      }));
      const picked = await vscode.window.showQuickPick([...items.filter((i) => i.id === current), ...items.filter((i) => i.id !== current)], {
        title: vscode.l10n.t('Use which account?'),
      });
      id = picked?.id;
    }
    // An account not in the list as it stands (its sessions being read again, say) is looked for once more
    // before the switch is given up, and then said: a switch dropped unsaid looks like one made.
    // Resolves whether the account asked for is the one in use.
    if (id === undefined) return false;
    if (!session.accounts.some((a) => a.id === id)) await session.refresh().catch(() => undefined);
    if (!session.accounts.some((a) => a.id === id)) {
      const signedIn = session.accounts.map((a) => a.label).join(', ');
      log?.warn(`Switch Account: ${id} is not signed in (signed in: ${signedIn || 'none'})`);
      void vscode.window.showWarningMessage(vscode.l10n.t('That account is not signed in any more; the account in use is unchanged.'));
      return false;
    }
    const key = repoKey();
    if (key) await session.rememberAccountFor(key, id);
    await session.useAccount(id);
    return session.account?.id === id;
  };

  return { 'repodesk.switchAccount': switchAccount };
}
