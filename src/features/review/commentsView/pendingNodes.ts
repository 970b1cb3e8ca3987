// A pending review in the Review Comments view: one group at the top, its
// drafts in the order written, each marked Pending (and outdated when written
// on another head, or not posted with the service's message). The group starts
// collapsed and its rows are built only when it is expanded, so 10,000 drafts
// cost one row until then.
import * as vscode from 'vscode';
import { commentLine, escapeMarkdown, shortSha } from '../../../util/viewFormat';
import type { PendingDraft } from '../stores/pendingDrafts';
import { RepoDeskNode } from '../../shared/tree/nodes';

class PendingDraftNode extends RepoDeskNode {
  constructor(
    readonly draft: PendingDraft,
    private readonly headSha: string | undefined,
  ) {
    super();
  }

  get outdated(): boolean {
    const t = this.draft.target;
    return t.kind === 'line' && this.headSha !== undefined && t.commitId !== this.headSha;
  }

  toTreeItem(): vscode.TreeItem {
    const d = this.draft;
    const t = d.target;
    const item = new vscode.TreeItem(
      vscode.l10n.t('Pending: {0}', commentLine(d.body) ?? vscode.l10n.t('Suggested change')),
      vscode.TreeItemCollapsibleState.None,
    );
    const where =
      t.kind === 'line'
        ? vscode.l10n.t('{0} line {1}', t.path, t.line)
        : t.kind === 'reply'
          ? vscode.l10n.t('reply{0}', t.path ? ` · ${t.path}` : '')
          : vscode.l10n.t('conversation');
    item.description = [where, this.outdated ? vscode.l10n.t('outdated') : undefined, d.error ? vscode.l10n.t('not posted: {0}', d.error) : undefined]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(d.error ? 'warning' : 'comment-draft');
    item.contextValue = 'pendingDraft';
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const t = this.draft.target;
    const head = t.kind === 'line' ? `\n\n${escapeMarkdown(vscode.l10n.t('Written on {0}', shortSha(t.commitId)))}` : '';
    return new vscode.MarkdownString(`${escapeMarkdown(this.draft.body)}${head}`);
  }
}

export class PendingGroupNode extends RepoDeskNode {
  constructor(
    private readonly drafts: readonly PendingDraft[],
    private readonly headSha: string | undefined,
    private readonly number: number,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const n = this.drafts.length;
    const item = new vscode.TreeItem(
      n === 1 ? vscode.l10n.t('Pending review: 1 draft') : vscode.l10n.t('Pending review: {0} drafts', n),
      n ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `pendingReview:${this.number}`;
    item.iconPath = new vscode.ThemeIcon('comment-draft');
    item.contextValue = 'pendingReview';
    item.tooltip = vscode.l10n.t('Posted when you submit the review; nobody else sees them until then.');
    return item;
  }

  override children(): RepoDeskNode[] {
    return this.drafts.map((d) => {
      const node = new PendingDraftNode(d, this.headSha);
      node.parent = this;
      return node;
    });
  }
}
