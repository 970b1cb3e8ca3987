// Nodes of review comments, shared by the Pull Requests view (threads under a
// pull request) and the Review Comments view: a file, its threads, and the
// comments of a thread.
import * as vscode from 'vscode';
import { firstLine, groupReviewThreads, type ReviewThread } from '../../../util/viewFormat';
import { RepoDeskNode } from './nodes';
import { adopt, ageText } from './treeBase';
import type { ReviewComment } from '../../../hosting';

export interface CommentContext {
  owner: string;
  repo: string;
  /** The login of the signed-in account: its comments can be edited and deleted. */
  me: string | undefined;
}

export class CommentNode extends RepoDeskNode {
  constructor(readonly comment: ReviewComment, readonly ctx: CommentContext, readonly thread: ReviewThread<ReviewComment> | undefined) {
    super();
  }

  get own(): boolean {
    return this.ctx.me !== undefined && this.comment.user.login === this.ctx.me;
  }

  toTreeItem(): vscode.TreeItem {
    const c = this.comment;
    const item = new vscode.TreeItem(`${c.user.login}: ${firstLine(c.body)}`, vscode.TreeItemCollapsibleState.None);
    item.id = `reviewComment:${c.id}`;
    item.description = thread(this) ? ageText(c.created_at) : `${c.path} · ${ageText(c.created_at)}`;
    item.iconPath = new vscode.ThemeIcon(c.position === null ? 'comment-unresolved' : 'comment');
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**${c.user.login}** · ${new Date(c.created_at).toLocaleString()}${c.position === null ? ` · ${vscode.l10n.t('outdated')}` : ''}\n\n`);
    tooltip.appendText(c.body ?? '');
    item.tooltip = tooltip;
    item.contextValue = `reviewComment${this.own ? ':own' : ''}`;
    item.command = { command: 'repodesk.reviewComments.reveal', title: vscode.l10n.t('Reveal in Diff'), arguments: [this] };
    return item;
  }
}

function thread(node: CommentNode): boolean {
  return node.thread !== undefined;
}

export class ThreadNode extends RepoDeskNode {
  constructor(readonly thread: ReviewThread<ReviewComment>, readonly ctx: CommentContext, private readonly idPrefix: string) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const root = this.thread.root;
    const item = new vscode.TreeItem(firstLine(root.body), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.idPrefix}thread:${root.id}`;
    const replies = this.thread.comments.length - 1;
    item.description = [root.user.login, ageText(root.created_at), replies === 1 ? vscode.l10n.t('1 reply') : vscode.l10n.t('{0} replies', replies)].join(' · ');
    item.iconPath = new vscode.ThemeIcon(root.position === null ? 'comment-unresolved' : 'comment-discussion');
    item.tooltip = root.position === null ? vscode.l10n.t('Outdated: the line changed since this thread started.') : undefined;
    item.contextValue = 'reviewThread';
    return item;
  }

  override children(): RepoDeskNode[] {
    return adopt(this, this.thread.comments.map((c) => new CommentNode(c, this.ctx, this.thread)));
  }
}

export class CommentFileNode extends RepoDeskNode {
  constructor(readonly path: string, readonly threads: ReviewThread<ReviewComment>[], readonly ctx: CommentContext, private readonly idPrefix: string) {
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
    return adopt(this, this.threads.map((t) => new ThreadNode(t, this.ctx, this.idPrefix)));
  }
}

/** Comments grouped by file, then by thread. */
export function threadNodes(comments: readonly ReviewComment[], ctx: CommentContext, idPrefix: string): CommentFileNode[] {
  return groupReviewThreads(comments).map((f) => new CommentFileNode(f.path, f.threads, ctx, idPrefix));
}
