// Opening, closing, reopening and merging pull requests, with their
// `pull_request` events. Every check runs before anything is written; the
// rows of a new pull request are written in one transaction.
import type { EmulatorContext } from '../../server';
import { findUser, findUserById } from '../conventions/access';
import { ApiError, validationFailed } from '../conventions/errors';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { isoTime } from '../conventions/time';
import { bases } from '../conventions/urls';
import { emitRepoEvent, gitIdentity } from '../repos/create';
import { insertIssue, setIssueState } from '../issues/store';
import { adjustOpenIssues, markPushed, networkRepoOwnedBy, repoById } from '../repos/store';
import { PullGit } from './git';
import { pullDetailed } from './representation';
import { insertPull, openPullExists, pullById, recordMerge } from './store';
import { refreshRepoPulls } from './sync';
import type { Pull } from './schema';

const RESOURCE = 'PullRequest';

export interface OpenFields {
  title: string;
  head: string;
  base: string;
  body?: string | null | undefined;
}

/** `branch` or `owner:branch`; another owner's head lives in their fork of the same network. */
function resolveHeadRepo(ctx: EmulatorContext, base: RepoRow, head: string): { repo: RepoRow; owner: UserRow; ref: string } {
  const colon = head.indexOf(':');
  const baseOwner = findUserById(ctx.db, base.owner_id)!;
  if (colon < 0) return { repo: base, owner: baseOwner, ref: head };
  const owner = findUser(ctx.db, head.slice(0, colon));
  const ref = head.slice(colon + 1);
  if (!owner) throw validationFailed({ resource: RESOURCE, field: 'head', code: 'invalid' });
  if (owner.id === base.owner_id) return { repo: base, owner, ref };
  const root = base.source_id ?? base.id;
  const repo = networkRepoOwnedBy(ctx.db, owner.id, root);
  if (!repo) throw validationFailed({ resource: RESOURCE, field: 'head', code: 'invalid' });
  return { repo, owner, ref };
}

async function emitPullEvent(ctx: EmulatorContext, action: string, pull: Pull, sender: UserRow): Promise<void> {
  const payload = { action, number: pull.number, pull_request: await pullDetailed(ctx, bases(ctx), pull) };
  emitRepoEvent(ctx, 'pull_request', payload, repoById(ctx.db, pull.repo_id)!, sender);
}

export async function openPull(ctx: EmulatorContext, repo: RepoRow, user: UserRow, f: OpenFields, now = isoTime()): Promise<Pull> {
  const { db } = ctx;
  const git = PullGit.of(ctx, repo.id);
  const baseSha = await git.branchTip(f.base);
  if (!baseSha) throw validationFailed({ resource: RESOURCE, field: 'base', code: 'invalid' });
  const head = resolveHeadRepo(ctx, repo, f.head);
  const headGit = PullGit.of(ctx, head.repo.id);
  const headSha = await headGit.branchTip(head.ref);
  if (!headSha) throw validationFailed({ resource: RESOURCE, field: 'head', code: 'invalid' });
  if (head.repo.id !== repo.id) await git.fetchBranch(headGit.gitDir, head.ref);
  if (await git.isAncestor(headSha, baseSha)) {
    throw validationFailed({ resource: RESOURCE, field: 'head', code: 'invalid', message: `No commits between ${f.base} and ${f.head}` });
  }
  if (openPullExists(db, repo.id, head.repo.id, head.ref, f.base)) {
    throw validationFailed({
      resource: RESOURCE,
      field: 'head',
      code: 'already_exists',
      message: `A pull request already exists for ${head.owner.login}:${head.ref}.`,
    });
  }
  const pullId = db.transaction(() => {
    const issue = insertIssue(db, repo.id, user.id, f.title, f.body ?? null, true, now);
    return insertPull(db, {
      issueId: issue.id,
      repoId: repo.id,
      number: issue.number,
      headRepoId: head.repo.id,
      headOwnerId: head.owner.id,
      headRef: head.ref,
      headSha,
      baseRef: f.base,
      baseSha,
    });
  })();
  const pull = pullById(db, pullId)!;
  await emitPullEvent(ctx, 'opened', pull, user);
  return pull;
}

/** Closes (without merging) or reopens a pull request. */
export async function setPullState(ctx: EmulatorContext, pull: Pull, state: 'open' | 'closed', user: UserRow): Promise<Pull> {
  if (pull.state === state) return pull;
  if (state === 'open' && pull.merged_at !== null)
    throw validationFailed({ resource: RESOURCE, field: 'state', code: 'invalid', message: 'A merged pull request cannot be reopened' });
  const now = isoTime();
  ctx.db.transaction(() => {
    setIssueState(ctx.db, pull.issue_id, state, now);
    adjustOpenIssues(ctx.db, pull.repo_id, state === 'closed' ? -1 : 1);
  })();
  // A reopened pull request catches up with its branches.
  if (state === 'open') await refreshRepoPulls(ctx, pull.repo_id);
  const updated = pullById(ctx.db, pull.id)!;
  await emitPullEvent(ctx, state === 'closed' ? 'closed' : 'reopened', updated, user);
  return updated;
}

const NOT_MERGEABLE = 'Pull Request is not mergeable';

/**
 * Merges head into base with a real merge commit (merge-tree, commit-tree,
 * then the base branch moved only if it still holds the SHA that was merged).
 */
export async function mergePull(
  ctx: EmulatorContext,
  pull: Pull,
  user: UserRow,
  commitMessage: string | undefined,
  expectedSha: string | undefined,
  now = isoTime(),
): Promise<string> {
  const { db } = ctx;
  if (pull.state !== 'open') throw new ApiError(405, NOT_MERGEABLE, undefined, '/v3/pulls/#merge-a-pull-request-merge-button');
  if (expectedSha !== undefined && expectedSha !== pull.head_sha) {
    throw new ApiError(409, 'Head branch was modified. Review and try the merge again.', undefined, '/v3/pulls/#merge-a-pull-request-merge-button');
  }
  const git = PullGit.of(ctx, pull.repo_id);
  const tree = await git.mergeTree(pull.base_sha, pull.head_sha);
  if (tree === null) throw new ApiError(405, NOT_MERGEABLE, undefined, '/v3/pulls/#merge-a-pull-request-merge-button');
  const headOwner = findUserById(db, pull.head_owner_id)!;
  const message = `Merge pull request #${pull.number} from ${headOwner.login}/${pull.head_ref}\n\n${commitMessage ?? pull.title}\n`;
  const host = new URL(ctx.baseUrl() || 'http://localhost').host;
  const sha = await git.commitTree(tree, [pull.base_sha, pull.head_sha], message, gitIdentity(user, now, host));
  if (!(await git.moveBranch(pull.base_ref, sha, pull.base_sha))) {
    throw new ApiError(409, 'Base branch was modified. Review and try the merge again.', undefined, '/v3/pulls/#merge-a-pull-request-merge-button');
  }
  db.transaction(() => {
    setIssueState(db, pull.issue_id, 'closed', now);
    recordMerge(db, pull.id, now, sha, user.id);
    adjustOpenIssues(db, pull.repo_id, -1);
    markPushed(db, pull.repo_id, now);
  })();
  const merged = pullById(db, pull.id)!;
  await emitPullEvent(ctx, 'closed', merged, user);
  emitMergePush(ctx, merged, sha, message, user, now);
  return sha;
}

/** The merge moved the base branch: a push of the merge commit. */
function emitMergePush(ctx: EmulatorContext, pull: Pull, sha: string, message: string, user: UserRow, now: string): void {
  const repo = repoById(ctx.db, pull.repo_id)!;
  const b = bases(ctx);
  const full = `${findUserById(ctx.db, repo.owner_id)!.login}/${repo.name}`;
  const identity = gitIdentity(user, now, new URL(b.web || 'http://localhost').host);
  const commit = {
    id: sha,
    distinct: true,
    message: message.trimEnd(),
    timestamp: now,
    url: `${b.web}/${full}/commit/${sha}`,
    author: { name: identity.name, email: identity.email, username: user.login },
    committer: { name: identity.name, email: identity.email, username: user.login },
    added: [],
    removed: [],
    modified: [],
  };
  emitRepoEvent(
    ctx,
    'push',
    {
      ref: `refs/heads/${pull.base_ref}`,
      before: pull.base_sha,
      after: sha,
      created: false,
      deleted: false,
      forced: false,
      base_ref: null,
      compare: `${b.web}/${full}/compare/${pull.base_sha.slice(0, 12)}...${sha.slice(0, 12)}`,
      commits: [commit],
      head_commit: commit,
      pusher: { name: user.login, email: identity.email },
    },
    repo,
    user,
  );
}
