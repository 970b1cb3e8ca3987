// The Changed files node of a pull request: its files, read page by page,
// with the progress of the review in its description ("3 of 12 viewed") and,
// when the user chose to hide them, without the files viewed. A long list
// (more than one page, or more than a screen) is drawn by folder, each
// folder collapsed with its count; a list the service ends short of the
// pull request's own count says so.
import * as vscode from 'vscode';
import type { PullRequest, PullRequestDetailed, PullRequestFile } from '../../hosting';
import { groupByFolder, groupsByFolder, type FolderGroup } from '../../reviewing/folderGroups';
import { unlisted } from '../../reviewing/listShortfall';
import { isViewed, viewedProgress } from '../../reviewing/viewedFiles';
import type { PullKey } from '../review/stores/pullReviewComments';
import type { ViewedFilesStore } from '../review/stores/viewedFilesStore';
import { MessageNode, RepoDeskNode } from '../shared/tree/nodes';
import { PagedGroupNode, adopt, type PagedGroupOptions } from '../shared/tree/treeBase';

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
  readonly file: PullRequestFile;
  viewed: boolean | undefined;
}

/** A folder of changed files: collapsed, with how many files it holds (and how many are viewed). */
class FolderNode extends RepoDeskNode {
  constructor(
    private readonly id: string,
    public group: FolderGroup<FileRow>,
    private readonly folderOf: (g: FolderGroup<FileRow>) => FolderNode,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const g = this.group;
    const item = new vscode.TreeItem(g.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = vscode.ThemeIcon.Folder;
    item.resourceUri = vscode.Uri.file(`/${g.path}`);
    const rows: FileRow[] = [];
    const walk = (f: FolderGroup<FileRow>) => {
      rows.push(...f.files);
      f.folders.forEach(walk);
    };
    walk(g);
    const viewedCount = rows.filter((r) => r.viewed).length;
    const files = g.count === 1 ? vscode.l10n.t('1 file') : vscode.l10n.t('{0} files', g.count);
    item.description = rows.some((r) => r.viewed !== undefined) ? vscode.l10n.t('{0} of {1} viewed', viewedCount, g.count) : files;
    item.tooltip = `${g.path}\n${files}`;
    item.contextValue = 'pullFolder';
    return item;
  }

  override children(): RepoDeskNode[] {
    return adopt<RepoDeskNode>(this, [...this.group.folders.map(this.folderOf), ...this.group.files]);
  }
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
    // A folder's row is kept by its path for the same reason.
    const folders = new Map<string, FolderNode>();
    const folderOf = (g: FolderGroup<FileRow>) => {
      let node = folders.get(g.path);
      if (!node) folders.set(g.path, (node = new FolderNode(`${options.id}:dir:${g.path}`, g, folderOf)));
      node.group = g;
      return node;
    };
    super({
      ...options,
      toNodes: (items, group) => {
        const state = viewed?.get(key);
        const shown = state && viewed?.hideViewed ? items.filter((f) => !isViewed(state, f)) : items;
        if (items.length > 0 && shown.length === 0) return [new MessageNode(vscode.l10n.t('Every file loaded is viewed (viewed files are hidden).'), 'pass')];
        const rows = shown.map((f) => rowOf(f, state ? isViewed(state, f) : undefined));
        const more = group.list.hasMore;
        // The service's list read to its end, short of the pull request's own count: said, not cut silently.
        const missing = unlisted(items.length, (pull as Partial<PullRequestDetailed>).changed_files, more);
        const note =
          missing > 0
            ? [
                new MessageNode(
                  vscode.l10n.t(
                    "The service lists {0} of this pull request's {1} changed files; open it on the web for the other {2}.",
                    items.length,
                    items.length + missing,
                    missing,
                  ),
                  'warning',
                ),
              ]
            : [];
        if (!groupsByFolder(items.length, more)) return [...rows, ...note];
        const root = groupByFolder(rows, (r) => r.file.filename);
        return [...root.folders.map(folderOf), ...root.files, ...note];
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
