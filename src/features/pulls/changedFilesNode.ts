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

export class ChangedFilesNode extends PagedGroupNode<PullRequestFile> {
  constructor(
    readonly key: PullKey,
    readonly pull: PullRequest,
    private readonly viewed: ViewedFilesStore | undefined,
    makeFile: (f: PullRequestFile, viewed: boolean | undefined) => RepoDeskNode,
    options: Omit<PagedGroupOptions<PullRequestFile>, 'toNodes'>,
  ) {
    super({
      ...options,
      toNodes: (items) => {
        if (!viewed) return items.map((f) => makeFile(f, undefined));
        const state = viewed.get(key);
        const shown = viewed.hideViewed ? items.filter((f) => !isViewed(state, f)) : items;
        if (items.length > 0 && shown.length === 0) return [new MessageNode(vscode.l10n.t('Every file loaded is viewed (viewed files are hidden).'), 'pass')];
        return shown.map((f) => makeFile(f, isViewed(state, f)));
      },
    });
    live.set(idOf(key), this);
  }

  private described = false;

  override async children(): Promise<RepoDeskNode[]> {
    const nodes = await super.children();
    // The row was drawn before its files were read: drawn again once, now that the progress can be counted.
    if (this.viewed && !this.described && this.list.loaded.length > 0) {
      this.described = true;
      this.options.onChanged(this);
    }
    return nodes;
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
