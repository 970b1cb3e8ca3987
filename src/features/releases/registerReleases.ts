// The Releases view of the active repository and its commands.
import * as vscode from 'vscode';
import { NodeTreeProvider, pagedRoots } from '../shared/tree/treeBase';
import { releaseGroups } from './releaseNodes';
import { createRepositoryView } from '../shared/tree/repositoryView';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const RELEASE_COMMANDS = [
  'repodesk.releases.create',
  'repodesk.releases.edit',
  'repodesk.releases.publish',
  'repodesk.releases.delete',
  'repodesk.releases.uploadAsset',
  'repodesk.releases.downloadAsset',
  'repodesk.releases.openInBrowser',
] as const;
export type ReleaseCommandId = (typeof RELEASE_COMMANDS)[number];

export const RELEASES_VIEW = 'repodesk.releases';

export function registerReleases({ extension: context, session, active }: Pick<FeatureContext, 'extension' | 'session' | 'active'>): NodeTreeProvider {
  const provider = new NodeTreeProvider(RELEASES_VIEW, async (p) => {
    const client = session.client;
    const repo = active.value;
    if (!client || !repo) return [];
    const at = { owner: repo.owner, repo: repo.name };
    // Drafts are shown only to those who can push (the service lists them only to them too).
    const canPush = (await client.repos.get(repo.owner, repo.name, { priority: 'background' })).permissions?.push ?? false;
    return pagedRoots(
      p,
      () => client.releases.list(repo.owner, repo.name, { priority: 'background' }),
      (items) => releaseGroups(at, items, canPush),
      vscode.l10n.t('No releases yet.'),
    );
  });
  createRepositoryView(context, RELEASES_VIEW, provider, session, active);

  context.subscriptions.push(vscode.commands.registerCommand('repodesk.releases.refresh', () => provider.refresh()));
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, RELEASE_COMMANDS, () => import('./releaseCommands.js').then((m) => m.releaseCommands(session, active, provider)));

  return provider;
}
