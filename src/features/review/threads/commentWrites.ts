// The inline threads' writes: a new comment or a reply (a draft of the
// pending review when one is started), an edit saved, a comment deleted.
// A failed write keeps the typed text in the thread and says why.
import * as vscode from 'vscode';
import { NotFoundError } from '../../../hosting';
import { mapPositions, positionOfLine } from '../../../reviewing/diffPosition';
import { errorText } from '../../shared/failure';
import type { PullReviewComments } from '../stores/pullReviewComments';
import type { PendingDrafts, PendingTarget, QueueComment } from '../stores/pendingDrafts';
import { isUnreachable } from '../../shared/tree/offlineRows';
import { ReplyTargetGoneError, replyTo } from '../stores/replyTo';
import type { InlineThreads, ThreadEntry } from './inlineThreads';
import { offerGoneReply } from './replyGoneOffer';
import { ReviewCommentItem } from './reviewCommentItem';

/** What the writes go through: the threads drawn, the shared store, the pending reviews, and the queue of comments the service did not answer for. */
export interface CommentWriter {
  inline: InlineThreads;
  store: PullReviewComments;
  pending?: PendingDrafts;
  queue?: QueueComment;
}

/**
 * Sends the typed text; on failure keeps it in the thread as a draft and says why.
 * `toReview`: the button said Add to Review, so the text is never posted at once.
 * When the service does not answer, the comment is queued instead: drawn as
 * such, posted once it answers (src/features/review/queuedComments).
 */
export async function sendComment(w: CommentWriter, thread: vscode.CommentThread, text: string, draft?: ReviewCommentItem, toReview = false): Promise<boolean> {
  const entry = await w.inline.entryOf(thread);
  if (!entry) {
    void vscode.window.showErrorMessage(vscode.l10n.t('This document is not part of a pull request RepoDesk knows.'));
    return false;
  }
  let target: PendingTarget | undefined;
  try {
    target = targetOf(entry);
    const t = target;
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Sending review comment…') }, () =>
      createComment(w, entry, text, t, toReview),
    );
  } catch (err) {
    const queued =
      target && w.queue && isUnreachable(err)
        ? await w.queue(entry.place.pull, text, target).then(
            () => true,
            () => false,
          )
        : false;
    if (!queued) {
      if (err instanceof ReplyTargetGoneError) offerGoneReply(err, entry, text, (e, body) => createComment(w, e, body, targetOf(e), false));
      else void vscode.window.showErrorMessage(vscode.l10n.t('Could not send the comment: {0}', errorText(err)));
      if (draft) draft.body = text;
      else thread.comments = [...thread.comments, new ReviewCommentItem(() => thread, undefined, true, undefined, false, text)];
      return false;
    }
  }
  if (entry.kind === 'new') thread.dispose();
  else if (draft) thread.comments = thread.comments.filter((c) => c !== draft);
  return true;
}

/** Where the comment goes: a reply to the thread's root, or a new thread on its line of the diff. */
function targetOf(entry: ThreadEntry): PendingTarget {
  const { place } = entry;
  if (entry.rootId !== undefined) return { kind: 'reply', inReplyTo: entry.rootId, path: place.path };
  const position = place.file && entry.line !== undefined ? positionOfLine(mapPositions(place.file.patch), place.side, entry.line) : undefined;
  if (!place.current || position === undefined || entry.line === undefined)
    throw new Error(vscode.l10n.t('Line {0} of {1} is not part of the pull request’s diff.', entry.line ?? '?', place.path));
  // The line's text, to find it again should the head move before a review is submitted.
  const lineText = vscode.workspace.textDocuments.find((d) => d.uri.toString() === entry.thread.uri.toString())?.lineAt(entry.line - 1).text;
  return {
    kind: 'line',
    path: place.path,
    position,
    commitId: place.head.sha,
    side: place.side,
    line: entry.line,
    ...(lineText !== undefined ? { lineText } : {}),
  };
}

async function createComment(w: CommentWriter, entry: ThreadEntry, body: string, target: PendingTarget, toReview: boolean) {
  const { place } = entry;
  // A pending review keeps the comment as a draft (posted by Submit Review).
  const review = w.pending?.isActive(place.pull) ? w.pending : undefined;
  // Add to Review on a pull request without one (a review pending on another): nothing is posted.
  if (toReview && !review)
    throw new Error(
      vscode.l10n.t('No review is pending on {0}/{1}#{2}: choose Start Review on it first.', place.pull.owner, place.pull.repo, place.pull.number),
    );
  if (review) return review.add(place.pull, body, target);
  if (target.kind === 'reply') return replyTo(w.store, place.pull, target.inReplyTo, body);
  if (target.kind === 'line') return w.store.create(place.pull, { body, commit_id: target.commitId, path: target.path, position: target.position });
  throw new Error(`A review comment cannot go to ${target.kind}.`);
}

/** Save: an edited comment's text sent (a draft, such as a suggestion or text kept after a failure, is sent as new; with `toReview`, added to the pending review). */
export async function saveComment(w: CommentWriter, item: ReviewCommentItem, toReview = false): Promise<boolean> {
  const text = item.text;
  if (!text.trim()) {
    void vscode.window.showWarningMessage(vscode.l10n.t('The comment cannot be empty.'));
    return false;
  }
  if (!item.comment) return sendComment(w, item.parent, text, item, toReview);
  const entry = await w.inline.entryOf(item.parent);
  if (!entry) return false;
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Saving review comment…') }, () =>
      w.store.update(entry.place.pull, item.comment!.id, text),
    );
    item.mode = vscode.CommentMode.Preview;
    return true;
  } catch (err) {
    // Stays in editing mode with the typed text.
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not edit the comment: {0}', errorText(err)));
    return false;
  }
}

/** Delete: one's own comment, once confirmed (the caller checked it has one). */
export async function deleteComment(w: CommentWriter, item: ReviewCommentItem, confirmed?: boolean): Promise<boolean> {
  const yes = vscode.l10n.t('Delete');
  if (
    confirmed !== true &&
    (await vscode.window.showWarningMessage(vscode.l10n.t('Delete this comment?'), { modal: true, detail: item.comment!.body ?? '' }, yes)) !== yes
  )
    return false;
  const entry = await w.inline.entryOf(item.parent);
  if (!entry) return false;
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Deleting review comment…') }, () =>
      w.store.delete(entry.place.pull, item.comment!.id),
    );
    return true;
  } catch (err) {
    void vscode.window.showErrorMessage(
      err instanceof NotFoundError
        ? vscode.l10n.t('This comment no longer exists: it was deleted elsewhere. The threads are read again.')
        : vscode.l10n.t('Could not delete the comment: {0}', errorText(err)),
    );
    return false;
  }
}
