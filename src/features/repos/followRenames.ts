// A repository renamed or moved on the service: its old address answers
// 301, permanent (docs/service-api/hosting/conventions §8), and each client
// sends later requests to the new address. When the moved repository is the
// active one, RepoDesk takes its new name (read from the service through the
// move) and says so, and the Repositories view is read again: the views then
// name it as it is now rather than as it was. Loaded with the first move
// (registerRepositories watches the clients' moves).
import * as vscode from 'vscode';
import type { HostingClient } from '../../hosting';
import { movedRepository } from '../../util/movedRepository';
import type { FeatureContext } from '../shared/featureContext';

/** Follows the active repository to its new name when `from` (a 301's old address) is its address. */
export async function followRename(client: HostingClient, from: string, { active }: Pick<FeatureContext, 'active'>, onRenamed: () => void): Promise<void> {
  const was = movedRepository(client.core.addresses.apiUrl, from);
  const current = active.value;
  if (!was || !current || was.owner.toLowerCase() !== current.owner.toLowerCase() || was.name.toLowerCase() !== current.name.toLowerCase()) return;
  const now = await client.repos.get(was.owner, was.name);
  if (now.owner.login === current.owner && now.name === current.name) return;
  await active.set({ owner: now.owner.login, name: now.name });
  onRenamed();
  void vscode.window.showInformationMessage(
    vscode.l10n.t('{0}/{1} is now {2} on the service: RepoDesk shows it under its new name.', current.owner, current.name, now.full_name),
  );
}
