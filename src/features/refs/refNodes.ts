// Nodes of the Git Refs view: namespaces (branches, tags, others), refs with
// their short SHA and commit message, and a read-only browser of the tree
// at a ref.
import * as vscode from 'vscode';
import type { HostingClient, Reference } from '../../hosting';
import { firstLine, groupRefs, shortSha } from '../../util/viewFormat';
import { gitUri, type GitFileSystem } from '../shared/gitfs/gitFileSystem';
import { ItemNode, adopt } from '../shared/tree/treeBase';
import { errorText } from '../shared/failure';
import { ErrorNode, MessageNode, RepoDeskNode } from '../shared/tree/nodes';

export interface RefsContext {
  owner: string;
  repo: string;
  client: HostingClient;
  gitfs: GitFileSystem;
  /** Commit SHA to its message (commits never change). */
  messages: Map<string, string>;
  /** Re-renders a node (its children are read again). */
  update: (node: RepoDeskNode) => void;
}

export class RefNode extends RepoDeskNode {
  constructor(readonly ctx: RefsContext, readonly ref: Reference, readonly short: string, readonly namespace: string) {
    super();
  }

  get isCommit(): boolean {
    return this.ref.object.type === 'commit';
  }

  toTreeItem(): vscode.TreeItem {
    const r = this.ref;
    const item = new vscode.TreeItem(this.short, this.isCommit ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `ref:${this.ctx.owner}/${this.ctx.repo}:${r.ref}`;
    const message = this.ctx.messages.get(r.object.sha);
    item.description = [shortSha(r.object.sha), r.object.type === 'tag' ? vscode.l10n.t('annotated tag') : message ? firstLine(message, 60) : undefined].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(this.namespace === 'heads' ? 'git-branch' : this.namespace === 'tags' ? 'tag' : 'symbol-reference');
    item.tooltip = `${r.ref}\n${r.object.type} ${r.object.sha}${message ? `\n\n${message}` : ''}`;
    item.contextValue = `gitRef:${this.namespace}`;
    return item;
  }

  override children(): Promise<RepoDeskNode[]> {
    return treeChildren(this, this.ctx, this.ref.object.sha, '');
  }
}

export class TreeEntryNode extends RepoDeskNode {
  constructor(readonly ctx: RefsContext, readonly sha: string, readonly path: string, readonly isDirectory: boolean) {
    super();
  }

  get uri(): vscode.Uri {
    return gitUri({ owner: this.ctx.owner, repo: this.ctx.repo, sha: this.sha, path: this.path });
  }

  toTreeItem(): vscode.TreeItem {
    const name = this.path.slice(this.path.lastIndexOf('/') + 1);
    const item = new vscode.TreeItem(name, this.isDirectory ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `tree:${this.ctx.owner}/${this.ctx.repo}:${this.sha}:${this.path}`;
    item.resourceUri = this.uri;
    item.iconPath = this.isDirectory ? vscode.ThemeIcon.Folder : vscode.ThemeIcon.File;
    item.contextValue = this.isDirectory ? 'gitTreeDirectory' : 'gitTreeFile';
    if (!this.isDirectory) item.command = { command: 'vscode.open', title: vscode.l10n.t('Open File'), arguments: [this.uri] };
    return item;
  }

  override children(): Promise<RepoDeskNode[]> {
    return treeChildren(this, this.ctx, this.sha, this.path);
  }
}

async function treeChildren(parent: RepoDeskNode, ctx: RefsContext, sha: string, dir: string): Promise<RepoDeskNode[]> {
  try {
    const entries = await ctx.gitfs.list({ owner: ctx.owner, repo: ctx.repo, sha, path: dir });
    const nodes = entries
      .map((e) => new TreeEntryNode(ctx, sha, dir ? `${dir}/${e.path}` : e.path, e.type === 'tree'))
      .sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || a.path.localeCompare(b.path));
    return adopt<RepoDeskNode>(parent, nodes.length > 0 ? nodes : [new MessageNode(vscode.l10n.t('Empty tree.'))]);
  } catch (err) {
    return adopt(parent, [new ErrorNode(errorText(err), () => ctx.update(parent))]);
  }
}

const NAMESPACE_LABELS: Record<string, () => string> = { heads: () => vscode.l10n.t('Branches'), tags: () => vscode.l10n.t('Tags') };

/** Loads the commit messages of the refs that point at commits, a few at a time. */
export async function loadMessages(ctx: RefsContext, refs: readonly Reference[]): Promise<void> {
  const todo = [...new Set(refs.filter((r) => r.object.type === 'commit' && !ctx.messages.has(r.object.sha)).map((r) => r.object.sha))];
  const worker = async () => {
    for (let sha = todo.shift(); sha; sha = todo.shift()) {
      try {
        ctx.messages.set(sha, (await ctx.client.git.getCommit(ctx.owner, ctx.repo, sha, { priority: 'background' })).message);
      } catch {
        // The ref still shows its SHA; the message is a nicety.
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

export function refGroupNodes(ctx: RefsContext, refs: readonly Reference[]): RepoDeskNode[] {
  return groupRefs(refs).map((g) => {
    const group: ItemNode = new ItemNode(() => {
      const item = new vscode.TreeItem(NAMESPACE_LABELS[g.namespace]?.() ?? g.namespace, g.namespace === 'heads' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `refs:${ctx.owner}/${ctx.repo}:${g.namespace}`;
      item.iconPath = new vscode.ThemeIcon(g.namespace === 'heads' ? 'git-branch' : g.namespace === 'tags' ? 'tag' : 'folder');
      item.description = String(g.refs.length);
      item.contextValue = `gitRefGroup:${g.namespace}`;
      return item;
    }, () => adopt(group, g.refs.map((r) => new RefNode(ctx, r.ref, r.short, g.namespace))));
    return group;
  });
}
