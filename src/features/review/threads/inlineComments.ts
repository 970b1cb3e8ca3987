// Review comments in the editor: the inline threads and their actions, with
// the Comments API's own affordances (reply box, edit and delete on one's own
// comments, + on every line the diff can address). Every write goes through
// the shared store, so the Review Comments and Pull Requests views follow.
// Loaded by registerComments with the first selected pull request.
import * as vscode from 'vscode';
import type { Logger } from '../../shared/log/outputLog';
import type { CommandHandler } from '../../shared/lazyCommands';
import type { PullReviewComments } from '../stores/pullReviewComments';
import type { PullDiffOpening } from '../../shared/gitfs/pullDiffs';
import type { HostingSession } from '../../shared/session/hostingSession';
import type { SelectedPull } from '../../shared/selection/selectedPull';
import { InlineThreads } from './inlineThreads';
import { deleteComment, saveComment, sendComment, type CommentWriter } from './commentWrites';
import { ReviewCommentItem } from './reviewCommentItem';
import type { PendingDrafts, QueueComment } from '../stores/pendingDrafts';

/** The commands of the threads (registered by registerComments). */
type InlineCommentCommand =
  | 'repodesk.comments.suggestChange'
  | 'repodesk.comments.expandAt'
  | 'repodesk.comments.refresh'
  | 'repodesk.comments.reply'
  | 'repodesk.comments.addToReview'
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
  /** A diff starting to open (`opened` undefined: its threads' data read, its head side drawn), then open or not. */
  pullDiff(d: PullDiffOpening, opened?: boolean): void;
}

export function startInlineComments(
  context: vscode.ExtensionContext,
  session: HostingSession,
  selected: SelectedPull,
  store: PullReviewComments,
  log: Logger,
  pending?: PendingDrafts,
  queue?: QueueComment,
): StartedInlineComments {
  const inline = new InlineThreads(session, selected, store, log, pending);
  const redrawAll = (forget = false) => inline.redrawAll(forget);
  const writer: CommentWriter = { inline, store, pending, ...(queue ? { queue } : {}) };

  const ownItem = (item: unknown): item is ReviewCommentItem => item instanceof ReviewCommentItem;

  const redrawThread = (item: ReviewCommentItem) => {
    item.parent.comments = [...item.parent.comments];
  };

  context.subscriptions.push(
    inline,
    store.onDidChange(() => void redrawAll()),
    ...(pending ? [pending.onDidChange(() => void redrawAll())] : []),
    selected.onDidChange(() => {
      void redrawAll(true);
      inline.warm(selected.value);
    }),
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
      return sendComment(writer, reply.thread, reply.text);
    },
    // The button of a thread's box, or of a draft (a suggestion), while a review is pending: a draft of the review.
    'repodesk.comments.addToReview': async (arg?: vscode.CommentReply | ReviewCommentItem) => {
      if (ownItem(arg)) return saveComment(writer, arg, true);
      if (!arg?.thread || !arg.text.trim()) return false;
      return sendComment(writer, arg.thread, arg.text, undefined, true);
    },
    'repodesk.comments.edit': (item?: ReviewCommentItem) => {
      if (!ownItem(item) || !item.own) return;
      item.startEditing();
      redrawThread(item);
    },
    'repodesk.comments.save': async (item?: ReviewCommentItem) => {
      if (!ownItem(item)) return false;
      return saveComment(writer, item);
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
      return deleteComment(writer, item, confirmed);
    },
  };

  void inline.drawShown();
  inline.warm(selected.value);

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
  return { handlers, testing, refresh: () => redrawAll(true), pullDiff: (d, opened) => (opened === undefined ? inline.prepare(d) : inline.settled(d, opened)) };
}
