// The overview page's messages, answered: its first draw, Load more, the
// pull request's actions, opening files, commits and threads, the pending
// review, and the conversation's comments.
import { isUnreachable } from '../shared/tree/offlineRows';
import * as vscode from 'vscode';
import { LOCAL_FILES } from '../../platform/host';
import type { PullAction, ReviewAction, WebviewToHost } from './model/messages';
import { errorText } from '../shared/failure';
import { openDiff } from '../shared/gitfs/openDiff';
import { CommentNode } from '../shared/tree/reviewThreadNodes';
import { OVERVIEW_PAGE } from './overviewLoader';
import { overviewStrings } from './overviewStrings';
import type { PullOverviewPage } from './pullOverviewPage';

/** The pull requests feature's commands, which take a pull request as a plain object too ('openInBrowser' opens the page's own address). */
const PULL_COMMANDS: Record<Exclude<PullAction, 'openInBrowser'>, string> = {
  edit: 'repodesk.pulls.edit',
  close: 'repodesk.pulls.close',
  reopen: 'repodesk.pulls.reopen',
  merge: 'repodesk.pulls.merge',
  checkout: 'repodesk.pulls.checkout',
};

/** The pending review feature's commands, which take the pull request as a plain object. */
const REVIEW_COMMANDS: Record<ReviewAction, string> = {
  startReview: 'repodesk.pendingReview.start',
  submitReview: 'repodesk.pendingReview.submit',
  discardReview: 'repodesk.pendingReview.discard',
};

type Message<T extends WebviewToHost['type']> = Extract<WebviewToHost, { type: T }>;

export async function handleOverviewMessage(page: PullOverviewPage, m: WebviewToHost): Promise<void> {
  switch (m.type) {
    case 'ready':
      return pageReady(page);
    case 'refresh':
      return page.reload(false);
    case 'loadMore':
      return loadMore(page, m.list);
    case 'action':
      return act(page, m.action);
    case 'openFile':
      return openFile(page, m.path);
    case 'openCommit': {
      const client = page.clientNow();
      // Loaded on use (shared with the Pull Requests view's commit rows).
      if (client) await (await import('../shared/gitfs/commitFilesPick.js')).pickCommitFile(client, page.owner, page.repo, m.sha);
      return;
    }
    case 'openThread':
      return openThread(page, m.id);
    case 'review':
      await vscode.commands.executeCommand(REVIEW_COMMANDS[m.action], page.pendingKey);
      return;
    case 'addComment':
      return addComment(page, m);
    case 'editComment':
      return editComment(page, m);
    case 'deleteComment':
      return deleteComment(page, m);
    case 'drawing':
      // Kept for the next page by the registration (registerPullOverview.ts).
      return;
  }
}

async function pageReady(page: PullOverviewPage): Promise<void> {
  page.ready = true;
  page.opening.ready ??= Date.now();
  page.post({ type: 'init', strings: overviewStrings(), locale: vscode.env.language, localFiles: LOCAL_FILES });
  // The first read started with the panel, while the webview was
  // booting: draw it as soon as it is there, without reading again.
  const first = page.firstRead;
  page.firstRead = undefined;
  if (first) {
    // What was read by now (the page without its conversation) is drawn at once, the rest when read.
    if (page.loaded) {
      if (!page.given) page.postedJson = '';
      page.postModel();
    } else if (!page.given) page.post({ type: 'loading' });
    await first;
    if (page.loaded) {
      page.postModel();
      return page.openingLogged();
    }
  }
  // A page shown again (or restored) draws what was read at once, then reads again.
  if (page.loaded) page.post({ type: 'model', model: page.modelNow()! });
  else page.post({ type: 'loading' });
  return page.reload(page.loaded !== undefined);
}

async function loadMore(page: PullOverviewPage, which: Message<'loadMore'>['list']): Promise<void> {
  const { loaded, shown } = page;
  if (which === 'conversation') {
    // Once per press: a second ask while it is read adds nothing.
    const conversation = loaded?.model.conversation;
    if (!conversation?.hidden || shown.conversation > conversation.rows.length) return;
    shown.conversation = conversation.rows.length + OVERVIEW_PAGE;
    return page.reload(true);
  }
  // Once per page: a second ask while it is read (a scroll and a click) adds nothing.
  const list = loaded?.model[which];
  if (!list?.more || shown[which] > list.rows.length) return;
  shown[which] = list.rows.length + OVERVIEW_PAGE;
  return page.reload(true);
}

async function act(page: PullOverviewPage, action: PullAction): Promise<void> {
  if (action === 'openInBrowser') {
    if (page.loaded) await vscode.env.openExternal(vscode.Uri.parse(page.loaded.pull.html_url, true));
    return;
  }
  await vscode.commands.executeCommand(PULL_COMMANDS[action], { owner: page.owner, repo: page.repo, number: page.number });
  await page.reload(false);
}

async function openFile(page: PullOverviewPage, path: string): Promise<void> {
  const { loaded } = page;
  if (!loaded) return;
  const file = loaded.model.files.rows.find((f) => f.path === path);
  await openDiff({
    owner: page.owner,
    repo: page.repo,
    baseSha: loaded.pull.base.sha,
    headSha: loaded.pull.head.sha,
    path,
    status: file?.status,
    number: page.number,
    accountId: page.deps.session.accounts.length > 1 ? page.accountId : undefined,
  });
}

async function openThread(page: PullOverviewPage, id: number): Promise<void> {
  const root = page.loaded?.reviewComments.find((c) => c.id === id);
  // The Review Comments feature reveals a thread in its diff (the inline threads show there).
  if (root)
    await vscode.commands.executeCommand(
      'repodesk.reviewComments.reveal',
      new CommentNode(root, { owner: page.owner, repo: page.repo, me: page.loginNow() }, undefined),
    );
}

function signInFirst(page: PullOverviewPage, request: number): void {
  page.post({ type: 'commentDone', request, ok: false, message: vscode.l10n.t('Sign in to RepoDesk first.') });
}

async function addComment(page: PullOverviewPage, m: Message<'addComment'>): Promise<void> {
  const client = page.clientNow();
  if (!client) return signInFirst(page, m.request);
  const { pending } = page.deps;
  // A pending review keeps it as a draft, posted with the review.
  if (pending?.isActive(page.pendingKey))
    return comment(page, m.request, vscode.l10n.t('Keeping the comment as pending…'), () => pending.add(page.pendingKey, m.body, { kind: 'conversation' }));
  // No answer from the service: queued, posted once it answers (src/features/review/queuedComments).
  const { queue } = page.deps;
  let queued = false;
  return comment(
    page,
    m.request,
    vscode.l10n.t('Sending comment…'),
    () =>
      client.issueComments.create(page.owner, page.repo, page.number, m.body).catch(async (err: unknown) => {
        if (!queue || !isUnreachable(err)) throw err;
        await queue(page.pendingKey, m.body, { kind: 'conversation' });
        queued = true;
      }),
    // Queued: the page draws it from the queue; a read would only fail too.
    () => !queued,
  );
}

async function editComment(page: PullOverviewPage, m: Message<'editComment'>): Promise<void> {
  const client = page.clientNow();
  if (!client) return signInFirst(page, m.request);
  return comment(page, m.request, vscode.l10n.t('Saving comment…'), () => client.issueComments.update(page.owner, page.repo, m.id, m.body));
}

async function deleteComment(page: PullOverviewPage, m: Message<'deleteComment'>): Promise<void> {
  const client = page.clientNow();
  if (!client) return signInFirst(page, m.request);
  const yes = vscode.l10n.t('Delete');
  const body = page.loaded?.model.conversation.rows.find((c) => c.kind === 'comment' && c.id === m.id);
  if (
    m.confirmed !== true &&
    (await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete this comment?'),
      { modal: true, detail: body?.kind === 'comment' ? body.body : undefined },
      yes,
    )) !== yes
  ) {
    return page.post({ type: 'commentDone', request: m.request, ok: false });
  }
  return comment(page, m.request, vscode.l10n.t('Deleting comment…'), () => client.issueComments.delete(page.owner, page.repo, m.id));
}

/** A change to the conversation, under a progress; the page is told how it went, then reads again. */
async function comment(page: PullOverviewPage, request: number, what: string, run: () => Promise<unknown>, readAgain = () => true): Promise<void> {
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: what }, run);
    page.post({ type: 'commentDone', request, ok: true });
    if (readAgain()) await page.reload(false);
  } catch (err) {
    page.post({ type: 'commentDone', request, ok: false, message: errorText(err) });
  }
}
