// The Git Refs view of the active repository and its commands: create a
// branch or tag, update (fast-forward, or forced after a confirmation),
// delete, copy the SHA, browse the tree read-only.
import * as vscode from 'vscode';
import { type GitTag } from '../../hosting';
import type { GitFileSystem } from '../shared/gitfs/gitFileSystem';
import { NodeTreeProvider, pagedRoots } from '../shared/tree/treeBase';
import type { RefsContext } from './refNodes';
import { createRepositoryView } from '../shared/tree/repositoryView';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const REF_COMMANDS = [
  'repodesk.refs.createBranch',
  'repodesk.refs.createTag',
  'repodesk.refs.update',
  'repodesk.refs.delete',
  'repodesk.refs.copySha',
] as const;
export type RefCommandId = (typeof REF_COMMANDS)[number];

const VIEW = 'repodesk.gitRefs';

export function registerRefs({
  extension: context,
  session,
  active,
  gitfs,
}: Pick<FeatureContext, 'extension' | 'session' | 'active'> & { gitfs: GitFileSystem }): NodeTreeProvider {
  const messages = new Map<string, string>();
  const tags = new Map<string, GitTag>();
  const provider = new NodeTreeProvider(VIEW, (p) => {
    const client = session.client;
    const repo = active.value;
    if (!client || !repo) return [];
    const ctx: RefsContext = { owner: repo.owner, repo: repo.name, client, gitfs, messages, tags, update: (n) => p.update(n) };
    return pagedRoots(
      p,
      () => client.git.listRefs(repo.owner, repo.name, undefined, { priority: 'background' }),
      // The rows' code loads with the first list (the view may never be opened).
      async (refs) => {
        const { loadMessages, refGroupNodes } = await import('./refNodes.js');
        await loadMessages(ctx, refs);
        return refGroupNodes(ctx, refs);
      },
      vscode.l10n.t('This repository has no refs yet.'),
    );
  });
  createRepositoryView(context, VIEW, provider, session, active);

  context.subscriptions.push(vscode.commands.registerCommand('repodesk.refs.refresh', () => provider.refresh()));
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, REF_COMMANDS, () => import('./refCommands.js').then((m) => m.refCommands(session, active, provider)));

  return provider;
}
