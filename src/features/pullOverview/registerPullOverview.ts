// A pull request's overview page: "repodesk.pulls.openOverview" (a click on
// a pull request in the Pull Requests view, or the palette) opens one panel
// per pull request, restored after a window reload.
import * as vscode from 'vscode';
import type { HostToWebview, WebviewToHost } from './model/messages';
import { AvatarCache } from '../../util/avatars';
import { givenAnswers } from '../shared/commandArgs';
import type { ViewedFilesStore } from '../review/stores/viewedFilesStore';
import type { PullReviewComments } from '../review/stores/pullReviewComments';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { WebviewPanels } from '../shared/panels/webviewPanels';
import type { KeptPages } from './keptPages';
import type { PullKeyParts } from './overviewLoader';
import { overviewKey } from './overviewKey';
import type { OverviewPage } from './overviewPanel';
import type { WatchPage } from './overviewTestSeams';
import type { PendingDrafts, QueueComment } from '../review/stores/pendingDrafts';
import type { FeatureContext } from '../shared/featureContext';
import type { HostingSession } from '../shared/session/hostingSession';

const PULL_OVERVIEW_VIEW_TYPE = 'repodesk.pullOverview';

/** The overview's waits (tests set them through its seams). */
export interface OverviewTiming {
  /** How old a page's reading may be when it is shown again before it reads again. */
  rereadShownAfterMs: number;
  /** How long a click waits for its page's file when the kept pages are not read yet. */
  keptPageWaitMs: number;
}

export interface PullOverviews {
  /** Reads every open page again (conditional requests: free when nothing changed). */
  refresh(): void;
  /** Under tests only: settles when the overview's test seams are registered. */
  testSeams: Promise<void> | undefined;
}

/**
 * What the command was given: { owner, repo, number }, a pull request row (by shape), { link } (a vscode:// link or
 * any text "Open Pull Request…" takes), or nothing (asks for a number, owner/repo#N or a URL).
 */
async function targetOf(arg: unknown, active: ActiveRepository, session: HostingSession): Promise<PullKeyParts | undefined> {
  const given = arg as { owner?: unknown; repo?: unknown; number?: unknown; pull?: { number?: unknown }; link?: unknown } | undefined;
  const number = givenAnswers(arg) ? given?.number : given?.pull?.number;
  if (typeof given?.owner === 'string' && typeof given.repo === 'string' && typeof number === 'number') return { owner: given.owner, repo: given.repo, number };
  // A link or the palette: that code loads then, not at activation.
  return (await import('./askPullLink.js')).pullOfLink(given?.link, active.value, session);
}

/** How long after start-up the page's writer is read: past the views' first rows, before a person's first click. */
const PREPARE_PAGE_AFTER_MS = 2_000;
/**
 * How long a click on a pull request waits for its page as last drawn to be read from disk when the kept pages are
 * not read yet: the drawing at first paint saves a large page ~100–200 ms (docs/BENCHMARKS.md); a slow disk costs no more.
 */
const KEPT_PAGE_READ_WAIT_MS = 150;

/** Resolves after `ms`, or once `task` has settled if sooner. */
function forAMoment(ms: number, task: Promise<unknown>): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void task
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

export function registerPullOverview({
  extension: context,
  log,
  session,
  active,
  selectedPull,
  reviewStore: store,
  pending,
  queue,
  viewedFiles: viewed,
}: Pick<FeatureContext, 'extension' | 'log' | 'session' | 'active' | 'selectedPull'> & {
  reviewStore: PullReviewComments;
  pending?: PendingDrafts;
  queue?: QueueComment;
  viewedFiles?: ViewedFilesStore;
}): PullOverviews {
  const avatars = new AvatarCache();
  const pages = new Set<OverviewPage>();
  // Under tests: the seams (loaded then) watch each page as it starts.
  let watchForTests: WatchPage | undefined;
  // How old a shown page's reading may be before it reads again, and how long a click waits for its page's file when
  // the kept pages are not read yet (tests set both).
  const timing: OverviewTiming = { rereadShownAfterMs: 60_000, keptPageWaitMs: KEPT_PAGE_READ_WAIT_MS };
  // The last page shown of each pull request, for a page opened again (keptPages.ts), with those kept on disk: read
  // with what writes a page, a moment after start-up, or with the first page's code.
  let kept: KeptPages | undefined;
  let keptRead: Promise<KeptPages> | undefined;
  const keptPages = () => (keptRead ??= import('./keptPageFiles.js').then((m) => (kept = m.openKeptPages(context, session, log))));
  // A new page's own kept page, read from disk if need be (a click before they are all read), for at most a moment.
  const keptPageRead = (key: string) =>
    forAMoment(
      timing.keptPageWaitMs,
      keptPages().then((k) => k.read(key)),
    );
  // The panels started (opened, or restored and shown): a tab that is none of them was restored and not yet shown.
  const started = new Set<vscode.WebviewPanel>();
  let onStarted: ((key: string) => void) | undefined;
  // A page a click made: told when it has drawn what it first shows (its click's selection follows then).
  const drawn = new WeakMap<vscode.WebviewPanel, () => void>();
  const panels = new WebviewPanels<WebviewToHost, HostToWebview>(
    context,
    log,
    {
      viewType: PULL_OVERVIEW_VIEW_TYPE,
      script: 'pullOverview.js',
      styles: ['codicon.css'],
      inlineStyles: ['pullOverview.css'],
      icon: {
        light: vscode.Uri.joinPath(context.extensionUri, 'media', 'pull-request-light.svg'),
        dark: vscode.Uri.joinPath(context.extensionUri, 'media', 'pull-request-dark.svg'),
      },
      messages: () => import('./model/messages.js').then((m) => ({ incoming: m.webviewToHost, outgoing: m.hostToWebview })),
      // A page shown again (a click on its pull request, its tab) is kept
      // drawn rather than rebuilt: rebuilding 300 comments and 250 commits
      // cost the workbench ~50 ms of the click, and its six reads over again.
      retainContextWhenHidden: true,
      firstMessages: (key) => kept?.firstMessages(key),
      firstDrawing: (key) => kept?.firstDrawing(key),
    },
    // The page's code loads with the first page, not at activation.
    async (hosted) => {
      started.add(hosted.panel);
      hosted.panel.onDidDispose(() => started.delete(hosted.panel));
      onStarted?.(hosted.key);
      const [{ startOverviewPanel, firstDrawn }, keeping] = await Promise.all([import('./overviewPanel.js'), keptPages()]);
      const told = drawn.get(hosted.panel);
      if (told) void firstDrawn(hosted).then(told);
      keeping.keep(hosted);
      const page = startOverviewPanel(hosted, {
        session,
        store,
        viewed,
        avatars,
        log,
        rereadShownAfterMs: () => timing.rereadShownAfterMs,
        ...(pending ? { pending } : {}),
        ...(queue ? { queue } : {}),
        ...watchForTests?.(hosted),
      });
      if (!page) return new vscode.Disposable(() => undefined);
      pages.add(page);
      return new vscode.Disposable(() => {
        pages.delete(page);
        page.dispose();
      });
    },
  );
  // What writes a page is read a moment after start-up rather than at the first click, which then has its page at
  // once, as VS Code makes its frame (cold, the page waited ~90 ms for that chunk and its stylesheet after the panel).
  const prepared = setTimeout(() => {
    void panels.prepare().catch(() => undefined);
    void keptPages();
  }, PREPARE_PAGE_AFTER_MS);
  context.subscriptions.push(
    { dispose: () => clearTimeout(prepared) },
    panels,
    session.onDidSignOutAccount((account) => void keptPages().then((k) => k.forgetAccount(account))),
    vscode.commands.registerCommand('repodesk.pulls.openOverview', async (arg?: unknown) => {
      // The tab in front at the click: a restored page is not brought over one the person went to meanwhile.
      const frontAtClick = vscode.window.tabGroups.activeTabGroup.activeTab;
      const target = await targetOf(arg, active, session);
      if (!target) return undefined;
      const key = overviewKey(target);
      // A click on the pull request's row keeps the focus in the view, as a
      // single click in VS Code's Explorer does: the arrow keys go on through
      // the list, and the workbench does not move the focus while it draws
      // the page and the selection's Review Comments.
      const fromView = givenAnswers<{ preserveFocus?: unknown }>(arg)?.preserveFocus === true;
      const title = vscode.l10n.t('Pull Request #{0}', target.number);
      // After a window reload its page may be a restored tab not yet shown: that one is shown and started, not a second.
      // No overview tab beyond the pages started is the common case: the page is made without loading that code, which
      // cold cost the click a chunk's load before the panel was created.
      const overviewTabs = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(PULL_OVERVIEW_VIEW_TYPE)).length;
      const restored =
        panels.get(key) || overviewTabs <= started.size
          ? 'none'
          : await (
              await import('./restoredOverview.js')
            ).showRestored(
              PULL_OVERVIEW_VIEW_TYPE,
              target.number,
              title,
              fromView,
              started,
              () => panels.get(key),
              (listener) => (onStarted = listener),
              frontAtClick,
              (line) => log.info(`Pull request overview ${line}`),
            );
      // Shown, then left for another tab while it started: the person's choice of tab stands. Shown and started,
      // it is in front already: revealed again, it came back over a tab the person chose just after.
      if (restored === 'none' || (restored === 'shown' && !panels.get(key))) {
        // The row's title is the new page's heading while its script loads, and its tab's title from the start (the
        // page sets the same once read: a tab renamed while the page loads is drawn twice).
        const rowTitle = givenAnswers<{ title?: unknown }>(arg)?.title;
        const heading = typeof rowTitle === 'string' ? { title: rowTitle, detail: `#${target.number}` } : undefined;
        const tabTitle = typeof rowTitle === 'string' ? `#${target.number} ${rowTitle}` : title;
        if (!panels.get(key)) await keptPageRead(key);
        const { hosted, created } = panels.show(key, tabTitle, vscode.ViewColumn.Active, fromView, heading);
        // The click's selection (Review Comments, the threads) follows once this page has drawn, not beside it.
        if (created) selectedPull.holdFollowers(target, new Promise<void>((told) => drawn.set(hosted.panel, told)));
      }
      return key;
    }),
  );
  const testSeams =
    context.extensionMode === vscode.ExtensionMode.Test
      ? import('./overviewTestSeams.js').then((m) => {
          watchForTests = m.registerOverviewTestSeams(context, {
            kept: () => kept,
            keptPages,
            timing,
            forgetWindow: () => {
              kept = undefined;
              keptRead = undefined;
            },
            session,
            log,
            panels,
            pages,
          });
        })
      : undefined;
  return {
    refresh: () => {
      for (const p of pages) void p.reload(true);
    },
    testSeams,
  };
}
