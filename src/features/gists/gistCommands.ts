// The gist comments' commands: add, edit and delete a comment, open a gist or
// a comment in the browser. Loaded on first use (registerGists.ts registers
// them).
import * as vscode from 'vscode';
import type { GistComment, HostingClient } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { confirmDone } from '../shared/confirmation';
import { editMessage } from '../shared/messageEditor/messageEditor';
import type { HostingSession } from '../shared/session/hostingSession';
import { changeList, type ScopedRefusal } from '../shared/tree/listChange';
import { confirm } from '../shared/tree/repositoryLists';
import { GistsGroupNode } from './gistNodes';
import { GistCommentNode, GistNode } from './gistRows';
import type { CommandHandler } from '../shared/lazyCommands';
import type { GistCommandId } from './registerGists';

/** The answers of Add Comment… and Edit Comment…. */
interface CommentAnswers {
  body: string;
}

/** The answer of Delete Comment (or `true`). */
interface DeleteAnswers {
  confirmed: boolean;
}

export function gistCommands(session: HostingSession): Record<GistCommandId, CommandHandler> {
  /** Text of a request that failed, by what it was for: the next try starts from it. */
  const drafts = new Map<string, string>();
  /** Runs a change of a gist's comments (with progress, the comments read again); the text is kept as a draft when it fails. */
  const change = async (
    gistNode: GistNode,
    title: string,
    failure: string,
    task: (client: HostingClient) => Promise<unknown>,
    draft?: { key: string; text: string },
  ): Promise<readonly GistComment[] | undefined> => {
    const done = async (client: HostingClient) => {
      await task(client);
      if (draft) drafts.delete(draft.key);
    };
    if (draft) drafts.set(draft.key, draft.text);
    return changeList(session, gistNode, title, failure, () => done(gistNode.group.client), refusal(done));
  };

  return {
    'repodesk.gists.refresh': async (node?: unknown) => {
      if (node instanceof GistsGroupNode || node instanceof GistNode) await node.reload();
    },
    'repodesk.gists.addComment': async (node?: unknown, given?: unknown) => {
      const gistNode = node instanceof GistCommentNode ? node.gistNode : node;
      if (!(gistNode instanceof GistNode)) return undefined;
      const key = `add:${gistNode.gist.id}`;
      const action = vscode.l10n.t('Add Comment');
      const body = await askBody(
        given,
        key,
        vscode.l10n.t('Comment on {0}', gistNode.title),
        drafts.get(key) ?? '',
        action,
        vscode.l10n.t(
          'Write your comment on "{0}" in the editor (Markdown), then choose "{1}" in the status bar or ✓ in the editor\'s title bar.',
          gistNode.title,
          action,
        ),
      );
      if (body === undefined) return undefined;
      const result = await change(
        gistNode,
        vscode.l10n.t('Commenting on {0}…', gistNode.title),
        vscode.l10n.t('Could not comment on {0}', gistNode.title),
        (client) => client.gistComments.create(gistNode.gist.id, body),
        { key, text: body },
      );
      if (result) confirmDone(vscode.l10n.t('Comment added to {0}.', gistNode.title));
      return result;
    },
    'repodesk.gists.editComment': async (node?: unknown, given?: unknown) => {
      const own = ownComment(node, vscode.l10n.t('Edit Comment'));
      if (!own) return undefined;
      const { gistNode, comment } = own;
      const key = `edit:${gistNode.gist.id}/${comment.id}`;
      const action = vscode.l10n.t('Save Comment');
      const body = await askBody(
        given,
        key,
        vscode.l10n.t('Comment on {0}', gistNode.title),
        drafts.get(key) ?? comment.body ?? '',
        action,
        vscode.l10n.t('Edit your comment on "{0}" in the editor, then choose "{1}" in the status bar or ✓ in the editor\'s title bar.', gistNode.title, action),
      );
      if (body === undefined) return undefined;
      const result = await change(
        gistNode,
        vscode.l10n.t('Saving your comment on {0}…', gistNode.title),
        vscode.l10n.t('Could not save your comment on {0}', gistNode.title),
        (client) => client.gistComments.update(gistNode.gist.id, comment.id, body),
        { key, text: body },
      );
      if (result) confirmDone(vscode.l10n.t('Comment saved.'));
      return result;
    },
    'repodesk.gists.deleteComment': async (node?: unknown, given?: unknown) => {
      const own = ownComment(node, vscode.l10n.t('Delete Comment'));
      if (!own) return undefined;
      const { gistNode, comment } = own;
      const confirmed = given === true || givenAnswers<DeleteAnswers>(given)?.confirmed === true;
      if (
        !confirmed &&
        !(await confirm(
          vscode.l10n.t('Delete your comment on {0}?', gistNode.title),
          vscode.l10n.t('Delete Comment'),
          vscode.l10n.t('The comment cannot be brought back.'),
        ))
      )
        return undefined;
      const result = await change(
        gistNode,
        vscode.l10n.t('Deleting your comment on {0}…', gistNode.title),
        vscode.l10n.t('Could not delete your comment on {0}', gistNode.title),
        (client) => client.gistComments.delete(gistNode.gist.id, comment.id),
      );
      if (result) confirmDone(vscode.l10n.t('Comment deleted.'));
      return result;
    },
    // The gist's page; a comment opens on its anchor there.
    'repodesk.gists.openInBrowser': async (node?: unknown) => {
      const url = pageOf(node);
      if (!url) return undefined;
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
      return url;
    },
  };
}

/** A write refused for want of the gist scope offers to sign in again with it, then retries. */
function refusal(task: (client: HostingClient) => Promise<unknown>): ScopedRefusal {
  return {
    hint: vscode.l10n.t('Writing gist comments needs the gist scope.'),
    scope: 'gist',
    retry: task,
  };
}

/** The body from the answers, or written in the message editor (starting from `initial`); undefined when discarded or empty. */
async function askBody(given: unknown, key: string, title: string, initial: string, action: string, prompt: string): Promise<string | undefined> {
  const answers = givenAnswers<CommentAnswers>(given);
  const refuseEmpty = vscode.l10n.t('A comment needs some text; nothing was sent.');
  const body = answers
    ? answers.body
    : await editMessage({ key: `gist:${key}`, title, initial, prompt, action, refuseEmpty, cancelled: vscode.l10n.t('Nothing was sent.') });
  if (body === undefined) return undefined;
  if (typeof body !== 'string' || body.trim() === '') {
    void vscode.window.showErrorMessage(refuseEmpty);
    return undefined;
  }
  return body;
}

/** Edit and Delete act on one's own comments only (the service lets the author edit). */
function ownComment(node: unknown, what: string): GistCommentNode | undefined {
  if (!(node instanceof GistCommentNode)) return undefined;
  if (node.mine) return node;
  void vscode.window.showErrorMessage(vscode.l10n.t('{0}: this comment is by {1}; you can change only your own comments.', what, node.comment.user.login));
  return undefined;
}

/** The page of a gist row, or a comment's anchor on its gist's page. */
function pageOf(node: unknown): string | undefined {
  return node instanceof GistNode
    ? node.gist.html_url
    : node instanceof GistCommentNode
      ? `${node.gistNode.gist.html_url}#gistcomment-${node.comment.id}`
      : undefined;
}
