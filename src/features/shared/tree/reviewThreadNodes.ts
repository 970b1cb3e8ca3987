// Nodes of review comments, shared by the Pull Requests view (threads under a
// pull request) and the Review Comments view: a file, its threads, and the
// comments of a thread.
import * as vscode from 'vscode';
import { escapeMarkdown, firstLine, groupReviewThreads, type ReviewThread } from '../../../util/viewFormat';
import { locationText } from '../reviews/locationWords';
import { RepoDeskNode } from './nodes';
import { adopt, ageText, exactDate } from './treeBase';
import type { ReviewComment } from '../../../hosting';

export interface CommentContext {
  owner: string;
  repo: string;
  /** The login of the signed-in account: its comments can be edited and deleted. */
  me: string | undefined;
  /** The pull request's head commit: a thread made on another is outdated. */
  headSha?: string | undefined;
}

export class CommentNode extends RepoDeskNode {
  constructor(
    readonly comment: ReviewComment,
    readonly ctx: CommentContext,
    readonly thread: ReviewThread<ReviewComment> | undefined,
  ) {
    super();
  }

  get own(): boolean {
    return this.ctx.me !== undefined && this.comment.user.login === this.ctx.me;
  }

  toTreeItem(): vscode.TreeItem {
    const c = this.comment;
    const item = new vscode.TreeItem(`${c.user.login}: ${firstLine(c.body)}`, vscode.TreeItemCollapsibleState.None);
    item.id = `reviewComment:${c.id}`;
    item.description = this.thread ? ageText(c.created_at) : `${c.path} · ${ageText(c.created_at)}`;
    item.iconPath = new vscode.ThemeIcon(c.position === null ? 'comment-unresolved' : 'comment');
    item.contextValue = `reviewComment${this.own ? ':own' : ''}`;
    item.command = { command: 'repodesk.reviewComments.reveal', title: vscode.l10n.t('Reveal in Diff'), arguments: [this] };
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    return commentTooltip(this.comment);
  }
}

/** Who, when (the exact date: the row shows how long ago), whether outdated, then the whole text. */
function commentTooltip(c: ReviewComment): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.appendMarkdown(`**${escapeMarkdown(c.user.login)}** · ${escapeMarkdown(exactDate(c.created_at))}`);
  if (c.position === null) tooltip.appendMarkdown(` · ${escapeMarkdown(vscode.l10n.t('Outdated: the line changed since this comment was made.'))}`);
  tooltip.appendMarkdown('\n\n');
  tooltip.appendText(c.body ?? '');
  return tooltip;
}

/**
 * A thread is its first comment: the row shows it (author, age, whether
 * outdated, how many replies) and acts on it like a comment row (reply, edit,
 * delete, reveal); its children are the replies, so nothing shows twice.
 */
class ThreadNode extends CommentNode {
  constructor(
    thread: ReviewThread<ReviewComment>,
    ctx: CommentContext,
    private readonly idPrefix: string,
  ) {
    super(thread.root, ctx, thread);
  }

  override toTreeItem(): vscode.TreeItem {
    const item = super.toTreeItem();
    const root = this.comment;
    const replies = this.thread!.comments.length - 1;
    item.label = firstLine(root.body);
    item.id = `${this.idPrefix}thread:${root.id}`;
    item.collapsibleState = replies > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    // Where, in the words of the editor's header and the overview ("line 3 of 1a2b3c4 (outdated)"):
    // "outdated" in words, first, as the icon alone was easy to miss.
    item.description = [
      locationText(root, this.ctx.headSha),
      root.user.login,
      ageText(root.created_at),
      replies === 0 ? undefined : replies === 1 ? vscode.l10n.t('1 reply') : vscode.l10n.t('{0} replies', replies),
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(root.position === null ? 'comment-unresolved' : 'comment-discussion');
    return item;
  }

  override children(): RepoDeskNode[] {
    return adopt(
      this,
      this.thread!.comments.slice(1).map((c) => new CommentNode(c, this.ctx, this.thread)),
    );
  }
}

export class CommentFileNode extends RepoDeskNode {
  constructor(
    readonly path: string,
    readonly threads: ReviewThread<ReviewComment>[],
    readonly ctx: CommentContext,
    private readonly idPrefix: string,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.path, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `${this.idPrefix}file:${this.path}`;
    item.resourceUri = vscode.Uri.file(`/${this.path}`);
    item.iconPath = vscode.ThemeIcon.File;
    item.description = this.threads.length === 1 ? vscode.l10n.t('1 thread') : vscode.l10n.t('{0} threads', this.threads.length);
    item.contextValue = 'reviewFile';
    return item;
  }

  override children(): RepoDeskNode[] {
    return adopt(
      this,
      this.threads.map((t) => new ThreadNode(t, this.ctx, this.idPrefix)),
    );
  }
}

/** Comments grouped by file, then by thread. */
export function threadNodes(comments: readonly ReviewComment[], ctx: CommentContext, idPrefix: string): CommentFileNode[] {
  return groupReviewThreads(comments).map((f) => new CommentFileNode(f.path, f.threads, ctx, idPrefix));
}
