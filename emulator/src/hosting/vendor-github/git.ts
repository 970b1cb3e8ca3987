// The git questions of the vendor's routes, asked of the repository's real
// bare repository through the git data library (emulator/src/git): a ref to
// a commit, a path in a commit's tree, the commit log with filters, a
// commit's diff, and the counts of a comparison.
import type { GitRepository } from '../../git';
import { readTreeEntries } from '../../git/tree-read';
import type { TreeMode } from '../../git/format';
import type { ObjectType } from '../../git/object-reader';
import { parseDiff, type FileDiff } from '../pulls/diff';
import { COMMIT_LOG_FORMAT, parseCommitLog, type CommitInfo } from '../pulls/git';

/** git's empty tree: the "parent" a root commit's diff is taken from. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** The commit a branch, tag or SHA names, or undefined (an option-like name is never passed to git). */
export async function resolveCommit(git: GitRepository, ref: string): Promise<string | undefined> {
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
export async function logOne(git: GitRepository, sha: string): Promise<CommitInfo> {
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
export async function mergeBase(git: GitRepository, a: string, b: string): Promise<string | undefined> {
  const r = await git.run(['merge-base', a, b], { okCodes: [1] });
  return r.code === 0 ? r.stdout.toString('utf8').trim() : undefined;
}

/** Commits head has that base lacks (ahead) and base has that head lacks (behind). */
export async function aheadBehind(git: GitRepository, base: string, head: string): Promise<{ ahead: number; behind: number }> {
  const [behind = '0', ahead = '0'] = (await git.runText(['rev-list', '--left-right', '--count', `${base}...${head}`, '--'])).trim().split(/\s+/);
  return { ahead: Number(ahead), behind: Number(behind) };
}
