// The git side of releases: a release names a tag; publishing a release for
// a tag that does not exist yet creates it at target_commitish, and a tag
// that exists must not be asked to point elsewhere.
import { createRef, GitDataError, type GitRepository } from '../../git';
import type { EmulatorContext } from '../../server';
import { ApiError, validationFailed } from '../conventions/errors';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { emitRefEvents } from '../gitdata/events';
import { hasNul } from '../conventions/git-input';

const ZERO = '0'.repeat(40);

/** The commit a branch name or SHA names, or undefined. */
export async function resolveCommit(git: GitRepository, commitish: string): Promise<string | undefined> {
  // A NUL byte cannot reach a process (and names nothing git has).
  if (commitish.startsWith('-') || commitish === '' || hasNul(commitish)) return undefined;
  const result = await git.run(['rev-parse', '--verify', '--quiet', `${commitish}^{commit}`], { okCodes: [1, 128] });
  return result.code === 0 ? result.stdout.toString('utf8').trim() : undefined;
}

/** The commit a tag points at (through an annotated tag), or undefined when there is no such tag. */
function tagCommit(git: GitRepository, tag: string): Promise<string | undefined> {
  return resolveCommit(git, `refs/tags/${tag}`);
}

const invalidTarget = (message: string) => validationFailed({ resource: 'Release', field: 'target_commitish', code: 'invalid', message });

/**
 * Checks the tag and target of a release: an existing tag must not be given
 * another target (422); a new tag needs a target that resolves to a commit.
 * Returns the commit to create the tag at, or undefined when the tag exists.
 */
export async function checkTag(git: GitRepository, tag: string, target: string, targetGiven: boolean): Promise<string | undefined> {
  if (!/^[^\s~^:?*[\\]+$/.test(tag) || tag.includes('..') || tag.startsWith('-') || tag.startsWith('/') || tag.endsWith('/') || tag.endsWith('.lock')) {
    throw validationFailed({ resource: 'Release', field: 'tag_name', code: 'invalid' });
  }
  const existing = await tagCommit(git, tag);
  const commit = await resolveCommit(git, target);
  if (existing) {
    if (targetGiven && commit !== existing) throw invalidTarget(`tag_name ${tag} already exists with another target than ${target}`);
    return undefined;
  }
  if (!commit) throw invalidTarget(`target_commitish ${target} is not a branch or commit of this repository`);
  return commit;
}

/** Creates refs/tags/<tag> at `commit` and emits create and push, as a tag push would. */
export async function createTag(
  ctx: EmulatorContext,
  git: GitRepository,
  repo: RepoRow,
  owner: UserRow,
  sender: UserRow,
  tag: string,
  commit: string,
): Promise<void> {
  const ref = await createRef(git, `refs/tags/${tag}`, commit).catch((err: unknown) => {
    // The tag appeared meanwhile, or git refuses the name: the library's 422 in the spec's error body.
    throw err instanceof GitDataError && err.status === 422 ? new ApiError(422, err.message, undefined, '/v3') : err;
  });
  emitRefEvents(ctx, git, repo, owner, sender, { ref: ref.ref, before: ZERO, after: ref.sha, forced: false });
}
