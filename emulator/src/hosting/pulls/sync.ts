// Open pull requests follow their branches: when a head branch moves (a push,
// an API ref update) the pull request takes the new head, emits
// `pull_request` synchronize, and its review comments are placed on the new
// diff or, when their line changed, become outdated (position null).
import type { EmulatorContext } from '../../server';
import { findUser, findUserById } from '../conventions/access';
import type { UserRow } from '../accounts/schema';
import { bases } from '../conventions/urls';
import { touchIssue } from '../issues/store';
import { emitRepoEvent } from '../repos/create';
import { repoById } from '../repos/store';
import { relocatePosition } from './diff';
import { PullGit } from './git';
import { pullDetailed } from './representation';
import type { Pull } from './schema';
import { openPulls, placedReviewComments, placeReviewComment, pullById, reposWithOpenPullsOn, setPullTips } from './store';

const queues = new WeakMap<EmulatorContext, Map<number, Promise<void>>>();

/** Runs refreshes of one repository one after another, so that a head move is seen (and announced) once. */
function serialized(ctx: EmulatorContext, repoId: number, work: () => Promise<void>): Promise<void> {
  let perRepo = queues.get(ctx);
  if (!perRepo) queues.set(ctx, (perRepo = new Map()));
  const next = (perRepo.get(repoId) ?? Promise.resolve()).then(work, work);
  perRepo.set(
    repoId,
    next.catch(() => undefined),
  );
  return next;
}

/** Brings the open pull requests of a repository up to date with their branches. */
export function refreshRepoPulls(ctx: EmulatorContext, repoId: number, sender?: UserRow): Promise<void> {
  return serialized(ctx, repoId, async () => {
    const pulls = openPulls(ctx.db, repoId);
    if (pulls.length === 0) return;
    const git = PullGit.of(ctx, repoId);
    for (const pull of pulls) {
      if (pull.head_repo_id === null) continue;
      const headGit = pull.head_repo_id === repoId ? git : PullGit.of(ctx, pull.head_repo_id);
      // A deleted branch leaves the pull request at the tips it had.
      const head = (await headGit.branchTip(pull.head_ref)) ?? pull.head_sha;
      const base = (await git.branchTip(pull.base_ref)) ?? pull.base_sha;
      if (head === pull.head_sha && base === pull.base_sha) continue;
      if (pull.head_repo_id !== repoId && head !== pull.head_sha) await git.fetchBranch(PullGit.of(ctx, pull.head_repo_id).gitDir, pull.head_ref);
      await moveHead(ctx, git, pull, head, base, sender);
    }
  });
}

async function moveHead(ctx: EmulatorContext, git: PullGit, pull: Pull, head: string, base: string, sender: UserRow | undefined): Promise<void> {
  const { db } = ctx;
  const files = await git.files(base, head);
  const patches = new Map(files.map((f) => [f.filename, f.patch]));
  const comments = placedReviewComments(db, pull.id);
  const headMoved = head !== pull.head_sha;
  db.transaction(() => {
    setPullTips(db, pull.id, head, base);
    if (headMoved) touchIssue(db, pull.issue_id);
    for (const c of comments) placeReviewComment(db, c.id, relocatePosition(patches.get(c.path) ?? null, c.diff_hunk), head);
  })();
  if (!headMoved) return;
  const updated = pullById(db, pull.id)!;
  const repo = repoById(db, pull.repo_id)!;
  const b = bases(ctx);
  const payload = { action: 'synchronize', number: pull.number, before: pull.head_sha, after: head, pull_request: await pullDetailed(ctx, b, updated) };
  emitRepoEvent(ctx, 'pull_request', payload, repo, sender ?? findUserById(db, pull.head_owner_id)!);
}

/** A push (from the API or `git push`) to a branch may move the heads of pull requests of this repository or of its parents. */
export function followPushes(ctx: EmulatorContext): () => void {
  return ctx.events.onEvent((event) => {
    if (event.name !== 'push' || event.scope.repoId === undefined) return;
    const pushed = event.scope.repoId;
    const senderLogin = (event.payload.sender as { login?: string } | undefined)?.login;
    const sender = senderLogin ? findUser(ctx.db, senderLogin) : undefined;
    for (const repo_id of reposWithOpenPullsOn(ctx.db, pushed)) {
      refreshRepoPulls(ctx, repo_id, sender).catch((err: unknown) =>
        ctx.log(`pull request refresh of repository ${repo_id} failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    }
  });
}
