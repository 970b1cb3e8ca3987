// The wiring root: constructs each feature of the sidebar and hands it what
// it needs (the session, the active repository, the selected pull request,
// the providers of a repository node's lists). Features do not import each
// other; what two of them share lives in src/features/shared. Also here: the
// shared node commands (Load more, retry) and the periodic background refresh
// (`repodesk.views.refreshIntervalSeconds`; conditional requests make an idle
// refresh free of rate limit).
import * as vscode from 'vscode';
import type { HostingSession } from './features/shared/session/hostingSession';
import { offlineCopiesOf, registerGitFileSystem } from './features/shared/gitfs/gitFileSystem';
import { registerPulls } from './features/pulls/registerPulls';
import { registerCreatePullForm } from './features/createPullForm/registerCreatePullForm';
import { SelectedPull } from './features/shared/selection/selectedPull';
import { onLostClick, type NodeTreeProvider } from './features/shared/tree/treeBase';
import { registerReleases } from './features/releases/registerReleases';
import { registerRefs } from './features/refs/registerRefs';
import { registerLabels } from './features/labels/registerLabels';
import { registerDeployKeys } from './features/deployKeys/registerDeployKeys';
import { registerTeams } from './features/teams/registerTeams';
import { registerHooks } from './features/hooks/registerHooks';
import { registerDownloads } from './features/downloads/registerDownloads';
import { registerMembers } from './features/members/registerMembers';
import { registerGists } from './features/gists/registerGists';
import { registerSearch } from './features/search/registerSearch';
import { registerCommit } from './features/commit/registerCommit';
import { ActiveRepository } from './features/shared/selection/activeRepository';
import { registerAccountSwitch } from './features/accounts/registerAccountSwitch';
import { registerRepositories } from './features/repos/registerRepositories';
import { registerReviewComments } from './features/review/commentsView/registerReviewComments';
import { ErrorNode, LoadMoreNode } from './features/shared/tree/nodes';
import { registerMessageEditor } from './features/shared/messageEditor/messageEditor';
import { registerConfirmations } from './features/shared/confirmation';
import type { EngagementSession } from './features/shared/session/engagementSession';
import type { Logger } from './features/shared/log/outputLog';
import { registerInsights } from './features/insights/registerInsights';
import { registerCases } from './features/cases/registerCases';
import { PullReviewComments } from './features/review/stores/pullReviewComments';
import { registerComments } from './features/review/threads/registerComments';
import { registerLanguage } from './features/review/commentBox/registerLanguage';
import { registerPullOverview } from './features/pullOverview/registerPullOverview';
import { ViewedFilesStore } from './features/review/stores/viewedFilesStore';
import { registerViewedFiles } from './features/review/viewedFiles/registerViewedFiles';
import { registerSuggestions } from './features/review/suggestions/registerSuggestions';
import { Gate } from './util/gate';
import type { FeatureContext } from './features/shared/featureContext';
import { registerPendingReview } from './features/review/pendingReview/registerPendingReview';
import { registerQueuedComments } from './features/review/queuedComments/registerQueuedComments';
import { withQueued } from './features/review/stores/draftsShown';
import { ReachabilityGate } from './features/shared/reachability/reachabilityGate';

const VIEW_IDS = ['repodesk.repositories', 'repodesk.pullRequests', 'repodesk.reviewComments', 'repodesk.releases', 'repodesk.gitRefs'] as const;

export interface Views {
  viewIds: string[];
  active: ActiveRepository;
  selectedPull: SelectedPull;
  refreshAll(): void;
  /** Settles when VS Code has been handed the rows of an expanded group of the Repositories view (the start-up benchmark's last phase). */
  firstRows: Promise<void>;
  /** Under tests only: settles when the views' test seams are registered. */
  testSeams: Promise<void> | undefined;
}

/** The longest the views' reads wait at start-up for the kept rows' first paint (they are handed ~150–250 ms after the views register). */
const FIRST_PAINT_MAX_MS = 600;

/** The start-up steps of the Repositories view that the start-up benchmark reads (src/util/phaseMarks.ts). */
export type StartStep = 'asked' | 'rows' | 'children';

export function registerViews(
  context: vscode.ExtensionContext,
  session: HostingSession,
  engagement: EngagementSession,
  log: Logger,
  markStart: (step: StartStep) => void = () => undefined,
): Views {
  const active = new ActiveRepository(context.workspaceState);
  const selectedPull = new SelectedPull();
  context.subscriptions.push(active, selectedPull);
  // What every feature is handed; a feature that needs more gets it by name beside it.
  const ctx: FeatureContext = { extension: context, session, engagement, log, active, selectedPull };
  // Which of several signed-in accounts the views use, in the status bar.
  registerAccountSwitch(ctx);
  // The editor of longer text: messages, descriptions, release notes (its own tab, language and ✓ / ✕).
  registerMessageEditor(context, (line) => log.info(`Message editor: ${line}`));
  onLostClick((view) => log.info(`A click in ${view} opened nothing: no row known in 3 s, nor in 3 s more once the view was drawn again`));
  // The status bar's word that something worked (a test seam under tests).
  registerConfirmations(context);
  const gitfs = registerGitFileSystem(ctx);
  // A repository node lists its labels, deploy keys, teams, webhooks and downloads, in this order.
  const repositoryLists = [registerLabels(ctx), registerDeployKeys(ctx), registerTeams(ctx), registerHooks(ctx), registerDownloads(ctx)];
  // Start-up: the views' reads wait until the Repositories view has handed
  // VS Code the rows it kept (and a moment to draw them), or knows it has
  // none; never more than FIRST_PAINT_MAX_MS (a hidden view is never asked).
  const firstPaint = new Gate(FIRST_PAINT_MAX_MS);
  session.holdBackgroundUntil(firstPaint.opened);
  // An organization's group lists its members after its repositories; "Your gists" follows the organizations.
  const repositories = registerRepositories({
    ...ctx,
    childProviders: repositoryLists,
    orgProviders: [registerMembers(ctx)],
    rootProviders: [registerGists(ctx)],
    firstPaint,
  });
  registerSearch(ctx);
  // Statistics and support cases of a repository, in a webview panel.
  registerInsights(ctx);
  // The active repository's support cases from the palette (shown in Insights' Cases tab).
  registerCases(ctx);
  const viewedFiles = new ViewedFilesStore(context.workspaceState, session);
  context.subscriptions.push(viewedFiles);
  registerViewedFiles({ ...ctx, viewedFiles });
  const pulls = registerPulls({ ...ctx, refreshAll: (except) => refreshAll(except), viewedFiles });
  // Create Pull Request… without answers: a form.
  registerCreatePullForm(ctx);
  // One source of truth for review comments: a reply, edit or delete made in
  // the editor's threads or in a view shows in the others.
  const reviewStore = new PullReviewComments(session, () => offlineCopiesOf(context));
  // Start Review: comments written from then on wait as drafts until Submit Review.
  const pending = registerPendingReview({ ...ctx, reviewStore });
  // Offline as a state: one status bar item says a service is unreachable and
  // when it tries again; the views keep what they read meanwhile, and are read
  // again once when it answers. The periodic refresh waits for that answer.
  const reachability = new ReachabilityGate(session);
  // Comments written while the service does not answer wait, queued, and are posted when it does.
  const queued = registerQueuedComments({ ...ctx, onReturn: reachability.onDidReturn, afterPosted: () => refreshAll() });
  const drafts = withQueued(pending, queued.records);
  const reviewComments = registerReviewComments({ ...ctx, reviewStore, pending, queue: queued.add });
  const inlineComments = registerComments({ ...ctx, reviewStore, pending: drafts, queue: queued.add });
  registerSuggestions({ ...ctx, reviewStore });
  // @ and # completions, hovers and warnings in the comment boxes.
  registerLanguage({ ...ctx, reviewStore });
  // A pull request's overview page (a click on a pull request opens it).
  const overviews = registerPullOverview({ ...ctx, reviewStore, pending: drafts, queue: queued.add, viewedFiles });
  context.subscriptions.push(
    reviewStore,
    reviewStore.onDidChange(() => {
      pulls.refresh();
      reviewComments.refresh();
    }),
  );
  const detail: NodeTreeProvider[] = [pulls, reviewComments, registerReleases(ctx), registerRefs({ ...ctx, gitfs })];
  // `except`: a view that shows the change itself (from the write's answer) and reads its list again.
  const refreshAll = (except?: NodeTreeProvider) => {
    repositories.refresh();
    for (const p of detail) if (p !== except) p.refresh();
    void inlineComments.refresh();
    overviews.refresh();
  };

  // A commit, tag or new repository made from the workspace shows in Git Refs and Repositories.
  registerCommit({ ...ctx, onCommitted: refreshAll });

  context.subscriptions.push(
    reachability,
    reachability.onDidReturn(() => refreshAll()),
  );
  let timer: ReturnType<typeof setInterval> | undefined;
  const backgroundRefresh = () => {
    if (session.signedIn && !reachability.unreachable()) refreshAll();
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
        : undefined,
    ),
    vscode.commands.registerCommand('repodesk.retry', (node?: ErrorNode) => (node instanceof ErrorNode ? node.runRetry() : undefined)),
  );
  // Test seams: their code loads only in a test run (activation waits for them then), not at activation.
  let testSeams: Promise<void> | undefined;
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    const sources: Record<string, NodeTreeProvider> = { 'repodesk.repositories': repositories };
    for (const p of detail) sources[p.viewId] = p;
    const views = import('./features/shared/testing/viewTestSeams.js').then((m) =>
      m.registerViewTestSeams(context, sources, active, backgroundRefresh, reachability),
    );
    testSeams = Promise.all([views, overviews.testSeams]).then(() => undefined);
  }
  const firstRows = new Promise<void>((resolve) => {
    const asked = repositories.onWillProvideRoots(() => {
      markStart('asked');
      asked.dispose();
    });
    const rows = repositories.onDidProvideRoots((count) => {
      if (count === 0) return;
      markStart('rows');
      rows.dispose();
    });
    const children = repositories.onDidProvideChildren(() => {
      markStart('children');
      children.dispose();
      resolve();
    });
    context.subscriptions.push(asked, rows, children);
  });
  return { viewIds: [...VIEW_IDS], active, selectedPull, refreshAll, firstRows, testSeams };
}
