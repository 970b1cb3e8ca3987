// Nodes of the Pull Requests view: a pull request, its changed files, its
// review-comment threads and its commits.
import * as vscode from 'vscode';
import { type HostingClient, type PullRequest, type PullRequestFile } from '../../hosting';
import type { AvatarCache } from '../../util/avatars';
import { RepoDeskNode } from '../shared/tree/nodes';
import { pullStateUri } from './pullDecorations';
import { threadNodes, type CommentContext } from '../shared/tree/reviewThreadNodes';
import { ItemNode, adopt } from '../shared/tree/treeBase';
import type { ViewedFilesStore } from '../review/stores/viewedFilesStore';
import { ChangedFilesNode } from './changedFilesNode';
import { warmFile } from '../shared/gitfs/gitFileSystem';

export type PullState = 'open' | 'closed' | 'merged';

function pullState(p: PullRequest): PullState {
  return p.merged_at ? 'merged' : p.state;
}

const STATE_ICONS: Record<PullState, [string, string]> = {
  open: ['git-pull-request', 'charts.green'],
  closed: ['git-pull-request-closed', 'charts.red'],
  merged: ['git-merge', 'charts.purple'],
};

/** A state as a row says it. */
function stateWord(state: PullState): string {
  return { open: vscode.l10n.t('open'), closed: vscode.l10n.t('closed'), merged: vscode.l10n.t('merged') }[state];
}

/**
 * What a pull request's row and its kept row (keptPullNodes.ts) share. The
 * same id, so a selection made on the kept row stays on the fresh one; the
 * same click, the overview page (the pullOverview feature's command, by id),
 * which reads the pull request itself: the title is its heading until the
 * page has drawn. The state's icon, and its coloured letter at the row's end
 * (pullDecorations.ts): it reads at once, unlike grey text.
 */
export function pullRow(
  owner: string,
  repo: string,
  number: number,
  title: string,
  author: string,
  state: PullState,
  collapsible: vscode.TreeItemCollapsibleState,
): vscode.TreeItem {
  const item = new vscode.TreeItem(`#${number} ${title}`, collapsible);
  item.id = `pull:${owner}/${repo}#${number}`;
  item.description = `${author} · ${stateWord(state)}`;
  const [icon, color] = STATE_ICONS[state];
  item.iconPath = new vscode.ThemeIcon(icon, new vscode.ThemeColor(color));
  item.resourceUri = pullStateUri(owner, repo, number, state);
  item.command = {
    command: 'repodesk.pulls.openOverview',
    title: vscode.l10n.t('Open Overview'),
    arguments: [{ owner, repo, number, title, preserveFocus: true }],
  };
  return item;
}

export class PullNode extends RepoDeskNode {
  constructor(
    readonly owner: string,
    readonly repo: string,
    readonly pull: PullRequest,
    readonly client: HostingClient,
    private readonly me: string | undefined,
    readonly onChanged: (node: RepoDeskNode) => void,
    private readonly avatars?: AvatarCache,
    private readonly viewed?: ViewedFilesStore,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const p = this.pull;
    const state = pullState(p);
    const item = pullRow(this.owner, this.repo, p.number, p.title, p.user.login, state, vscode.TreeItemCollapsibleState.Collapsed);
    // The author's avatar once loaded (the state stays in the description and
    // the letter); the state icon until then, or when the avatar cannot be had.
    const avatar = this.avatars?.get(p.user.avatar_url);
    if (avatar) item.iconPath = vscode.Uri.parse(avatar.dataUri);
    item.contextValue = `pullRequest:${state}`;
    item.accessibilityInformation = { label: `${vscode.l10n.t('Pull request')} ${p.number}, ${p.title}, ${p.user.login}, ${stateWord(state)}` };
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const p = this.pull;
    const avatar = this.avatars?.get(p.user.avatar_url);
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`![](${avatar?.dataUri ?? p.user.avatar_url}|width=20,height=20) **${p.user.login}** · ${stateWord(pullState(p))}\n\n`);
    tooltip.appendText(`#${p.number} ${p.title}\n${p.head.label} → ${p.base.label}\n\n${p.body ?? ''}`);
    return tooltip;
  }

  override async children(): Promise<RepoDeskNode[]> {
    const { owner, repo, pull, client } = this;
    const id = `pull:${owner}/${repo}#${pull.number}:`;
    // The first text files' sides (a binary or too large a file has no patch) are read as their rows are made: the one clicked opens from memory.
    let warm = WARM_FILES;
    const files = new ChangedFilesNode(
      { owner, repo, number: pull.number },
      pull,
      this.viewed,
      (f) => {
        if (f.patch && warm-- > 0) warmFile(owner, repo, pull, f);
        return new PullFileNode(owner, repo, pull, f);
      },
      {
        id: `${id}files`,
        label: vscode.l10n.t('Changed files'),
        icon: 'files',
        open: () => client.pulls.listFiles(owner, repo, pull.number, { priority: 'background' }),
        emptyText: vscode.l10n.t('No files changed.'),
        onChanged: this.onChanged,
        expanded: true,
        chunkSize: 100,
      },
    );
    const ctx: CommentContext = { owner, repo, me: this.me, headSha: pull.head.sha };
    const threads: ItemNode = new ItemNode(
      () => {
        const item = new vscode.TreeItem(vscode.l10n.t('Review threads'), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `${id}threads`;
        item.iconPath = new vscode.ThemeIcon('comment-discussion');
        item.contextValue = 'pullThreads';
        return item;
      },
      async (): Promise<RepoDeskNode[]> => {
        const comments = await client.reviewComments.listAllForPull(owner, repo, pull.number, { priority: 'background' });
        const nodes = threadNodes(comments, ctx, `${id}threads:`);
        return adopt<RepoDeskNode>(threads, nodes.length > 0 ? nodes : [new ItemNode(() => new vscode.TreeItem(vscode.l10n.t('No review comments yet.')))]);
      },
    );
    // The first page of files read before the row is drawn, so it shows the viewed progress at once.
    if (this.viewed) await files.list.ensureLoaded();
    // The commits' row and its code (pullCommitNodes.ts, with the view's commands: one chunk) load as the pull request opens, not at activation.
    return adopt(this, [files, threads, (await import('./pullCommands.js')).commitsRow(this, ctx, id)]);
  }
}

/**
 * The nodes of a page of pull requests, once the avatars of its distinct
 * authors have loaded (in parallel; from memory after the first time). A
 * failed avatar leaves its pull requests with the state icon.
 */
export async function pullNodes(
  owner: string,
  repo: string,
  pulls: readonly PullRequest[],
  client: HostingClient,
  me: string | undefined,
  onChanged: (node: RepoDeskNode) => void,
  avatars: AvatarCache,
  viewed?: ViewedFilesStore,
): Promise<PullNode[]> {
  await avatars.loadAll(pulls.map((p) => p.user.avatar_url));
  return pulls.map((pr) => new PullNode(owner, repo, pr, client, me, onChanged, avatars, viewed));
}

/** How many of a pull request's changed files are read ahead (warmFile), at most. */
const WARM_FILES = 10;

const STATUS_ICONS: Record<string, string> = { added: 'diff-added', removed: 'diff-removed', modified: 'diff-modified', renamed: 'diff-renamed' };

export class PullFileNode extends RepoDeskNode {
  constructor(
    readonly owner: string,
    readonly repo: string,
    readonly pull: PullRequest,
    readonly file: PullRequestFile,
    public viewed: boolean | undefined = undefined,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const f = this.file;
    const slash = f.filename.lastIndexOf('/');
    const item = new vscode.TreeItem(f.filename.slice(slash + 1), vscode.TreeItemCollapsibleState.None);
    item.id = `pull:${this.owner}/${this.repo}#${this.pull.number}:file:${f.filename}`;
    item.resourceUri = vscode.Uri.file(`/${f.filename}`);
    item.iconPath = new vscode.ThemeIcon(STATUS_ICONS[f.status] ?? 'diff-modified');
    // The change first, the folder after: a narrow sidebar cuts the end.
    item.description = `${f.status} +${f.additions} −${f.deletions}${slash > 0 ? ` · ${f.filename.slice(0, slash)}` : ''}`;
    item.tooltip = `${f.filename}\n${f.status}: +${f.additions} −${f.deletions}`;
    item.contextValue = `pullFile:${f.status}${this.viewed ? ':viewed' : ''}`;
    // The box marks the file viewed (at its blob now: it unticks itself when the file changes again).
    if (this.viewed !== undefined)
      item.checkboxState = {
        state: this.viewed ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked,
        tooltip: vscode.l10n.t('Viewed'),
      };
    item.command = { command: 'repodesk.pulls.openFile', title: vscode.l10n.t('Open Changes'), arguments: [this] };
    return item;
  }
}
