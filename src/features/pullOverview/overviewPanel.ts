// One overview page: a pull request's header, counts, description,
// conversation, commits and files. The webview asks, this host answers (it
// alone holds the session). A refresh that finds nothing changed posts
// nothing, so the page (and a comment being written) stays as it is.
import * as vscode from 'vscode';
import type { HostToWebview, WebviewToHost } from './model/messages';
import type { AvatarCache } from '../../util/avatars';
import { errorText } from '../shared/failure';
import type { Logger } from '../shared/log/outputLog';
import type { PullReviewComments } from '../review/stores/pullReviewComments';
import type { HostingSession } from '../shared/session/hostingSession';
import type { HostedPanel } from '../shared/panels/webviewPanels';
import type { PullKeyParts } from './overviewLoader';
import { parseOverviewKey } from './overviewKey';
import type { PendingDrafts, QueueComment } from '../review/stores/pendingDrafts';
import type { ViewedFilesStore } from '../review/stores/viewedFilesStore';
import { PullOverviewPage } from './pullOverviewPage';
import { handleOverviewMessage } from './overviewMessages';

export interface OverviewDeps {
  session: HostingSession;
  store: PullReviewComments;
  /** The files marked viewed (the Files tab's progress); a mark reads the page again. */
  viewed?: ViewedFilesStore | undefined;
  avatars: AvatarCache;
  log: Logger;
  /** A page shown again reads again when what it shows was read longer ago than this (ms). */
  rereadShownAfterMs: () => number;
  /** The pending reviews (Start Review): the page lists their drafts and keeps new comments as drafts. */
  pending?: PendingDrafts;
  /** Keeps a comment the service did not answer for, to post once it does. */
  queue?: QueueComment;
  /** Told each time the page is shown again, with whether it reads again. */
  onShown?: (reread: boolean) => void;
}

/** What the registration drives: a reload (the views' refresh, a change made elsewhere). */
export interface OverviewPage extends vscode.Disposable {
  readonly key: PullKeyParts;
  reload(background: boolean): Promise<void>;
}

/**
 * Settles once the page has drawn what it first shows: it said 'ready' (its heading is painted before that) and it
 * has a model (given in its HTML, or posted) or a failure to show; or it closed.
 */
export function firstDrawn(hosted: HostedPanel<WebviewToHost, HostToWebview>): Promise<void> {
  return new Promise((resolve) => {
    let ready = false;
    let shown = hosted.given.some((m) => m.type === 'model');
    const subscriptions: vscode.Disposable[] = [];
    const check = () => {
      if (!ready || !shown) return;
      for (const s of subscriptions) s.dispose();
      resolve();
    };
    subscriptions.push(
      hosted.onMessage((m) => {
        ready ||= m.type === 'ready';
        check();
      }),
      hosted.onDidPost((m) => {
        shown ||= m.type === 'model' || m.type === 'failed';
        check();
      }),
      hosted.panel.onDidDispose(() => {
        for (const s of subscriptions) s.dispose();
        resolve();
      }),
    );
  });
}

export function startOverviewPanel(hosted: HostedPanel<WebviewToHost, HostToWebview>, deps: OverviewDeps): OverviewPage | undefined {
  const key = parseOverviewKey(hosted.key);
  if (!key) {
    hosted.panel.dispose();
    return undefined;
  }
  const page = new PullOverviewPage(hosted, deps, key);
  // The page's data is read while the webview boots (its 'ready' comes
  // hundreds of milliseconds later), not after.
  page.firstRead = page.reload(false);
  const subscriptions = vscode.Disposable.from(
    hosted.onMessage(
      (m) =>
        void handleOverviewMessage(page, m).catch((err: unknown) => {
          deps.log.error(`Pull overview ${m.type}`, err);
          void vscode.window.showErrorMessage(errorText(err));
        }),
    ),
    ...pageSubscriptions(page),
  );
  return {
    key,
    reload: (background) => page.reload(background),
    dispose: () => {
      page.disposed = true;
      subscriptions.dispose();
    },
  };
}

/** What reads the page again, or draws it again, besides its own messages. */
function pageSubscriptions(page: PullOverviewPage): vscode.Disposable[] {
  const { deps, hosted } = page;
  return [
    deps.session.onDidChange(() => void page.reload(false)),
    // The page stays drawn while hidden; shown again, it reads again in the
    // background once what it shows is older than a minute (a quick switch
    // between tabs costs nothing; the views' refresh keeps it current too).
    hosted.panel.onDidChangeViewState((e) => {
      if (!e.webviewPanel.visible) return;
      const reread = page.ready && Date.now() - page.readAt >= deps.rereadShownAfterMs();
      deps.onShown?.(reread);
      if (reread) void page.reload(true);
    }),
    // A review comment written in the editor or a view changes the conversation.
    deps.store.onDidChange((changed) => {
      if (!changed || page.isThis(changed)) void page.reload(true);
    }),
    // The pending review's drafts are drawn from what the host holds: no read.
    ...(deps.pending
      ? [
          deps.pending.onDidChange((changed) => {
            if (page.ready && (!changed || page.isThis(changed))) page.postModel();
          }),
        ]
      : []),
    // A file marked viewed changes the Files tab's progress.
    ...(deps.viewed
      ? [
          deps.viewed.onDidChange((changed) => {
            if (changed && page.isThis(changed)) void page.reload(true);
          }),
        ]
      : []),
  ];
}
