// Nodes of the Releases view: the published, prerelease and draft groups, a
// release, and its assets with size and download count.
import * as vscode from 'vscode';
import type { Release, ReleaseAsset } from '../../hosting';
import { formatSize } from '../../util/viewFormat';
import { RepoDeskNode } from '../shared/tree/nodes';
import { ItemNode, adopt, ageText, exactDate } from '../shared/tree/treeBase';

export interface RepoCoords {
  owner: string;
  repo: string;
}

export class ReleaseNode extends RepoDeskNode {
  constructor(
    readonly at: RepoCoords,
    readonly release: Release,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const r = this.release;
    const item = new vscode.TreeItem(
      r.name ? `${r.name}` : r.tag_name,
      r.assets.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `release:${this.at.owner}/${this.at.repo}:${r.id}`;
    const when = r.published_at ?? r.created_at;
    item.description = [
      r.name && r.name !== r.tag_name ? r.tag_name : undefined,
      ageText(when),
      r.assets.length === 1 ? vscode.l10n.t('1 asset') : vscode.l10n.t('{0} assets', r.assets.length),
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(r.draft ? 'edit' : r.prerelease ? 'beaker' : 'tag');
    item.contextValue = `release${r.draft ? ':draft' : r.prerelease ? ':prerelease' : ':published'}`;
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const r = this.release;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**${r.tag_name}** · ${r.target_commitish} · ${r.author.login} · ${exactDate(r.published_at ?? r.created_at)}\n\n`);
    tooltip.appendText(r.body ?? '');
    return tooltip;
  }

  override children(): RepoDeskNode[] {
    return adopt(
      this,
      this.release.assets.map((a) => new AssetNode(this.at, this.release, a)),
    );
  }
}

export class AssetNode extends RepoDeskNode {
  constructor(
    readonly at: RepoCoords,
    readonly release: Release,
    readonly asset: ReleaseAsset,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const a = this.asset;
    const item = new vscode.TreeItem(a.name, vscode.TreeItemCollapsibleState.None);
    item.id = `asset:${this.at.owner}/${this.at.repo}:${a.id}`;
    item.resourceUri = vscode.Uri.file(`/${a.name}`);
    item.iconPath = vscode.ThemeIcon.File;
    item.description = `${formatSize(a.size)} · ${a.download_count === 1 ? vscode.l10n.t('1 download') : vscode.l10n.t('{0} downloads', a.download_count)}`;
    item.tooltip = `${a.label ?? a.name}\n${a.content_type} · ${a.uploader.login}`;
    item.contextValue = 'releaseAsset';
    return item;
  }
}

/** Releases split into published, prereleases and drafts; a group only when it has releases. */
export function releaseGroups(at: RepoCoords, releases: readonly Release[], canPush: boolean): RepoDeskNode[] {
  const groups: [string, string, string, Release[]][] = [
    ['published', vscode.l10n.t('Published'), 'tag', releases.filter((r) => !r.draft && !r.prerelease)],
    ['prerelease', vscode.l10n.t('Prereleases'), 'beaker', releases.filter((r) => !r.draft && r.prerelease)],
    ['draft', vscode.l10n.t('Drafts'), 'edit', canPush ? releases.filter((r) => r.draft) : []],
  ];
  return groups
    .filter(([, , , list]) => list.length > 0)
    .map(([key, label, icon, list]) => {
      const group: ItemNode = new ItemNode(
        () => {
          const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
          item.id = `releases:${at.owner}/${at.repo}:${key}`;
          item.iconPath = new vscode.ThemeIcon(icon);
          item.description = String(list.length);
          item.contextValue = `releaseGroup:${key}`;
          return item;
        },
        () =>
          adopt(
            group,
            list.map((r) => new ReleaseNode(at, r)),
          ),
      );
      return group;
    });
}
