// A reply to a review comment, through the shared store. The comment may
// have been deleted on the service while the user wrote (another window, a
// colleague): the service answers 404, or 422 on `in_reply_to`
// (docs/service-api/hosting/pulls.md §8: a reply names the comment answered).
// That failure is told apart, so that the writer can say so plainly and
// keep the reply's text, and every reader reads the threads again.
import * as vscode from 'vscode';
import { NotFoundError, ValidationFailedError, type ReviewComment } from '../../../hosting';
import { errorText } from '../../shared/failure';
import type { PullKey, PullReviewComments } from './pullReviewComments';

/** The comment replied to is gone from the service; `message` says so, then the service's own words. */
export class ReplyTargetGoneError extends Error {
  constructor(
    readonly inReplyTo: number,
    readonly serviceText: string,
  ) {
    super(`${vscode.l10n.t('The comment you replied to was deleted on the service')} (${serviceText})`);
    this.name = 'ReplyTargetGoneError';
  }
}

/** Whether a failed reply's answer says the comment it answers is no longer there. */
function isReplyTargetGone(err: unknown): boolean {
  return err instanceof NotFoundError || (err instanceof ValidationFailedError && err.errors.some((e) => e.field === 'in_reply_to'));
}

/** Posts `body` as a reply to `inReplyTo`; a comment gone from the service throws ReplyTargetGoneError, the threads read again. */
export async function replyTo(store: PullReviewComments, pull: PullKey, inReplyTo: number, body: string): Promise<ReviewComment> {
  try {
    return await store.create(pull, { body, in_reply_to: inReplyTo });
  } catch (err) {
    if (!isReplyTargetGone(err)) throw err;
    // The thread as the service has it now (without the deleted comment).
    store.fireChanged(pull);
    throw new ReplyTargetGoneError(inReplyTo, errorText(err));
  }
}

/** Says the replied-to comment is gone and offers the reply's text to copy (where no line is there to post it on anew). */
export function offerReplyCopy(err: ReplyTargetGoneError, text: string): void {
  const copy = vscode.l10n.t('Copy Reply');
  void vscode.window
    .showErrorMessage(`${err.message}. ${vscode.l10n.t('Your reply was not sent; copy its text to post it elsewhere.')}`, copy)
    .then((picked) => (picked === copy ? vscode.env.clipboard.writeText(text) : undefined));
}
