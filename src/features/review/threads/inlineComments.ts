// Review comments in the editor: the inline threads and their actions, with
// the Comments API's own affordances (reply box, edit and delete on one's own
// comments, + on every line the diff can address). Every write goes through
// the shared store, so the Review Comments and Pull Requests views follow.
// Loaded by registerComments with the first selected pull request.
import * as vscode from 'vscode';
import type { Logger } from '../../shared/log/outputLog';
import { NotFoundError } from '../../../hosting';
import { mapPositions, positionOfLine } from '../../../reviewing/diffPosition';
import { errorText } from '../../shared/failure';
import type { CommandHandler } from '../../shared/lazyCommands';
import type { PullReviewComments } from '../stores/pullReviewComments';
import type { PullDiffOpening } from '../../shared/gitfs/pullDiffs';
import type { HostingSession } from '../../shared/session/hostingSession';
import type { SelectedPull } from '../../shared/selection/selectedPull';
import { InlineThreads, type ThreadEntry } from './inlineThreads';
import { ReviewCommentItem } from './reviewCommentItem';
import type { PendingDrafts } from '../stores/pendingDrafts';

/** The commands of the threads (registered by registerComments). */
type InlineCommentCommand =
  | 'repodesk.comments.suggestChange'
  | 'repodesk.comments.expandAt'
  | 'repodesk.comments.refresh'
  | 'repodesk.comments.reply'
  | 'repodesk.comments.edit'
  | 'repodesk.comments.save'
  | 'repodesk.comments.cancel'
  | 'repodesk.comments.delete';
/** Test seams, registered only under tests. */
type InlineCommentTestCommand = 'repodesk.testing.commentThreads' | 'repodesk.testing.startCommentThread' | 'repodesk.testing.commentingLines';

export interface StartedInlineComments {
  handlers: Record<InlineCommentCommand, CommandHandler>;
  testing: Record<InlineCommentTestCommand, CommandHandler>;
  /** Reads the threads of the open documents again (conditional requests: free when nothing changed). */
  refresh(): Promise<void>;
  /** A diff of a pull request is opening: its threads' data is read meanwhile. */
  prepare(d: PullDiffOpening): void;
}

export function startInlineComments(
  context: vscode.ExtensionContext,
  session: HostingSession,
  selected: SelectedPull,
  store: PullReviewComments,
  log: Logger,
  pending?: PendingDrafts,
): StartedInlineComments {
  const inline = new InlineThreads(session, selected, store, log, pending);
  const redrawAll = (forget = false) => inline.redrawAll(forget);

  /** Sends the typed text; on failure keeps it in the thread as a draft and says why. */
  const send = async (thread: vscode.CommentThread, text: string, draft?: ReviewCommentItem): Promise<boolean> => {
    const entry = await inline.entryOf(thread);
    if (!entry) {
      void vscode.window.showErrorMessage(vscode.l10n.t('This document is not part of a pull request RepoDesk knows.'));
      return false;
    }
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Sending review comment…') }, () =>
        create(entry, text),
      );
      if (entry.kind === 'new') thread.dispose();
      else if (draft) thread.comments = thread.comments.filter((c) => c !== draft);
      return true;
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not send the comment: {0}', errorText(err)));
      if (draft) draft.body = text;
      else thread.comments = [...thread.comments, new ReviewCommentItem(() => thread, undefined, true, undefined, false, text)];
      return false;
    }
  };

  const create = async (entry: ThreadEntry, body: string) => {
    const { place } = entry;
    // A pending review keeps the comment as a draft (posted by Submit Review).
    const review = pending?.isActive(place.pull) ? pending : undefined;
    if (entry.rootId !== undefined) {
      return review
        ? review.add(place.pull, body, { kind: 'reply', inReplyTo: entry.rootId, path: place.path })
        : store.create(place.pull, { body, in_reply_to: entry.rootId });
    }
    const position = place.file && entry.line !== undefined ? positionOfLine(mapPositions(place.file.patch), place.side, entry.line) : undefined;
    if (!place.current || position === undefined || entry.line === undefined)
      throw new Error(vscode.l10n.t('Line {0} of {1} is not part of the pull request’s diff.', entry.line ?? '?', place.path));
    if (review) {
      // The line's text, to find it again should the head move before the review is submitted.
      const lineText = vscode.workspace.textDocuments.find((d) => d.uri.toString() === entry.thread.uri.toString())?.lineAt(entry.line - 1).text;
      return review.add(place.pull, body, {
        kind: 'line',
        path: place.path,
        position,
        commitId: place.head.sha,
        side: place.side,
        line: entry.line,
        ...(lineText !== undefined ? { lineText } : {}),
      });
    }
    return store.create(place.pull, { body, commit_id: place.head.sha, path: place.path, position });
  };

  const ownItem = (item: unknown): item is ReviewCommentItem => item instanceof ReviewCommentItem;

  const redrawThread = (item: ReviewCommentItem) => {
    item.parent.comments = [...item.parent.comments];
  };

  context.subscriptions.push(
    inline,
    store.onDidChange(() => void redrawAll()),
    ...(pending ? [pending.onDidChange(() => void redrawAll())] : []),
    selected.onDidChange(() => void redrawAll(true)),
    session.onDidChange(() => void redrawAll(true)),
    vscode.workspace.onDidOpenTextDocument((d) => void inline.redraw(d)),
    vscode.workspace.onDidCloseTextDocument((d) => inline.forget(d)),
  );

  const handlers: Record<InlineCommentCommand, CommandHandler> = {
    'repodesk.comments.refresh': () => redrawAll(true),
    'repodesk.comments.suggestChange': async () => (await import('./suggestChange.js')).suggestChange(inline),
    // Reveal in Diff: the thread on this line opens expanded.
    'repodesk.comments.expandAt': (uri: vscode.Uri, line: number) => inline.expandAt(uri, line),
    'repodesk.comments.reply': async (reply?: vscode.CommentReply) => {
      if (!reply?.thread || !reply.text.trim()) return false;
      return send(reply.thread, reply.text);
    },
    'repodesk.comments.edit': (item?: ReviewCommentItem) => {
      if (!ownItem(item) || !item.own) return;
      item.startEditing();
      redrawThread(item);
    },
    'repodesk.comments.save': async (item?: ReviewCommentItem) => {
      if (!ownItem(item)) return false;
      const text = item.text;
      if (!text.trim()) {
        void vscode.window.showWarningMessage(vscode.l10n.t('The comment cannot be empty.'));
        return false;
      }
      if (!item.comment) return send(item.parent, text, item);
      const entry = await inline.entryOf(item.parent);
      if (!entry) return false;
      try {
        await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Saving review comment…') }, () =>
          store.update(entry.place.pull, item.comment!.id, text),
        );
        item.mode = vscode.CommentMode.Preview;
        return true;
      } catch (err) {
        // Stays in editing mode with the typed text.
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not edit the comment: {0}', errorText(err)));
        return false;
      }
    },
    'repodesk.comments.cancel': (item?: ReviewCommentItem) => {
      if (!ownItem(item)) return;
      if (!item.comment) item.parent.comments = item.parent.comments.filter((c) => c !== item);
      else {
        item.stopEditing();
        redrawThread(item);
      }
    },
    'repodesk.comments.delete': async (item?: ReviewCommentItem, confirmed?: boolean) => {
      if (!ownItem(item) || !item.comment || !item.own) return false;
      const yes = vscode.l10n.t('Delete');
      if (
        confirmed !== true &&
        (await vscode.window.showWarningMessage(vscode.l10n.t('Delete this comment?'), { modal: true, detail: item.comment.body ?? '' }, yes)) !== yes
      )
        return false;
      const entry = await inline.entryOf(item.parent);
      if (!entry) return false;
      try {
        await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Deleting review comment…') }, () =>
          store.delete(entry.place.pull, item.comment!.id),
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
    },
  };

  for (const d of vscode.workspace.textDocuments) void inline.redraw(d);

  // Test seams: the threads drawn now, and a thread started on a line as the + button would.
  const testing: Record<InlineCommentTestCommand, CommandHandler> = {
    'repodesk.testing.commentThreads': async () => {
      await redrawAll();
      return inline.all;
    },
    'repodesk.testing.startCommentThread': (uri: vscode.Uri, line: number) =>
      inline.controller.createCommentThread(uri, new vscode.Range(line - 1, 0, line - 1, 0), []),
    'repodesk.testing.commentingLines': async (document: vscode.TextDocument) => {
      const ranges = await inline.controller.commentingRangeProvider?.provideCommentingRanges(document, new vscode.CancellationTokenSource().token);
      return (Array.isArray(ranges) ? ranges : []).map((r) => [r.start.line + 1, r.end.line + 1]);
    },
  };
  return { handlers, testing, refresh: () => redrawAll(true), prepare: (d) => inline.prepare(d) };
}
