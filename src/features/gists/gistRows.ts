// A gist's row (public or secret, when it was updated, its comments' count)
// and its comments' rows (author, age, edited, yours). Loaded with the "Your
// gists" group's first list (gistNodes.ts).
import * as vscode from 'vscode';
import type { Gist, GistComment } from '../../hosting';
import { escapeMarkdown, firstLine } from '../../util/viewFormat';
import { RepoDeskNode } from '../shared/tree/nodes';
import type { ListEdit } from '../../util/listEdits';
import { ageText, PagedGroupNode } from '../shared/tree/treeBase';
import type { GistsGroupNode } from './gistNodes';

/** What a gist is called: its description's first line, else its first file's name. */
function gistTitle(gist: Pick<Gist, 'id' | 'description' | 'files'>): string {
  return firstLine(gist.description) || Object.keys(gist.files)[0] || vscode.l10n.t('Gist {0}', gist.id);
}

/** The exact time, for hovers. */
function exact(iso: string): string {
  return new Date(iso).toLocaleString();
}

/** A gist; its children are its comments, oldest first. */
export class GistNode extends PagedGroupNode<GistComment> {
  constructor(
    readonly gist: Gist,
    readonly group: GistsGroupNode,
  ) {
    super({
      id: `${group.id}/gist:${gist.id}`,
      label: gistTitle(gist),
      contextValue: gist.public ? 'gist:public' : 'gist:secret',
      onChanged: group.options.onChanged,
      open: () => group.client.gistComments.list(gist.id, { priority: 'background' }),
      toNodes: (items, node) => items.map((c) => new GistCommentNode(c, node as GistNode)),
      emptyText: vscode.l10n.t('No comments yet.'),
    });
  }

  get id(): string {
    return this.options.id;
  }

  get title(): string {
    return gistTitle(this.gist);
  }

  /** The comments as last read when the whole list is loaded; otherwise the gist's own count. */
  get commentCount(): number {
    return !this.list.hasMore && !this.list.error ? this.list.loaded.length : this.gist.comments;
  }

  /** Reads the comments again from the first page, then redraws the gist. */
  async reload(): Promise<void> {
    this.list.reset();
    await this.list.ensureLoaded();
    this.options.onChanged(this);
  }

  /** A write's change shown at once, then the comments read again. */
  async showChange(edit: ListEdit<GistComment>): Promise<void> {
    this.list.replace(edit(this.list.loaded));
    this.options.onChanged(this);
    await this.reload();
  }

  override toTreeItem(): vscode.TreeItem {
    const g = this.gist;
    const item = super.toTreeItem();
    const visibility = g.public ? vscode.l10n.t('public') : vscode.l10n.t('secret');
    const count = this.commentCount === 1 ? vscode.l10n.t('1 comment') : vscode.l10n.t('{0} comments', this.commentCount);
    item.description = [visibility, ageText(g.updated_at), count].join(' · ');
    item.iconPath = new vscode.ThemeIcon(g.public ? 'gist' : 'gist-secret');
    item.accessibilityInformation = { label: [this.title, visibility, count].join(', ') };
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const g = this.gist;
    const files = Object.keys(g.files);
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escapeMarkdown(this.title)}**\n\n`);
    tooltip.appendText(`${g.public ? vscode.l10n.t('Public gist') : vscode.l10n.t('Secret gist (anyone with its address can read it)')}\n`);
    tooltip.appendText(
      `${files.length === 1 ? vscode.l10n.t('1 file: {0}', files.join(', ')) : vscode.l10n.t('{0} files: {1}', files.length, files.join(', '))}\n`,
    );
    tooltip.appendText(`${vscode.l10n.t('Created {0}', exact(g.created_at))}\n${vscode.l10n.t('Updated {0}', exact(g.updated_at))}`);
    return tooltip;
  }
}

/** One comment of a gist. */
export class GistCommentNode extends RepoDeskNode {
  constructor(
    readonly comment: GistComment,
    readonly gistNode: GistNode,
  ) {
    super();
  }

  /** Written by the signed-in user. */
  get mine(): boolean {
    return this.comment.user.login.toLowerCase() === this.gistNode.group.me()?.toLowerCase();
  }

  toTreeItem(): vscode.TreeItem {
    const c = this.comment;
    const item = new vscode.TreeItem(`${c.user.login}: ${firstLine(c.body)}`, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.gistNode.id}/comment:${c.id}`;
    const edited = c.updated_at !== c.created_at;
    item.description = [ageText(c.created_at), edited ? vscode.l10n.t('edited') : undefined, this.mine ? vscode.l10n.t('you') : undefined]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon('comment');
    // gistComment:<mine|other>: Edit and Delete are offered on one's own only.
    item.contextValue = `gistComment:${this.mine ? 'mine' : 'other'}`;
    item.accessibilityInformation = { label: [c.user.login, ageText(c.created_at), firstLine(c.body)].join(', ') };
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const c = this.comment;
    const edited = c.updated_at !== c.created_at;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(
      `**${escapeMarkdown(c.user.login)}** · ${escapeMarkdown(exact(c.created_at))}${edited ? ` · ${escapeMarkdown(vscode.l10n.t('edited {0}', exact(c.updated_at)))}` : ''}\n\n`,
    );
    tooltip.appendText(c.body ?? '');
    return tooltip;
  }
}
