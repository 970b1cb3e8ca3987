// Nodes of the Git Refs view: namespaces (branches, tags, others), refs with
// their short SHA and commit message, and a read-only browser of the tree
// at a ref.
import * as vscode from 'vscode';
import type { GitTag, HostingClient, Reference } from '../../hosting';
import { firstLine, groupRefs, shortSha } from '../../util/viewFormat';
import { gitUri, type GitFileSystem } from '../shared/gitfs/gitFileSystem';
import { ItemNode, adopt, exactDate } from '../shared/tree/treeBase';
import { errorText } from '../shared/failure';
import { ErrorNode, MessageNode, RepoDeskNode } from '../shared/tree/nodes';

export interface RefsContext {
  owner: string;
  repo: string;
  client: HostingClient;
  gitfs: GitFileSystem;
  /** Commit SHA to its message (commits never change). */
  messages: Map<string, string>;
  /** Annotated tag object SHA to the tag object (tag objects never change either). */
  tags: Map<string, GitTag>;
  /** Re-renders a node (its children are read again). */
  update: (node: RepoDeskNode) => void;
}

export class RefNode extends RepoDeskNode {
  constructor(
    readonly ctx: RefsContext,
    readonly ref: Reference,
    readonly short: string,
    readonly namespace: string,
  ) {
    super();
  }

  get isCommit(): boolean {
    return this.ref.object.type === 'commit';
  }

  /** The annotated tag object the ref points at (once read), else undefined. */
  get tag(): GitTag | undefined {
    return this.ref.object.type === 'tag' ? this.ctx.tags.get(this.ref.object.sha) : undefined;
  }

  /** The commit the ref leads to: its own object, or an annotated tag's target (undefined until read, or for a tag of a tree or blob). */
  get commitSha(): string | undefined {
    return this.isCommit ? this.ref.object.sha : peel(this.ctx, this.ref.object.sha);
  }

  toTreeItem(): vscode.TreeItem {
    const r = this.ref;
    const commit = this.commitSha;
    const item = new vscode.TreeItem(this.short, commit ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `ref:${this.ctx.owner}/${this.ctx.repo}:${r.ref}`;
    const tag = this.tag;
    const message = commit ? this.ctx.messages.get(commit) : undefined;
    item.iconPath = new vscode.ThemeIcon(this.namespace === 'heads' ? 'git-branch' : this.namespace === 'tags' ? 'tag' : 'symbol-reference');
    item.contextValue = `gitRef:${this.namespace}`;
    if (tag) {
      // An annotated tag reads like a release note: its message and who tagged, at the commit it marks.
      item.description = [commit ? shortSha(commit) : undefined, firstLine(tag.message, 60) || undefined, tag.tagger.name].filter(Boolean).join(' · ');
      item.tooltip = [
        r.ref,
        `tag ${r.object.sha}`,
        ...(commit ? [`commit ${commit}`] : []),
        `${tag.tagger.name} <${tag.tagger.email}> · ${exactDate(tag.tagger.date)}`,
        '',
        tag.message.trimEnd(),
      ].join('\n');
      return item;
    }
    item.description = [shortSha(r.object.sha), r.object.type === 'tag' ? vscode.l10n.t('annotated tag') : message ? firstLine(message, 60) : undefined]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = `${r.ref}\n${r.object.type} ${r.object.sha}${message ? `\n\n${message}` : ''}`;
    return item;
  }

  override children(): Promise<RepoDeskNode[]> {
    return treeChildren(this, this.ctx, this.commitSha ?? this.ref.object.sha, '');
  }
}

/** The commit at the end of a chain of annotated tags already read (a tag may tag a tag). */
function peel(ctx: RefsContext, sha: string): string | undefined {
  for (let tag = ctx.tags.get(sha), hops = 0; tag && hops < 10; tag = ctx.tags.get(tag.object.sha), hops++) {
    if (tag.object.type === 'commit') return tag.object.sha;
    if (tag.object.type !== 'tag') return undefined;
  }
  return undefined;
}

class TreeEntryNode extends RepoDeskNode {
  constructor(
    readonly ctx: RefsContext,
    readonly sha: string,
    readonly path: string,
    readonly isDirectory: boolean,
  ) {
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

/** Loads the annotated tags' objects, then the commit messages of the refs, a few at a time. */
export async function loadMessages(ctx: RefsContext, refs: readonly Reference[]): Promise<void> {
  const inParallel = async (todo: string[], read: (sha: string) => Promise<void>) => {
    const worker = async () => {
      for (let sha = todo.shift(); sha; sha = todo.shift()) {
        try {
          await read(sha);
        } catch {
          // The ref still shows its SHA; the message and the tagger are a nicety.
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
  };
  // A tag of a tag is read in a second round (rare; a few rounds at most).
  let tagShas = refs.filter((r) => r.object.type === 'tag').map((r) => r.object.sha);
  for (let round = 0; round < 3 && tagShas.length > 0; round++) {
    const todo = [...new Set(tagShas.filter((sha) => !ctx.tags.has(sha)))];
    await inParallel(todo, async (sha) => {
      ctx.tags.set(sha, await ctx.client.git.getTag(ctx.owner, ctx.repo, sha, { priority: 'background' }));
    });
    tagShas = tagShas
      .map((sha) => ctx.tags.get(sha))
      .filter((t) => t?.object.type === 'tag')
      .map((t) => t!.object.sha);
  }
  const commits = refs.map((r) => (r.object.type === 'commit' ? r.object.sha : peel(ctx, r.object.sha)));
  await inParallel([...new Set(commits.filter((sha): sha is string => sha !== undefined && !ctx.messages.has(sha)))], async (sha) => {
    ctx.messages.set(sha, (await ctx.client.git.getCommit(ctx.owner, ctx.repo, sha, { priority: 'background' })).message);
  });
}

export function refGroupNodes(ctx: RefsContext, refs: readonly Reference[]): RepoDeskNode[] {
  return groupRefs(refs).map((g) => {
    const group: ItemNode = new ItemNode(
      () => {
        const item = new vscode.TreeItem(
          NAMESPACE_LABELS[g.namespace]?.() ?? g.namespace,
          g.namespace === 'heads' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
        );
        item.id = `refs:${ctx.owner}/${ctx.repo}:${g.namespace}`;
        item.iconPath = new vscode.ThemeIcon(g.namespace === 'heads' ? 'git-branch' : g.namespace === 'tags' ? 'tag' : 'folder');
        item.description = String(g.refs.length);
        item.contextValue = `gitRefGroup:${g.namespace}`;
        return item;
      },
      () =>
        adopt(
          group,
          g.refs.map((r) => new RefNode(ctx, r.ref, r.short, g.namespace)),
        ),
    );
    return group;
  });
}
