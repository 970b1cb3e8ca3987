// The Pull Requests view of the active repository and its commands.
import * as vscode from 'vscode';
import { AvatarCache } from '../../util/avatars';
import { openDiff } from '../shared/gitfs/openDiff';
import { describePullFilter, loadPullFilter, savePullFilter, toQuery, type PullFilter } from './pullFilter';
import { PullFileNode, PullNode, pullNodes } from './pullNodes';
import { registerPullDecorations } from './pullDecorations';
import { registerLazyCommands } from '../shared/lazyCommands';
import { registerCheckedOutStatus } from './checkedOutStatus';
import { readHostingSettings } from '../shared/session/settings';
import { NodeTreeProvider, pagedRoots } from '../shared/tree/treeBase';
import { createRepositoryView } from '../shared/tree/repositoryView';
import { errorText } from '../shared/failure';
import { pullSnapshotKey, readPullSnapshot, takePullSnapshot } from '../../listings/pullSnapshot';
import { keptFor } from '../../listings/repositorySnapshot';
import { ErrorNode } from '../shared/tree/nodes';
import { KeptPullNode } from './keptPullNodes';
import { pullListEdit } from '../../util/pullListEdit';
import type { ViewedFilesStore } from '../review/stores/viewedFilesStore';
import { changedFilesNodes } from './changedFilesNode';
import type { FeatureContext } from '../shared/featureContext';

const PULL_COMMANDS = ['repodesk.pulls.checkout', 'repodesk.pulls.checkoutWorktree', 'repodesk.pulls.openAllChanges', 'repodesk.pulls.filter', 'repodesk.pulls.openInBrowser'] as const;
export type PullCommandId = (typeof PULL_COMMANDS)[number];

/** Where the last listing is kept (workspace state). */
const PULL_SNAPSHOT_KEY = 'repodesk.pullRequests.lastListing';

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
  // Rows at once: the first look of a session draws the listing kept from the
  // last one (marked as updating) while the service is asked again; a build
  // replaced by a newer one (a refresh) does not put its rows back.
  let firstLook = true;
  let generation = 0;
  const provider = new NodeTreeProvider('repodesk.pullRequests', (p) => {
    const client = session.client;
    const repo = active.value;
    const account = session.account;
    if (!client || !repo || !account) return [];
    const filter = loadPullFilter(state);
    const key = pullSnapshotKey(readHostingSettings().apiUrl, account.id, repo.owner, repo.name, filter);
    const keeping = vscode.workspace.getConfiguration('repodesk.views').get<boolean>('keepLastListing', true);
    const built = ++generation;
    const fresh = pagedRoots(
      p,
      () => client.pulls.list(repo.owner, repo.name, toQuery(filter), { priority: 'background' }),
      (pulls) => {
        void state.update(PULL_SNAPSHOT_KEY, keeping ? takePullSnapshot(key, pulls, pulls.length >= 50, Date.now()) : undefined);
        return pullNodes(repo.owner, repo.name, pulls, client, session.login, (n) => p.update(n), avatars, viewed);
      },
      vscode.l10n.t('No pull requests match this filter.'),
    );
    const kept = firstLook && keeping ? readPullSnapshot(state.get(PULL_SNAPSHOT_KEY), key) : undefined;
    firstLook = false;
    if (!kept || kept.pulls.length === 0) return fresh;
    fresh.then(
      (roots) => {
        if (built === generation) p.replaceRoots(Promise.resolve(roots));
      },
      (err: unknown) => {
        if (built === generation) p.replaceRoots(Promise.resolve([new ErrorNode(errorText(err), () => p.refresh())]));
      },
    );
    return kept.pulls.map((k) => new KeptPullNode(repo.owner, repo.name, k));
  });
  // A new session or repository clears the selected pull request (and so Review Comments).
  const { view, describe } = createRepositoryView(context, 'repodesk.pullRequests', provider, session, active, {
    detail: () => describePullFilter(loadPullFilter(state)),
    beforeChange: () => selected.set(undefined),
  });
  const select = (node: unknown) => {
    if (node instanceof PullNode) selected.set({ owner: node.owner, repo: node.repo, number: node.pull.number, pull: node.pull });
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
    view.onDidChangeSelection((e) => select(e.selection[0])),
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

  if (context.extensionMode === vscode.ExtensionMode.Test) {
    // Test seam: the next look is drawn as the first of a session (after a window reload).
    context.subscriptions.push(
      vscode.commands.registerCommand('repodesk.testing.pullRequestsAsAfterReload', () => {
        firstLook = true;
        provider.refresh();
      }),
      vscode.commands.registerCommand('repodesk.testing.workspaceState', (key?: string) => (key === undefined ? state.keys() : state.get(key))),
      // A record written as a test needs it (another account's pending review).
      vscode.commands.registerCommand('repodesk.testing.setWorkspaceState', (key: string, value: unknown) => state.update(key, value)),
    );
  }
  return provider;
}
