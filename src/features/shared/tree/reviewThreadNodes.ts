// Nodes of review comments, shared by the Pull Requests view (threads under a
// pull request) and the Review Comments view: a file, its threads, and the
// comments of a thread.
import * as vscode from 'vscode';
import { commentLine, escapeMarkdown, groupReviewThreads, type ReviewThread } from '../../../util/viewFormat';
import { groupByFolder, groupsByFolder, type FolderGroup } from '../../../reviewing/folderGroups';
import { locationText } from '../../review/stores/locationWords';
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
    const item = new vscode.TreeItem(`${c.user.login}: ${commentLine(c.body) ?? vscode.l10n.t('Suggested change')}`, vscode.TreeItemCollapsibleState.None);
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
    item.label = commentLine(root.body) ?? vscode.l10n.t('Suggested change');
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
    /** In a folder's row, the file's name alone (the folder names the rest). */
    private readonly inFolder = false,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.inFolder ? this.path.slice(this.path.lastIndexOf('/') + 1) : this.path, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `${this.idPrefix}file:${this.path}`;
    item.resourceUri = vscode.Uri.file(`/${this.path}`);
    item.iconPath = vscode.ThemeIcon.File;
    item.description = threadCount(this.threads.length);
    item.tooltip = this.path;
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

const threadCount = (n: number) => (n === 1 ? vscode.l10n.t('1 thread') : vscode.l10n.t('{0} threads', n));

/**
 * A folder of commented files, collapsed with its count of threads: a pull
 * request commented on in many files draws a few folder rows, not one
 * expanded row a file (each of which VS Code reads and draws at once).
 */
class CommentFolderNode extends RepoDeskNode {
  constructor(
    private readonly group: FolderGroup<CommentFileNode>,
    private readonly idPrefix: string,
    /** The only row at the top: drawn open, as a lone folder row would only ask for a click. */
    private readonly alone = false,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const g = this.group;
    const item = new vscode.TreeItem(g.name, this.alone ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.idPrefix}dir:${g.path}`;
    item.resourceUri = vscode.Uri.file(`/${g.path}`);
    item.iconPath = vscode.ThemeIcon.Folder;
    let threads = 0;
    const walk = (f: FolderGroup<CommentFileNode>): void => {
      for (const file of f.files) threads += file.threads.length;
      f.folders.forEach(walk);
    };
    walk(g);
    const files = g.count === 1 ? vscode.l10n.t('1 file') : vscode.l10n.t('{0} files', g.count);
    item.description = `${threadCount(threads)} · ${files}`;
    item.tooltip = `${g.path}\n${files}`;
    item.contextValue = 'reviewFolder';
    return item;
  }

  override children(): RepoDeskNode[] {
    return adopt<RepoDeskNode>(this, [...this.group.folders.map((f) => new CommentFolderNode(f, this.idPrefix)), ...this.group.files]);
  }
}

/** Comments grouped by file, then by thread; by folder first when they are on more files than a screen shows. */
export function threadNodes(comments: readonly ReviewComment[], ctx: CommentContext, idPrefix: string): RepoDeskNode[] {
  const files = groupReviewThreads(comments);
  if (!groupsByFolder(files.length, false)) return files.map((f) => new CommentFileNode(f.path, f.threads, ctx, idPrefix));
  const root = groupByFolder(
    files.map((f) => new CommentFileNode(f.path, f.threads, ctx, idPrefix, true)),
    (n) => n.path,
  );
  const alone = root.folders.length === 1 && root.files.length === 0;
  return [...root.folders.map((f) => new CommentFolderNode(f, idPrefix, alone)), ...root.files];
}
