// A row of the kept pull request listing (src/listings/pullSnapshot.ts),
// shown while the service is asked again after a reload: what the row said,
// marked as updating. It has no children and no command (its pull request's
// head may have moved): the fresh row that replaces it does.
import * as vscode from 'vscode';
import type { CachedPull } from '../../listings/pullSnapshot';
import { RepoDeskNode } from '../shared/tree/nodes';
import { pullStateUri } from './pullDecorations';
import { STATE_ICONS } from './pullNodes';

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
    const item = new vscode.TreeItem(`#${p.number} ${p.title}`, vscode.TreeItemCollapsibleState.None);
    item.id = `kept-pull:${this.owner}/${this.repo}#${p.number}`;
    const stateText = { open: vscode.l10n.t('open'), closed: vscode.l10n.t('closed'), merged: vscode.l10n.t('merged') }[p.state];
    item.description = `${p.author} · ${stateText} · ${vscode.l10n.t('updating…')}`;
    const [icon, color] = STATE_ICONS[p.state];
    item.iconPath = new vscode.ThemeIcon(icon, new vscode.ThemeColor(color));
    item.resourceUri = pullStateUri(this.owner, this.repo, p.number, p.state);
    item.contextValue = 'keptPullRequest';
    item.tooltip = vscode.l10n.t('As last shown; being read again.');
    return item;
  }
}
