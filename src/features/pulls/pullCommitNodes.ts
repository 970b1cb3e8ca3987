// A pull request's commits under its row, oldest first (the service lists
// them so, docs/service-api/hosting/pulls.md §5); under each, the review
// threads written on it (their root's original_commit_id). Loaded when the
// Commits row is first expanded, not at activation.
import * as vscode from 'vscode';
import type { CommitSummary, HostingClient, PullRequest, ReviewComment } from '../../hosting';
import { collect } from '../../hosting';
import { RepoDeskNode } from '../shared/tree/nodes';
import { threadNodes, type CommentContext } from '../shared/tree/reviewThreadNodes';
import { ItemNode, adopt } from '../shared/tree/treeBase';
import { errorText } from '../shared/failure';
import type { PullNode } from './pullNodes';

export class PullCommitNode extends RepoDeskNode {
  constructor(
    readonly owner: string,
    readonly repo: string,
    readonly pull: PullRequest,
    readonly commit: CommitSummary,
    private readonly threads: RepoDeskNode[],
    private readonly idPrefix: string,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const c = this.commit;
    const message = c.commit.message.replace(/\r\n/g, '\n').trim();
    const login = (c as { author?: { login?: unknown } | null }).author?.login;
    const item = new vscode.TreeItem(
      message.split('\n')[0] ?? '',
      this.threads.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${this.idPrefix}${c.sha}`;
    item.description = `${c.sha.slice(0, 7)} · ${typeof login === 'string' ? login : c.commit.author.name}`;
    item.tooltip = message;
    item.iconPath = new vscode.ThemeIcon('git-commit');
    item.contextValue = 'pullCommit';
    item.command = { command: 'repodesk.pulls.openCommit', title: vscode.l10n.t('Open Commit'), arguments: [this] };
    return item;
  }

  override children(): RepoDeskNode[] {
    return adopt(this, this.threads);
  }
}

/**
 * The Commits row of a pull request: its commits are read at once (the
 * list's pull requests do not count them), the count joining the label.
 */
export function commitsRow(pr: PullNode, ctx: CommentContext, id: string): RepoDeskNode {
  const { client, owner, repo, pull } = pr;
  let count: number | undefined;
  const row: ItemNode = new ItemNode(
    () => {
      const item = new vscode.TreeItem(
        count === undefined ? vscode.l10n.t('Commits') : vscode.l10n.t('Commits {0}', count),
        vscode.TreeItemCollapsibleState.Collapsed,
      );
      item.id = `${id}commits`;
      item.iconPath = new vscode.ThemeIcon('git-commit');
      item.contextValue = 'pullCommits';
      return item;
    },
    () => read,
  );
  const read = commitNodes(row, client, owner, repo, pull, ctx, `${id}commit:`, (n) => {
    count = n;
    pr.onChanged(row);
  });
  return row;
}

/** The commits group's rows: each commit with the threads whose first comment was written on it. */
async function commitNodes(
  group: RepoDeskNode,
  client: HostingClient,
  owner: string,
  repo: string,
  pull: PullRequest,
  ctx: CommentContext,
  idPrefix: string,
  counted: (n: number) => void,
): Promise<RepoDeskNode[]> {
  let commits: CommitSummary[], comments: ReviewComment[];
  try {
    [commits, comments] = await Promise.all([
      collect(client.pulls.listCommits(owner, repo, pull.number, { priority: 'background' })),
      client.reviewComments.listAllForPull(owner, repo, pull.number, { priority: 'background' }),
    ]);
  } catch (err) {
    // Read as the pull request opens, before anyone looks: said in the row, never an unhandled failure.
    return adopt(group, [new ItemNode(() => new vscode.TreeItem(vscode.l10n.t('Could not read the commits: {0}', errorText(err))))]);
  }
  // A reply has no thread of its own: it goes with its root, wherever the root was written.
  const byId = new Map(comments.map((c) => [c.id, c]));
  const rootOf = (c: ReviewComment) => (c.in_reply_to_id !== undefined && c.in_reply_to_id !== null ? (byId.get(c.in_reply_to_id) ?? c) : c);
  const nodes = commits.map((c) => {
    const prefix = `${idPrefix}${c.sha}:`;
    const threads = threadNodes(
      comments.filter((x) => rootOf(x).original_commit_id === c.sha),
      ctx,
      prefix,
    );
    return new PullCommitNode(owner, repo, pull, c, threads, idPrefix);
  });
  counted(nodes.length);
  return adopt<RepoDeskNode>(group, nodes.length > 0 ? nodes : [new ItemNode(() => new vscode.TreeItem(vscode.l10n.t('No commits.')))]);
}
