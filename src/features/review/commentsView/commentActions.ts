// Reply, Edit and Delete of a review comment in the Review Comments view
// (loaded by registerReviewComments on first use). A reply or an edit is
// Markdown of any length, written in an editor. Each goes through the shared
// store of review comments, as the editor's threads do, so every view of the
// pull request's comments (the threads, this view, the Pull Requests view,
// the overview) shows the change at once.
import * as vscode from 'vscode';
import type { HostingClient } from '../../../hosting';
import { pullNumberOf } from '../../../util/viewFormat';
import { showFailure } from '../../shared/failure';
import type { CommandHandler } from '../../shared/lazyCommands';
import { editMessage } from '../../shared/messageEditor/messageEditor';
import { CommentNode } from '../../shared/tree/reviewThreadNodes';
import type { PullKey, PullReviewComments } from '../stores/pullReviewComments';
import { offerReplyCopy, ReplyTargetGoneError, replyTo } from '../stores/replyTo';
import type { QueueComment } from '../stores/pendingDrafts';
import { isUnreachable } from '../../shared/tree/offlineRows';

export type CommentAction = 'repodesk.reviewComments.reply' | 'repodesk.reviewComments.edit' | 'repodesk.reviewComments.delete';

/** The pull request of a comment row, read and written with the account in use (the one the view reads with). */
function pullOf(node: CommentNode): PullKey {
  return { owner: node.ctx.owner, repo: node.ctx.repo, number: pullNumberOf(node.comment) };
}

/** What a text written for a comment row is kept under: its pull request and thread. */
function replyKey(node: CommentNode): string {
  const pull = pullOf(node);
  return `${pull.owner}/${pull.repo}#${pull.number}:${node.thread?.root.id ?? node.comment.in_reply_to_id ?? node.comment.id}`;
}

/** `need` gives the signed-in client (or says why there is none); the writes go through `store`, which tells every view. */
export function commentActions(store: PullReviewComments, need: () => HostingClient | undefined, queue?: QueueComment): Record<CommentAction, CommandHandler> {
  return {
    'repodesk.reviewComments.reply': async (node?: CommentNode, text?: string) => {
      if (!need() || !(node instanceof CommentNode)) return;
      // A reply is Markdown of any length: written in an editor, as release notes are.
      const send = vscode.l10n.t('Send Reply');
      const body =
        text ??
        (await editMessage({
          key: `reply:${replyKey(node)}`,
          title: vscode.l10n.t('Reply to {0}', node.comment.user.login),
          initial: '',
          prompt: vscode.l10n.t(
            'Write your reply to {0} in the editor (Markdown), then choose "{1}" in the status bar or ✓ in the editor\'s title bar.',
            node.comment.user.login,
            send,
          ),
          action: send,
          refuseEmpty: vscode.l10n.t('The reply cannot be empty; nothing was sent.'),
          cancelled: vscode.l10n.t('Nothing was sent.'),
        }));
      if (body === undefined) return;
      if (!body.trim()) {
        void vscode.window.showWarningMessage(vscode.l10n.t('The reply cannot be empty; nothing was sent.'));
        return;
      }
      const rootId = node.thread?.root.id ?? node.comment.in_reply_to_id ?? node.comment.id;
      try {
        return await vscode.window.withProgress({ location: { viewId: 'repodesk.reviewComments' } }, () => replyTo(store, pullOf(node), rootId, body));
      } catch (err) {
        // No answer from the service: queued, posted once it answers (src/features/review/queuedComments).
        const target = { kind: 'reply' as const, inReplyTo: rootId, ...(node.comment.path ? { path: node.comment.path } : {}) };
        const queued =
          queue && isUnreachable(err)
            ? await queue(pullOf(node), body, target).then(
                () => true,
                () => false,
              )
            : false;
        if (queued) {
          void vscode.window.showInformationMessage(vscode.l10n.t('The service did not answer: your reply is queued and is posted once it answers.'));
          return;
        }
        // Deleted on the service while the reply was written: the store has the threads read again; the text is offered to copy.
        if (err instanceof ReplyTargetGoneError) offerReplyCopy(err, body);
        else showFailure(vscode.l10n.t('Could not reply'), err);
      }
    },
    'repodesk.reviewComments.edit': async (node?: CommentNode, text?: string) => {
      if (!need() || !(node instanceof CommentNode)) return;
      if (!node.own) {
        void vscode.window.showWarningMessage(vscode.l10n.t('You can only edit your own comments.'));
        return;
      }
      const save = vscode.l10n.t('Save Comment');
      const body =
        text ??
        (await editMessage({
          key: `comment:${replyKey(node)}:${node.comment.id}`,
          title: vscode.l10n.t('Comment by {0}', node.comment.user.login),
          initial: node.comment.body ?? '',
          prompt: vscode.l10n.t('Edit your comment in the editor, then choose "{0}" in the status bar or ✓ in the editor\'s title bar.', save),
          action: save,
          refuseEmpty: vscode.l10n.t('The comment cannot be empty; it was left as it was.'),
          cancelled: vscode.l10n.t('The comment was left as it was.'),
        }));
      if (body === undefined) return;
      if (!body.trim()) {
        void vscode.window.showWarningMessage(vscode.l10n.t('The comment cannot be empty; it was left as it was.'));
        return;
      }
      try {
        return await vscode.window.withProgress({ location: { viewId: 'repodesk.reviewComments' } }, () => store.update(pullOf(node), node.comment.id, body));
      } catch (err) {
        showFailure(vscode.l10n.t('Could not edit the comment'), err);
      }
    },
    'repodesk.reviewComments.delete': async (node?: CommentNode, confirmed?: boolean) => {
      if (!need() || !(node instanceof CommentNode)) return;
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
        // The store tells every view even when this fails: a comment deleted elsewhere goes from them all.
        await vscode.window.withProgress({ location: { viewId: 'repodesk.reviewComments' } }, () => store.delete(pullOf(node), node.comment.id));
      } catch (err) {
        showFailure(vscode.l10n.t('Could not delete the comment'), err);
      }
    },
  };
}
