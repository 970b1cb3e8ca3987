// A row of the kept pull request listing (src/listings/pullSnapshot.ts),
// shown while the service is asked again after a reload: what the row said,
// marked as updating. It has no children (its pull request's head may have
// moved): the fresh row that replaces it does. Its click opens the overview
// as the fresh row's does, and it has the fresh row's id: a click on it
// while the service is asked is neither lost nor undone by the fresh rows.
import * as vscode from 'vscode';
import type { CachedPull } from '../../listings/pullSnapshot';
import { RepoDeskNode } from '../shared/tree/nodes';
import { pullRow } from './pullNodes';

export class KeptPullNode extends RepoDeskNode {
  constructor(
    readonly owner: string,
    readonly repo: string,
    readonly kept: CachedPull,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const p = this.kept;
    const item = pullRow(this.owner, this.repo, p.number, p.title, p.author, p.state, vscode.TreeItemCollapsibleState.None);
    item.description += ` · ${vscode.l10n.t('updating…')}`;
    item.contextValue = 'keptPullRequest';
    item.tooltip = vscode.l10n.t('As last shown; being read again.');
    return item;
  }
}
