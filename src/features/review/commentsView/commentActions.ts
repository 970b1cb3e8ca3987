// Reply, Edit and Delete of a review comment in the Review Comments view
// (loaded by registerReviewComments on first use). A reply or an edit is
// Markdown of any length, written in an editor.
import * as vscode from 'vscode';
import type { HostingClient } from '../../../hosting';
import { pullNumberOf } from '../../../util/viewFormat';
import { errorText, showFailure } from '../../shared/failure';
import type { CommandHandler } from '../../shared/lazyCommands';
import { editInEditor } from '../../shared/notesEditor';
import { CommentNode } from '../../shared/tree/reviewThreadNodes';
import { isReplyTargetGone, offerReplyCopy, ReplyTargetGoneError } from '../stores/replyTo';

export type CommentAction = 'repodesk.reviewComments.reply' | 'repodesk.reviewComments.edit' | 'repodesk.reviewComments.delete';

/** `need` gives the signed-in client (or says why there is none); `changed` re-reads the views after a change. */
export function commentActions(need: () => HostingClient | undefined, changed: () => void): Record<CommentAction, CommandHandler> {
  return {
    'repodesk.reviewComments.reply': async (node?: CommentNode, text?: string) => {
      const client = need();
      if (!client || !(node instanceof CommentNode)) return;
      const pullNumber = pullNumberOf(node.comment);
      // A reply is Markdown of any length: written in an editor, as release notes are.
      const send = vscode.l10n.t('Send Reply');
      const body =
        text ??
        (await editInEditor(
          '',
          send,
          vscode.l10n.t(
            'Write your reply to {0} in the editor (Markdown), then choose "{1}" in the status bar or ✓ in the editor\'s title bar.',
            node.comment.user.login,
            send,
          ),
        ));
      if (body === undefined) return;
      if (!body.trim()) {
        void vscode.window.showWarningMessage(vscode.l10n.t('The reply cannot be empty; nothing was sent.'));
        return;
      }
      const rootId = node.thread?.root.id ?? node.comment.in_reply_to_id ?? node.comment.id;
      try {
        const created = await vscode.window.withProgress({ location: { viewId: 'repodesk.reviewComments' } }, () =>
          client.reviewComments.create(node.ctx.owner, node.ctx.repo, pullNumber, { body, in_reply_to: rootId }),
        );
        changed();
        return created;
      } catch (err) {
        if (!isReplyTargetGone(err)) return showFailure(vscode.l10n.t('Could not reply'), err);
        // Deleted on the service while the reply was written: the thread is read again, the text offered to copy.
        changed();
        offerReplyCopy(new ReplyTargetGoneError(rootId, errorText(err)), body);
      }
    },
    'repodesk.reviewComments.edit': async (node?: CommentNode, text?: string) => {
      const client = need();
      if (!client || !(node instanceof CommentNode)) return;
      if (!node.own) {
        void vscode.window.showWarningMessage(vscode.l10n.t('You can only edit your own comments.'));
        return;
      }
      const save = vscode.l10n.t('Save Comment');
      const body =
        text ??
        (await editInEditor(
          node.comment.body ?? '',
          save,
          vscode.l10n.t('Edit your comment in the editor, then choose "{0}" in the status bar or ✓ in the editor\'s title bar.', save),
        ));
      if (body === undefined) return;
      if (!body.trim()) {
        void vscode.window.showWarningMessage(vscode.l10n.t('The comment cannot be empty; it was left as it was.'));
        return;
      }
      try {
        const updated = await vscode.window.withProgress({ location: { viewId: 'repodesk.reviewComments' } }, () =>
          client.reviewComments.update(node.ctx.owner, node.ctx.repo, node.comment.id, body),
        );
        changed();
        return updated;
      } catch (err) {
        showFailure(vscode.l10n.t('Could not edit the comment'), err);
      }
    },
    'repodesk.reviewComments.delete': async (node?: CommentNode, confirmed?: boolean) => {
      const client = need();
      if (!client || !(node instanceof CommentNode)) return;
      if (!node.own) {
        void vscode.window.showWarningMessage(vscode.l10n.t('You can only delete your own comments.'));
        return;
      }
      const yes = vscode.l10n.t('Delete');
      if (
        confirmed !== true &&
        (await vscode.window.showWarningMessage(vscode.l10n.t('Delete this comment?'), { modal: true, detail: node.comment.body ?? '' }, yes)) !== yes
      )
        return;
      try {
        await vscode.window.withProgress({ location: { viewId: 'repodesk.reviewComments' } }, () =>
          client.reviewComments.delete(node.ctx.owner, node.ctx.repo, node.comment.id),
        );
        changed();
      } catch (err) {
        showFailure(vscode.l10n.t('Could not delete the comment'), err);
      }
    },
  };
}
