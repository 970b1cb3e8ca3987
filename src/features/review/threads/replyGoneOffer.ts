// A reply whose comment was deleted on the service while it was written:
// the thread goes (read again without it), the reply's text does not. The
// message says what happened and offers the text to copy, or to post as a
// new comment on the same line.
import * as vscode from 'vscode';
import { errorText } from '../../shared/failure';
import type { ReplyTargetGoneError } from '../stores/replyTo';
import type { ThreadEntry } from './inlineThreads';

/** Says the replied-to comment is gone and acts on the answer (without holding the reply command). */
export function offerGoneReply(
  err: ReplyTargetGoneError,
  entry: ThreadEntry,
  text: string,
  postNew: (entry: ThreadEntry, text: string) => Promise<unknown>,
): void {
  const copy = vscode.l10n.t('Copy Reply');
  const post = vscode.l10n.t('Post as New Comment');
  void vscode.window
    .showErrorMessage(
      `${err.message}. ${vscode.l10n.t('Your reply was not sent; its text is kept: copy it, or post it as a new comment on this line.')}`,
      copy,
      post,
    )
    .then(async (picked) => {
      if (picked === copy) return vscode.env.clipboard.writeText(text);
      if (picked !== post) return;
      try {
        // A new thread where the deleted one was: the same line of the same document.
        await postNew({ ...entry, rootId: undefined, kind: 'new' }, text);
      } catch (failure) {
        // Not posted either (a line the diff no longer has): the text goes to the clipboard rather than away.
        await vscode.env.clipboard.writeText(text);
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not post it as a new comment: {0} Your reply is on the clipboard.', errorText(failure)));
      }
    });
}
