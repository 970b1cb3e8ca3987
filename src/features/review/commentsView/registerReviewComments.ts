// The Review Comments view: the selected pull request's comments grouped by
// file and thread, or (second mode) the repository's review comments with
// sort and since. Reply, edit, delete (own comments) and reveal in the diff.
import * as vscode from 'vscode';
import { createNodeTreeView, NodeTreeProvider } from '../../shared/tree/treeBase';
import { registerLazyCommands } from '../../shared/lazyCommands';
import { signedInClient } from '../../shared/session/require';
import type { PendingDrafts, QueueComment } from '../stores/pendingDrafts';
import type { PullReviewComments } from '../stores/pullReviewComments';
import { ReviewCommentsListing, type Mode, type RepoCommentFilter } from './reviewCommentsListing';
import type { FeatureContext } from '../../shared/featureContext';

const REVIEW_COMMENT_COMMANDS = ['repodesk.reviewComments.filter', 'repodesk.reviewComments.reveal'] as const;
export type ReviewCommentCommandId = (typeof REVIEW_COMMENT_COMMANDS)[number];

export type { RepoCommentFilter };
export const MODE_KEY = 'repodesk.reviewComments.mode';
export const FILTER_KEY = 'repodesk.reviewComments.filter';

/** A reply, edit or delete goes through `reviewStore`, which tells every view of the comments (this one through the wiring root). */
export function registerReviewComments({
  extension: context,
  session,
  active,
  selectedPull: selected,
  log,
  reviewStore,
  pending,
  queue,
}: Pick<FeatureContext, 'extension' | 'session' | 'active' | 'selectedPull' | 'log'> & {
  reviewStore: PullReviewComments;
  pending?: PendingDrafts;
  queue?: QueueComment;
}): NodeTreeProvider {
  const state = context.workspaceState;
  const mode = (): Mode => state.get<Mode>(MODE_KEY, 'pull');
  const filter = (): RepoCommentFilter => ({ sort: 'created', direction: 'desc', since: '', ...state.get<Partial<RepoCommentFilter>>(FILTER_KEY) });
  const listing = new ReviewCommentsListing({ session, active, selected, log, pending, mode, filter, onUpdating: () => describe() });
  const provider = new NodeTreeProvider('repodesk.reviewComments', (p) => listing.roots(p));
  const view = createNodeTreeView('repodesk.reviewComments', provider, { showCollapseAll: true });
  const describe = () => {
    const pull = selected.value;
    view.description =
      mode() === 'repository'
        ? active.value
          ? vscode.l10n.t('{0}/{1}, all pull requests', active.value.owner, active.value.name)
          : undefined
        : pull
          ? `${pull.owner}/${pull.repo}#${pull.number}${listing.updating ? ` · ${vscode.l10n.t('updating…')}` : ''}`
          : undefined;
    void vscode.commands.executeCommand('setContext', 'repodesk.reviewComments.mode', mode());
  };
  describe();
  // Another account, repository, pull request, mode or filter.
  const changed = () => {
    describe();
    provider.refresh(true);
  };

  const need = () => signedInClient(session);

  context.subscriptions.push(
    provider,
    view,
    session.onDidChange(() => {
      listing.forget();
      changed();
    }),
    active.onDidChange(changed),
    ...(pending ? [pending.onDidChange(() => provider.refresh())] : []),
    provider.onWillProvideRoots(() => listing.rootsAsked()),
    provider.onDidProvideRoots(() => listing.rowsHanded()),
    provider.onDidProvideChildren(() => listing.childrenHanded()),
    selected.onDidChange(() => {
      listing.selectedNow();
      changed();
      // The read starts with the click, not when VS Code asks for the rows:
      // the workbench asks only once it has handled the click (it also opens
      // the overview page), ~100 ms later.
      if (view.visible) provider.prefetch();
    }),
    vscode.commands.registerCommand('repodesk.reviewComments.refresh', () => provider.refresh()),
    vscode.commands.registerCommand('repodesk.reviewComments.switchMode', async (next?: Mode) => {
      await state.update(MODE_KEY, next === 'pull' || next === 'repository' ? next : mode() === 'pull' ? 'repository' : 'pull');
      changed();
    }),
  );
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, REVIEW_COMMENT_COMMANDS, () =>
    import('./reviewCommentCommands.js').then((m) => m.reviewCommentCommands(selected, state, filter, changed, need)),
  );

  if (context.extensionMode === vscode.ExtensionMode.Test) {
    // Test seam: what the view's title says (the pull request, and whether it is updating).
    context.subscriptions.push(vscode.commands.registerCommand('repodesk.testing.reviewCommentsDescription', () => view.description));
  }
  // Reply, edit and delete (their editors and requests) load on first use.
  registerLazyCommands(context, ['repodesk.reviewComments.reply', 'repodesk.reviewComments.edit', 'repodesk.reviewComments.delete'], () =>
    import('./commentActions.js').then((m) => m.commentActions(reviewStore, need, queue)),
  );
  return provider;
}
