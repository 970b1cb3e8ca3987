// Where a new review comment goes: a line comment is checked against the
// diff of the pull request at `commit_id` (the commit must exist and be part
// of the pull request, the path in its diff, the position inside the file's
// patch), then placed on the head's diff; a reply takes its parent's place.
import type { EmulatorContext } from '../../server';
import { validationFailed } from '../conventions/errors';
import type { UserRow } from '../accounts/schema';
import { diffHunk, isValidPosition, relocatePosition } from './diff';
import { PullGit } from './git';
import type { Pull, ReviewCommentRow } from './schema';
import { insertReviewComment, pullReviewComment, type ReviewPlacement } from './store';

const RESOURCE = 'PullRequestReviewComment';

export type NewReviewComment = { body: string; commit_id: string; path: string; position: number } | { body: string; in_reply_to: number };

async function placeLineComment(ctx: EmulatorContext, pull: Pull, commitId: string, path: string, position: number): Promise<ReviewPlacement> {
  const git = PullGit.of(ctx, pull.repo_id);
  const sha = commitId.toLowerCase();
  if (!(await git.isCommit(sha))) throw validationFailed({ resource: RESOURCE, field: 'commit_id', code: 'missing' });
  const inPull = sha === pull.head_sha || (await git.commits(pull.base_sha, pull.head_sha)).some((c) => c.sha === sha);
  if (!inPull) throw validationFailed({ resource: RESOURCE, field: 'commit_id', code: 'invalid', message: 'commit_id is not part of the pull request' });
  const file = (await git.files(pull.base_sha, sha)).find((f) => f.filename === path);
  if (!file) throw validationFailed({ resource: RESOURCE, field: 'path', code: 'invalid', message: 'path is not part of the diff' });
  if (!isValidPosition(file.patch, position))
    throw validationFailed({ resource: RESOURCE, field: 'position', code: 'invalid', message: 'position is outside the diff' });
  const hunk = diffHunk(file.patch, position);
  if (sha === pull.head_sha)
    return { path, position, original_position: position, commit_id: sha, original_commit_id: sha, diff_hunk: hunk, in_reply_to_id: null };
  // Made on an older commit: shown on the head's diff if its line is still there.
  const headPatch = (await git.files(pull.base_sha, pull.head_sha)).find((f) => f.filename === path)?.patch ?? null;
  const current = relocatePosition(headPatch, hunk);
  return {
    path,
    position: current,
    original_position: position,
    commit_id: current === null ? sha : pull.head_sha,
    original_commit_id: sha,
    diff_hunk: hunk,
    in_reply_to_id: null,
  };
}

function placeReply(ctx: EmulatorContext, pull: Pull, inReplyTo: number): ReviewPlacement {
  const parent = pullReviewComment(ctx.db, pull.id, inReplyTo);
  if (!parent) throw validationFailed({ resource: RESOURCE, field: 'in_reply_to', code: 'missing' });
  return {
    path: parent.path,
    position: parent.position,
    original_position: parent.original_position,
    commit_id: parent.commit_id,
    original_commit_id: parent.original_commit_id,
    diff_hunk: parent.diff_hunk,
    // Threads are flat: a reply to a reply joins the first comment's thread.
    in_reply_to_id: parent.in_reply_to_id ?? parent.id,
  };
}

export async function createReviewComment(ctx: EmulatorContext, pull: Pull, user: UserRow, input: NewReviewComment, now: string): Promise<ReviewCommentRow> {
  const place =
    'in_reply_to' in input ? placeReply(ctx, pull, input.in_reply_to) : await placeLineComment(ctx, pull, input.commit_id, input.path, input.position);
  return insertReviewComment(ctx.db, pull, user.id, input.body, place, now);
}
