// The Pull Requests view of the active repository and its commands.
import * as vscode from 'vscode';
import { AvatarCache } from '../../util/avatars';
import { openDiff } from '../shared/gitfs/openDiff';
import { describePullFilter, loadPullFilter, savePullFilter, type PullFilter } from './pullFilter';
import { PullFileNode, PullNode } from './pullNodes';
import { registerPullDecorations } from './pullDecorations';
import { registerLazyCommands } from '../shared/lazyCommands';
import { registerCheckedOutStatus } from './checkedOutStatus';
import { readHostingSettings } from '../shared/session/settings';
import type { NodeTreeProvider } from '../shared/tree/treeBase';
import { createRepositoryView } from '../shared/tree/repositoryView';
import { errorText } from '../shared/failure';
import { createPullListing, PULL_SNAPSHOT_KEY } from './pullListing';
import { keptFor } from '../../listings/repositorySnapshot';
import { pullListEdit } from '../../util/pullListEdit';
import type { ViewedFilesStore } from '../review/stores/viewedFilesStore';
import { changedFilesNodes } from './changedFilesNode';
import type { FeatureContext } from '../shared/featureContext';

const PULL_COMMANDS = [
  'repodesk.pulls.checkout',
  'repodesk.pulls.checkoutWorktree',
  'repodesk.pulls.openAllChanges',
  'repodesk.pulls.labels',
  'repodesk.pulls.filter',
  'repodesk.pulls.openInBrowser',
  'repodesk.pulls.openCommit',
] as const;
export type PullCommandId = (typeof PULL_COMMANDS)[number];

/** `refreshAll` re-reads every view but `except` (a merge moves Git Refs too). */
export function registerPulls({
  extension: context,
  session,
  active,
  selectedPull: selected,
  refreshAll,
  viewedFiles: viewed,
}: Pick<FeatureContext, 'extension' | 'session' | 'active' | 'selectedPull'> & {
  refreshAll: (except?: NodeTreeProvider) => void;
  viewedFiles?: ViewedFilesStore;
}): NodeTreeProvider {
  const state = context.workspaceState;
  // Authors' avatars for the pull request icons, kept across refreshes.
  const avatars = new AvatarCache();
  const { provider, showKeptNext } = createPullListing(session, active, state, avatars, viewed);
  // A new session or repository clears the selected pull request (and so Review Comments).
  const { view, describe } = createRepositoryView(context, 'repodesk.pullRequests', provider, session, active, {
    detail: () => describePullFilter(loadPullFilter(state)),
    beforeChange: () => selected.set(undefined),
  });
  // Chosen in the view (a click, the arrow keys): the followers wait for the overview the same click opens, if any.
  const select = (node: unknown, inView = false) => {
    if (node instanceof PullNode) selected.set({ owner: node.owner, repo: node.repo, number: node.pull.number, pull: node.pull }, inView);
  };

  registerPullDecorations(context);
  registerCheckedOutStatus(context);
  registerLazyCommands(context, ['repodesk.pulls.create', 'repodesk.pulls.edit', 'repodesk.pulls.close', 'repodesk.pulls.reopen', 'repodesk.pulls.merge'], () =>
    import('./pullLifecycle.js').then((m) =>
      m.pullLifecycleCommands(session, active, (pull) => {
        if (!pull) return refreshAll();
        // The pull request as the write answered, at once; the list is read again behind it.
        void provider.showChange(pullListEdit(pull, loadPullFilter(state)));
        refreshAll(provider);
      }),
    ),
  );
  const setState = async (st: PullFilter['state']) => {
    await savePullFilter(state, { ...loadPullFilter(state), state: st });
    await vscode.commands.executeCommand('setContext', 'repodesk.pulls.state', st);
    describe();
    provider.refresh();
  };
  void vscode.commands.executeCommand('setContext', 'repodesk.pulls.state', loadPullFilter(state).state);

  context.subscriptions.push(
    view.onDidChangeSelection((e) => select(e.selection[0], true)),
    // Opening a pull request by its twistie is choosing it, as a click on it is:
    // Review Comments shows its threads, and the row is marked as selected.
    view.onDidExpandElement((e) => {
      if (!(e.element instanceof PullNode)) return;
      select(e.element);
      void view.reveal(e.element, { select: true, focus: false, expand: false }).then(undefined, () => undefined);
    }),
    // A changed file's box marks it viewed (the viewedFiles feature's commands, by id).
    view.onDidChangeCheckboxState((e) => {
      for (const [node, state] of e.items) {
        if (node instanceof PullFileNode)
          void vscode.commands.executeCommand(
            state === vscode.TreeItemCheckboxState.Checked ? 'repodesk.viewedFiles.mark' : 'repodesk.viewedFiles.unmark',
            node,
          );
      }
    }),
    ...(viewed ? [viewed.onDidChange((pull) => changedFilesNodes(pull).forEach((n) => provider.update(n)))] : []),
    // One click from the title bar: the states not shown now.
    vscode.commands.registerCommand('repodesk.pulls.showOpen', () => setState('open')),
    vscode.commands.registerCommand('repodesk.pulls.showClosed', () => setState('closed')),
    vscode.commands.registerCommand('repodesk.pulls.showAll', () => setState('all')),
    vscode.commands.registerCommand('repodesk.pulls.refresh', () => provider.refresh()),
    // Signed out of an account: its kept listing goes (the slot holds one account's).
    session.onDidSignOutAccount((account) => {
      if (keptFor(state.get(PULL_SNAPSHOT_KEY), readHostingSettings().apiUrl, account)) void state.update(PULL_SNAPSHOT_KEY, undefined);
    }),
    vscode.commands.registerCommand('repodesk.pulls.select', (node?: PullNode) => select(node)),
    vscode.commands.registerCommand('repodesk.pulls.openFile', async (node?: PullFileNode) => {
      if (!(node instanceof PullFileNode)) return;
      try {
        await openDiff({
          owner: node.owner,
          repo: node.repo,
          baseSha: node.pull.base.sha,
          headSha: node.pull.head.sha,
          path: node.file.filename,
          status: node.file.status,
          number: node.pull.number,
          headBlob: node.file.sha,
          accountId: session.accounts.length > 1 ? session.account?.id : undefined,
        });
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not open the changes of {0}: {1}', node.file.filename, errorText(err)));
      }
    }),
  );
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, PULL_COMMANDS, () => import('./pullCommands.js').then((m) => m.pullCommands(session, state, describe, provider)));

  // Test seams: their code loads only in a test run, not at activation.
  if (context.extensionMode === vscode.ExtensionMode.Test)
    void import('./pullsTestSeams.js').then((m) => m.registerPullsTestSeams(context, state, () => (showKeptNext(), provider.refresh())));
  return provider;
}
