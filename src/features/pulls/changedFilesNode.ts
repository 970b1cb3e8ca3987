// The Changed files node of a pull request: its files, read page by page,
// with the progress of the review in its description ("3 of 12 viewed") and,
// when the user chose to hide them, without the files viewed.
import * as vscode from 'vscode';
import type { PullRequest, PullRequestFile } from '../../hosting';
import { isViewed, viewedProgress } from '../../reviewing/viewedFiles';
import type { PullKey } from '../shared/reviews/pullReviewComments';
import type { ViewedFilesStore } from '../shared/reviews/viewedFilesStore';
import { MessageNode, type RepoDeskNode } from '../shared/tree/nodes';
import { PagedGroupNode, type PagedGroupOptions } from '../shared/tree/treeBase';

/** The Changed files nodes drawn now, by pull request: a mark redraws its node only. */
const live = new Map<string, ChangedFilesNode>();
const idOf = (k: PullKey) => `${k.owner}/${k.repo}#${k.number}`;

/** The node of a pull request's changed files now drawn, if any (undefined: every one, for the hide toggle). */
export function changedFilesNodes(pull: PullKey | undefined): ChangedFilesNode[] {
  if (!pull) return [...live.values()];
  const node = live.get(idOf(pull));
  return node ? [node] : [];
}

/** A changed file's row: whether it is viewed (undefined: no box) is set before each draw. */
export interface FileRow extends RepoDeskNode {
  viewed: boolean | undefined;
}

export class ChangedFilesNode extends PagedGroupNode<PullRequestFile> {
  constructor(
    readonly key: PullKey,
    readonly pull: PullRequest,
    private readonly viewed: ViewedFilesStore | undefined,
    makeFile: (f: PullRequestFile) => FileRow,
    options: Omit<PagedGroupOptions<PullRequestFile>, 'toNodes'>,
  ) {
    // A file's row is the same node each time the list is drawn again (after
    // a mark): VS Code keeps a row by its id and refuses a new node under an
    // id it still holds.
    const rows = new Map<string, FileRow>();
    const rowOf = (f: PullRequestFile, isViewedNow: boolean | undefined) => {
      const rowKey = `${f.filename}@${f.sha}`;
      let row = rows.get(rowKey);
      if (!row) rows.set(rowKey, (row = makeFile(f)));
      row.viewed = isViewedNow;
      return row;
    };
    super({
      ...options,
      toNodes: (items) => {
        if (!viewed) return items.map((f) => rowOf(f, undefined));
        const state = viewed.get(key);
        const shown = viewed.hideViewed ? items.filter((f) => !isViewed(state, f)) : items;
        if (items.length > 0 && shown.length === 0) return [new MessageNode(vscode.l10n.t('Every file loaded is viewed (viewed files are hidden).'), 'pass')];
        return shown.map((f) => rowOf(f, isViewed(state, f)));
      },
    });
    live.set(idOf(key), this);
  }

  override toTreeItem(): vscode.TreeItem {
    const item = super.toTreeItem();
    if (this.viewed && this.list.loaded.length > 0) {
      // Of the files loaded ("of 100+" while more pages are to come).
      const { viewed, total } = viewedProgress(this.viewed.get(this.key), this.list.loaded);
      item.description = vscode.l10n.t('{0} of {1} viewed', viewed, this.list.hasMore ? `${total}+` : total);
      item.contextValue = 'pullFiles';
    }
    return item;
  }
}
