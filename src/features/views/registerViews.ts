// Registers the RepoDesk views: Repositories, Pull Requests, Review Comments,
// Releases and Git Refs, the `repodesk:` file system they open files through,
// the shared node commands (Load more, retry), and the periodic background
// refresh (`repodesk.views.refreshIntervalSeconds`; conditional requests make
// an idle refresh free of rate limit).
import * as vscode from 'vscode';
import type { HostingSession } from '../hosting/hostingSession';
import { registerGitFileSystem } from '../gitfs/gitFileSystem';
import { registerPulls } from '../pulls/registerPulls';
import { SelectedPull } from '../pulls/selectedPull';
import type { NodeTreeProvider } from './treeBase';
import { registerReleases } from '../releases/registerReleases';
import { registerRefs } from '../refs/registerRefs';
import { registerRepoExtras } from '../repoExtras/registerRepoExtras';
import { ActiveRepository } from '../repos/activeRepository';
import { registerRepositories } from '../repos/registerRepositories';
import { registerReviewComments } from '../reviewComments/registerReviewComments';
import { ErrorNode, LoadMoreNode, type RepoDeskNode } from './nodes';

export const VIEW_IDS = [
  'repodesk.repositories',
  'repodesk.pullRequests',
  'repodesk.reviewComments',
  'repodesk.releases',
  'repodesk.gitRefs',
] as const;

export interface Views {
  viewIds: string[];
  active: ActiveRepository;
  selectedPull: SelectedPull;
  refreshAll(): void;
}

/** What `vscode.TreeDataProvider` the tests read a view's nodes from. */
type ChildrenSource = { getChildren(node?: RepoDeskNode): vscode.ProviderResult<RepoDeskNode[]> };

export function registerViews(context: vscode.ExtensionContext, session: HostingSession): Views {
  const active = new ActiveRepository(context.workspaceState);
  const selectedPull = new SelectedPull();
  context.subscriptions.push(active, selectedPull);
  const gitfs = registerGitFileSystem(context, session);
  const repositories = registerRepositories(context, session, active);
  const pulls = registerPulls(context, session, active, selectedPull);
  const detail: NodeTreeProvider[] = [
    pulls,
    registerReviewComments(context, session, active, selectedPull, () => pulls.refresh()),
    registerReleases(context, session, active),
    registerRefs(context, session, active, gitfs),
  ];
  registerRepoExtras(context, session, active);
  const refreshAll = () => {
    repositories.refresh();
    for (const p of detail) p.refresh();
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  const backgroundRefresh = () => {
    if (session.signedIn) refreshAll();
  };
  const schedule = () => {
    if (timer) clearInterval(timer);
    const seconds = vscode.workspace.getConfiguration('repodesk.views').get<number>('refreshIntervalSeconds', 300);
    timer = seconds > 0 ? setInterval(backgroundRefresh, Math.max(10, seconds) * 1000) : undefined;
  };
  schedule();

  context.subscriptions.push(
    { dispose: () => timer && clearInterval(timer) },
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('repodesk.views.refreshIntervalSeconds')) schedule();
    }),
    vscode.commands.registerCommand('repodesk.loadMore', (node?: LoadMoreNode) =>
      node instanceof LoadMoreNode
        ? vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading more…') }, () => node.run())
        : undefined),
    vscode.commands.registerCommand('repodesk.retry', (node?: ErrorNode) => (node instanceof ErrorNode ? node.runRetry() : undefined)),
  );
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    const sources: Record<string, ChildrenSource> = { 'repodesk.repositories': repositories };
    for (const p of detail) sources[p.viewId] = p;
    // Test seam: the nodes a view shows, as VS Code would ask for them.
    context.subscriptions.push(
      vscode.commands.registerCommand('repodesk.testing.children', (viewId: string, node?: RepoDeskNode) => sources[viewId]?.getChildren(node)),
      vscode.commands.registerCommand('repodesk.testing.setActiveRepository', (owner: string, name: string) => active.set({ owner, name })),
      vscode.commands.registerCommand('repodesk.testing.backgroundRefresh', backgroundRefresh),
    );
  }
  return { viewIds: [...VIEW_IDS], active, selectedPull, refreshAll };
}
