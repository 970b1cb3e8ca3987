// The pull request as JSON: the fields of docs/service-api/hosting/pulls §1
// (lists) and, for the single pull request, the extra fields of §4 (merged,
// mergeable, comments, review_comments, commits, additions, deletions,
// changed_files), computed from git.
import type { Db } from '../../db';
import type { EmulatorContext } from '../../server';
import { findUserById } from '../conventions/access';
import { repoSummary, userSummary } from '../conventions/representations';
import { isoOrNull, isoTime } from '../conventions/time';
import type { Bases } from '../conventions/urls';
import { PullGit } from './git';
import { repoById } from '../repos/store';
import type { Pull } from './schema';
import { commentCount } from './store';

function side(db: Db, b: Bases, ownerId: number, repoId: number | null, ref: string, sha: string): Record<string, unknown> {
  const owner = findUserById(db, ownerId)!;
  const repo = repoById(db, repoId);
  return {
    label: `${owner.login}:${ref}`,
    ref,
    sha,
    user: userSummary(b, owner),
    repo: repo ? repoSummary(b, repo, findUserById(db, repo.owner_id)!, undefined) : null,
  };
}

/** The pull request of lists (docs/service-api/hosting/pulls §1). */
export function pullSummary(db: Db, b: Bases, pull: Pull): Record<string, unknown> {
  const repo = repoById(db, pull.repo_id)!;
  const baseOwner = findUserById(db, repo.owner_id)!;
  const full = `${baseOwner.login}/${repo.name}`;
  const api = `${b.api}/repos/${full}`;
  const url = `${api}/pulls/${pull.number}`;
  const html = `${b.web}/${full}/pull/${pull.number}`;
  const issue = `${api}/issues/${pull.number}`;
  const statuses = `${api}/statuses/${pull.head_sha}`;
  return {
    url,
    id: pull.id,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issue,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${api}/pulls/comments/{number}`,
    comments_url: `${issue}/comments`,
    statuses_url: statuses,
    number: pull.number,
    state: pull.state,
    title: pull.title,
    body: pull.body,
    assignee: null,
    milestone: null,
    created_at: isoTime(pull.created_at),
    updated_at: isoTime(pull.updated_at),
    closed_at: isoOrNull(pull.closed_at),
    merged_at: isoOrNull(pull.merged_at),
    merge_commit_sha: pull.merge_commit_sha,
    head: side(db, b, pull.head_owner_id, pull.head_repo_id, pull.head_ref, pull.head_sha),
    base: side(db, b, repo.owner_id, repo.id, pull.base_ref, pull.base_sha),
    _links: {
      self: { href: url },
      html: { href: html },
      issue: { href: issue },
      comments: { href: `${issue}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${api}/pulls/comments/{number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: statuses },
    },
    user: userSummary(b, findUserById(db, pull.user_id)!),
  };
}

/** The single pull request: the summary plus the counts and merge state. */
export async function pullDetailed(ctx: EmulatorContext, b: Bases, pull: Pull): Promise<Record<string, unknown>> {
  const { db } = ctx;
  const git = PullGit.of(ctx, pull.repo_id);
  const [files, commits] = await Promise.all([git.files(pull.base_sha, pull.head_sha), git.commits(pull.base_sha, pull.head_sha)]);
  const mergeable = pull.state === 'open' ? (await git.mergeTree(pull.base_sha, pull.head_sha)) !== null : null;
  const mergedBy = pull.merged_by_id === null ? undefined : findUserById(db, pull.merged_by_id);
  return {
    ...pullSummary(db, b, pull),
    merged: pull.merged_at !== null,
    mergeable,
    merged_by: mergedBy ? userSummary(b, mergedBy) : null,
    ...commentCount(db, pull),
    commits: commits.length,
    additions: files.reduce((n, f) => n + f.additions, 0),
    deletions: files.reduce((n, f) => n + f.deletions, 0),
    changed_files: files.length,
  };
}
