// "Switch Account": the account the views and actions use, picked from those
// signed in, remembered for the active repository. Loaded on first use
// (registerAccountSwitch.ts registers it).
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';

export function switchAccountCommands(session: HostingSession, active: ActiveRepository) {
  const repoKey = () => (active.value ? `${active.value.owner}/${active.value.name}` : undefined);
  const switchAccount = async (accountId?: string) => {
    let id = accountId;
    if (id === undefined) {
      const picked = await vscode.window.showQuickPick(
        session.accounts.map((a) => ({ label: a.label, description: a.serviceName, detail: a.apiUrl, picked: a.id === session.account?.id, id: a.id })),
        { title: vscode.l10n.t('Use which account?') },
      );
      id = picked?.id;
    }
    if (id === undefined || !session.accounts.some((a) => a.id === id)) return;
    const key = repoKey();
    if (key) await session.rememberAccountFor(key, id);
    await session.useAccount(id);
  };

  return { 'repodesk.switchAccount': switchAccount };
}
