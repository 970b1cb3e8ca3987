// The git questions of the vendor's routes, asked of the repository's real
// bare repository through the git data library (emulator/src/git): a ref to
// a commit, a path in a commit's tree, the commit log with filters, a
// commit's diff, and the counts of a comparison.
import path from 'node:path';
import type { GitRepository } from '../../git';
import { readTreeEntries } from '../../git/tree-read';
import type { TreeMode } from '../../git/format';
import type { ObjectType } from '../../git/object-reader';
import { parseDiff, type FileDiff } from '../pulls/diff';
import { COMMIT_LOG_FORMAT, parseCommitLog, type CommitInfo } from '../pulls/git';

/** What the comparison's questions need of a repository: running git in it (so also with another's objects, below). */
export type GitRunner = Pick<GitRepository, 'run' | 'runText'>;

/**
 * The repository with the objects of other repositories of its network
 * readable too (git's alternates, for these commands only: nothing is
 * written to it), so that a comparison across forks runs in one repository.
 */
export function withObjectsOf(git: GitRunner, gitDirs: readonly string[]): { runner: GitRunner; variables: Record<string, string> } {
  // C-quoted entries: a data folder's path may hold the list's separator (gitrepository-layout(5), objects/info/alternates).
  const quoted = gitDirs.map((dir) => `"${path.join(dir, 'objects').replace(/[\\"]/g, '\\$&')}"`);
  const variables = { GIT_ALTERNATE_OBJECT_DIRECTORIES: quoted.join(path.delimiter) };
  const runner: GitRunner = {
    run: (args, options) => git.run(args, { ...options, env: { ...options?.env, ...variables } }),
    runText: (args, options) => git.runText(args, { ...options, env: { ...options?.env, ...variables } }),
  };
  return { runner, variables };
}

/** git's empty tree: the "parent" a root commit's diff is taken from. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** The commit a branch, tag or SHA names, or undefined (an option-like name is never passed to git). */
export async function resolveCommit(git: GitRunner, ref: string): Promise<string | undefined> {
  if (ref === '' || ref.startsWith('-') || ref.includes('\0')) return undefined;
  const r = await git.run(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { okCodes: [1, 128] });
  return r.code === 0 ? r.stdout.toString('utf8').trim() : undefined;
}

/** Whether the repository has any branch (an empty repository has none). */
export async function hasBranches(git: GitRepository): Promise<boolean> {
  return (await git.runText(['for-each-ref', '--count=1', '--format=%(refname)', 'refs/heads/'])).trim() !== '';
}

export interface PathEntry {
  mode: TreeMode;
  type: ObjectType;
  sha: string;
}

/**
 * The entry at `segments` below a tree (the tree itself for no segments);
 * `blocked` when a file stands where a directory of the path would be.
 */
export async function entryAt(git: GitRepository, treeSha: string, segments: readonly string[]): Promise<PathEntry | 'missing' | 'blocked'> {
  let current: PathEntry = { mode: '040000', type: 'tree', sha: treeSha };
  for (const segment of segments) {
    if (current.type !== 'tree') return 'blocked';
    const found = (await readTreeEntries(git, current.sha)).find((e) => e.name === segment);
    if (!found) return 'missing';
    current = { mode: found.mode, type: found.type, sha: found.sha };
  }
  return current;
}

export interface LogFilters {
  /** Commits touching this path (a file or a directory). */
  path?: string | undefined;
  /** Author or committer name or email, matched as fixed text. */
  author?: string | undefined;
  committer?: string | undefined;
  /** Seconds since the epoch, inclusive. */
  since?: number | null | undefined;
  until?: number | null | undefined;
}

function filterArgs(f: LogFilters): string[] {
  const args: string[] = ['--fixed-strings'];
  if (f.author !== undefined) args.push(`--author=${f.author}`);
  if (f.committer !== undefined) args.push(`--committer=${f.committer}`);
  if (f.since !== null && f.since !== undefined) args.push(`--since=@${f.since}`);
  if (f.until !== null && f.until !== undefined) args.push(`--until=@${f.until}`);
  return args;
}

function pathArgs(f: LogFilters): string[] {
  return f.path === undefined || f.path === '' ? ['--'] : ['--', `:(literal)${f.path}`];
}

/** How many commits the filtered history from `from` holds (for the Link header's last page). */
export async function countCommits(git: GitRepository, from: string, f: LogFilters): Promise<number> {
  return Number((await git.runText(['rev-list', '--count', ...filterArgs(f), from, ...pathArgs(f)])).trim());
}

/** One page of the filtered history from `from`, newest first as `git log` lists it. */
export async function logPage(git: GitRepository, from: string, f: LogFilters, skip: number, count: number): Promise<CommitInfo[]> {
  const out = await git.runText(['log', COMMIT_LOG_FORMAT, `--skip=${skip}`, `--max-count=${count}`, ...filterArgs(f), from, ...pathArgs(f)]);
  return parseCommitLog(out);
}

/** One commit by its SHA. */
export async function logOne(git: GitRunner, sha: string): Promise<CommitInfo> {
  const [commit] = parseCommitLog(await git.runText(['log', COMMIT_LOG_FORMAT, '--max-count=1', sha, '--']));
  if (!commit) throw new Error(`no commit ${sha}`);
  return commit;
}

/** The files a commit changed against its first parent (a root commit: against the empty tree). */
export async function commitFiles(git: GitRepository, commit: CommitInfo): Promise<FileDiff[]> {
  return diffFiles(git, commit.parents[0] ?? EMPTY_TREE, commit.sha);
}

/** The files of `git diff from to` (renames found, full blob ids). */
async function diffFiles(git: GitRepository, from: string, to: string): Promise<FileDiff[]> {
  const out = await git.runText(['-c', 'core.quotePath=false', 'diff', '--no-color', '--no-ext-diff', '-M', '--full-index', from, to, '--']);
  return parseDiff(out);
}

/** The merge base of two commits, or undefined when their histories are unrelated. */
export async function mergeBase(git: GitRunner, a: string, b: string): Promise<string | undefined> {
  const r = await git.run(['merge-base', a, b], { okCodes: [1] });
  return r.code === 0 ? r.stdout.toString('utf8').trim() : undefined;
}

/** Commits head has that base lacks (ahead) and base has that head lacks (behind). */
export async function aheadBehind(git: GitRunner, base: string, head: string): Promise<{ ahead: number; behind: number }> {
  const [behind = '0', ahead = '0'] = (await git.runText(['rev-list', '--left-right', '--count', `${base}...${head}`, '--'])).trim().split(/\s+/);
  return { ahead: Number(ahead), behind: Number(behind) };
}
