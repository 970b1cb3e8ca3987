// One overview page: a pull request's header, counts, description,
// conversation, commits and files. The webview asks, this host answers (it
// alone holds the session). A refresh that finds nothing changed posts
// nothing, so the page (and a comment being written) stays as it is.
import { LOCAL_FILES } from '../../platform/host';
import * as vscode from 'vscode';
import type { HostToWebview, PullAction, WebviewToHost } from './model/messages';
import type { AvatarCache } from '../../util/avatars';
import { errorText } from '../shared/failure';
import { openDiff } from '../shared/gitfs/openDiff';
import type { Logger } from '../shared/log/outputLog';
import type { PullReviewComments } from '../review/stores/pullReviewComments';
import type { HostingSession } from '../shared/session/hostingSession';
import { CommentNode } from '../shared/tree/reviewThreadNodes';
import type { HostedPanel } from '../shared/panels/webviewPanels';
import { pickCommitFile } from './commitFilesPick';
import { loadPage, OVERVIEW_PAGE, type LoadedPage, type PullKeyParts, type Shown } from './overviewLoader';
import { parseOverviewKey } from './overviewKey';
import { overviewStrings } from './overviewStrings';
import type { PendingDrafts } from '../review/stores/pendingDrafts';
import { withPending } from './model/pendingItems';
import type { ViewedFilesStore } from '../review/stores/viewedFilesStore';

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
  /** Told each time the page is shown again, with whether it reads again. */
  onShown?: (reread: boolean) => void;
}

/** What the registration drives: a reload (the views' refresh, a change made elsewhere). */
export interface OverviewPage extends vscode.Disposable {
  readonly key: PullKeyParts;
  reload(background: boolean): Promise<void>;
}

export function startOverviewPanel(hosted: HostedPanel<WebviewToHost, HostToWebview>, deps: OverviewDeps): OverviewPage | undefined {
  const key = parseOverviewKey(hosted.key);
  if (!key) {
    hosted.panel.dispose();
    return undefined;
  }
  const { owner, repo, number } = key;
  const { session, log } = deps;
  // The page reads and writes with the account it was opened under, also after a switch of the one in use;
  // so do the diffs it opens and their threads (with one account there is no other: their URIs name none).
  const accountId = session.account?.id;
  const clientNow = () => (accountId === undefined ? session.client : session.clientFor(accountId));
  const loginNow = () => session.accounts.find((a) => a.id === accountId)?.login ?? session.login;
  // Its pending review is that account's too: drafts written here stay under it after a switch.
  const pendingKey = { owner, repo, number, accountId: session.accounts.length > 1 ? accountId : undefined };
  hosted.panel.title = vscode.l10n.t('Pull Request #{0}', number);
  let disposed = false;
  let loaded: LoadedPage | undefined;
  let postedJson = '';
  let loading: Promise<void> | undefined;
  let ready = false;
  let readAt = 0;
  // The rows of the Commits and Files tabs and of the conversation shown: a page at first, one more a Load more.
  const shown: Shown = { commits: OVERVIEW_PAGE, files: OVERVIEW_PAGE, conversation: OVERVIEW_PAGE };
  // When each step of the page's opening happened (epoch ms), logged once at debug for
  // the overview benchmark (test/bench/pull-overview.mjs), which reads it.
  const opening: Record<'panel' | 'read' | 'ready' | 'posted', number | undefined> = {
    panel: Date.now(),
    read: undefined,
    ready: undefined,
    posted: undefined,
  };
  const openingLogged = () => {
    if (opening.posted !== undefined) return;
    opening.posted = Date.now();
    log.debug(
      `Pull overview #${number} opening (epoch ms): ${Object.entries(opening)
        .map(([k, v]) => `${k}=${v ?? '-'}`)
        .join(' ')}`,
    );
  };
  // What the page was given in its HTML (the last page shown of this pull request): drawn already, so
  // posted again only once it changed.
  const given = hosted.given.find((m) => m.type === 'model');
  if (given) {
    postedJson = JSON.stringify(given.model);
    hosted.panel.title = `#${number} ${given.model.title}`;
    // As many rows as it showed (the user's Load mores): what is read now is that page again.
    for (const list of ['commits', 'files', 'conversation'] as const) shown[list] = Math.max(OVERVIEW_PAGE, given.model[list].rows.length);
  }
  const post = (m: HostToWebview) => {
    if (!disposed) void hosted.post(m).catch((err: unknown) => log.debug(`Pull overview post: ${String(err)}`));
  };

  const load = async (background: boolean): Promise<void> => {
    const client = clientNow();
    if (!client) return post({ type: 'failed', message: vscode.l10n.t('Sign in to RepoDesk first.') });
    try {
      const page = await loadPage(
        client,
        deps.store,
        key,
        loginNow(),
        deps.avatars,
        background,
        { viewed: deps.viewed?.get(key), suggestionLabel: vscode.l10n.t('Suggested change') },
        { ...shown },
        // The first read only: a page drawn already is not drawn again without its conversation.
        loaded
          ? undefined
          : (early) => {
              if (disposed || loaded) return;
              loaded = early;
              hosted.panel.title = `#${number} ${early.model.title}`;
              if (ready) postModel();
            },
      );
      if (disposed) return;
      loaded = page;
      opening.read ??= Date.now();
      readAt = Date.now();
      hosted.panel.title = `#${number} ${page.model.title}`;
      // Before the webview is ready it would not get the message: 'ready' posts it.
      if (!ready) return;
      postModel();
    } catch (err) {
      if (ready) post({ type: 'failed', message: errorText(err) });
    }
  };
  /** The page model with the pending review's drafts; posted only when it changed. */
  const modelNow = () =>
    loaded ? withPending(loaded.model, loaded.pull.head.sha, deps.pending?.isActive(pendingKey) ? deps.pending.drafts(pendingKey) : undefined) : undefined;
  function postModel(): void {
    const model = modelNow();
    if (!model) return;
    const json = JSON.stringify(model);
    if (json === postedJson) return;
    postedJson = json;
    post({ type: 'model', model });
  }
  /** One load at a time; a reload asked meanwhile waits for it and runs after. */
  const reload = async (background: boolean): Promise<void> => {
    while (loading) await loading;
    loading = load(background).finally(() => (loading = undefined));
    return loading;
  };

  const comment = async (request: number, what: string, run: () => Promise<unknown>) => {
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: what }, run);
      post({ type: 'commentDone', request, ok: true });
      await reload(false);
    } catch (err) {
      post({ type: 'commentDone', request, ok: false, message: errorText(err) });
    }
  };

  const act = async (action: PullAction) => {
    if (action === 'openInBrowser') {
      if (loaded) await vscode.env.openExternal(vscode.Uri.parse(loaded.pull.html_url, true));
      return;
    }
    // The pull requests feature's commands, which take a pull request as a plain object too.
    await vscode.commands.executeCommand(`repodesk.pulls.${action}`, { owner, repo, number });
    await reload(false);
  };

  const handle = async (m: WebviewToHost): Promise<void> => {
    const client = clientNow();
    switch (m.type) {
      case 'ready': {
        ready = true;
        opening.ready ??= Date.now();
        post({ type: 'init', strings: overviewStrings(), locale: vscode.env.language, localFiles: LOCAL_FILES });
        // The first read started with the panel, while the webview was
        // booting: draw it as soon as it is there, without reading again.
        const first = firstRead;
        firstRead = undefined;
        if (first) {
          // What was read by now (the page without its conversation) is drawn at once, the rest when read.
          if (loaded) {
            if (!given) postedJson = '';
            postModel();
          } else if (!given) post({ type: 'loading' });
          await first;
          if (loaded) {
            postModel();
            return openingLogged();
          }
        }
        // A page shown again (or restored) draws what was read at once, then reads again.
        if (loaded) post({ type: 'model', model: modelNow()! });
        else post({ type: 'loading' });
        return reload(loaded !== undefined);
      }
      case 'refresh':
        return reload(false);
      case 'loadMore': {
        if (m.list === 'conversation') {
          // Once per press: a second ask while it is read adds nothing.
          const conversation = loaded?.model.conversation;
          if (!conversation?.hidden || shown.conversation > conversation.rows.length) return;
          shown.conversation = conversation.rows.length + OVERVIEW_PAGE;
          return reload(true);
        }
        // Once per page: a second ask while it is read (a scroll and a click) adds nothing.
        const list = loaded?.model[m.list];
        if (!list?.more || shown[m.list] > list.rows.length) return;
        shown[m.list] = list.rows.length + OVERVIEW_PAGE;
        return reload(true);
      }
      case 'action':
        return act(m.action);
      case 'openFile': {
        if (!loaded) return;
        const file = loaded.model.files.rows.find((f) => f.path === m.path);
        await openDiff({
          owner,
          repo,
          baseSha: loaded.pull.base.sha,
          headSha: loaded.pull.head.sha,
          path: m.path,
          status: file?.status,
          number,
          accountId: session.accounts.length > 1 ? accountId : undefined,
        });
        return;
      }
      case 'openCommit':
        if (client) await pickCommitFile(client, owner, repo, m.sha);
        return;
      case 'openThread': {
        const root = loaded?.reviewComments.find((c) => c.id === m.id);
        // The Review Comments feature reveals a thread in its diff (the inline threads show there).
        if (root) await vscode.commands.executeCommand('repodesk.reviewComments.reveal', new CommentNode(root, { owner, repo, me: loginNow() }, undefined));
        return;
      }
      case 'review':
        // The pending review feature's commands, which take the pull request as a plain object.
        await vscode.commands.executeCommand(`repodesk.pendingReview.${m.action.replace('Review', '')}`, pendingKey);
        return;
      case 'addComment':
        if (!client) return post({ type: 'commentDone', request: m.request, ok: false, message: vscode.l10n.t('Sign in to RepoDesk first.') });
        // A pending review keeps it as a draft, posted with the review.
        if (deps.pending?.isActive(pendingKey))
          return comment(m.request, vscode.l10n.t('Keeping the comment as pending…'), () => deps.pending!.add(pendingKey, m.body, { kind: 'conversation' }));
        return comment(m.request, vscode.l10n.t('Sending comment…'), () => client.issueComments.create(owner, repo, number, m.body));
      case 'editComment':
        if (!client) return post({ type: 'commentDone', request: m.request, ok: false, message: vscode.l10n.t('Sign in to RepoDesk first.') });
        return comment(m.request, vscode.l10n.t('Saving comment…'), () => client.issueComments.update(owner, repo, m.id, m.body));
      case 'deleteComment': {
        if (!client) return post({ type: 'commentDone', request: m.request, ok: false, message: vscode.l10n.t('Sign in to RepoDesk first.') });
        const yes = vscode.l10n.t('Delete');
        const body = loaded?.model.conversation.rows.find((c) => c.kind === 'comment' && c.id === m.id);
        if (
          m.confirmed !== true &&
          (await vscode.window.showWarningMessage(
            vscode.l10n.t('Delete this comment?'),
            { modal: true, detail: body?.kind === 'comment' ? body.body : undefined },
            yes,
          )) !== yes
        ) {
          return post({ type: 'commentDone', request: m.request, ok: false });
        }
        return comment(m.request, vscode.l10n.t('Deleting comment…'), () => client.issueComments.delete(owner, repo, m.id));
      }
    }
  };

  // The page's data is read while the webview boots (its 'ready' comes
  // hundreds of milliseconds later), not after.
  let firstRead: Promise<void> | undefined = reload(false);
  const subscriptions = vscode.Disposable.from(
    hosted.onMessage(
      (m) =>
        void handle(m).catch((err: unknown) => {
          log.error(`Pull overview ${m.type}`, err);
          void vscode.window.showErrorMessage(errorText(err));
        }),
    ),
    session.onDidChange(() => void reload(false)),
    // The page stays drawn while hidden; shown again, it reads again in the
    // background once what it shows is older than a minute (a quick switch
    // between tabs costs nothing; the views' refresh keeps it current too).
    hosted.panel.onDidChangeViewState((e) => {
      if (!e.webviewPanel.visible) return;
      const reread = ready && Date.now() - readAt >= deps.rereadShownAfterMs();
      deps.onShown?.(reread);
      if (reread) void reload(true);
    }),
    // A review comment written in the editor or a view changes the conversation.
    deps.store.onDidChange((changed) => {
      if (!changed || (changed.owner === owner && changed.repo === repo && changed.number === number)) void reload(true);
    }),
    // The pending review's drafts are drawn from what the host holds: no read.
    ...(deps.pending
      ? [
          deps.pending.onDidChange((changed) => {
            if (ready && (!changed || (changed.owner === owner && changed.repo === repo && changed.number === number))) postModel();
          }),
        ]
      : []),
    // A file marked viewed changes the Files tab's progress.
    ...(deps.viewed
      ? [
          deps.viewed.onDidChange((changed) => {
            if (changed && changed.owner === owner && changed.repo === repo && changed.number === number) void reload(true);
          }),
        ]
      : []),
  );
  return {
    key,
    reload,
    dispose: () => {
      disposed = true;
      subscriptions.dispose();
    },
  };
}
