// The git questions of a pull request, asked of the base repository's bare
// repository with the `git` command: branch tips, the diff `base...head`,
// the commits `base..head`, and a merge written with merge-tree/commit-tree.
import { identityEnv, repoGitPath, runGit, type GitEnvironment, type IdentityInput, type ObjectReader } from '../../git';
import type { EmulatorContext } from '../../server';
import { repositoriesOf } from '../conventions/repositories';
import { parseDiff, type FileDiff } from './diff';
import { PairCache, textBytes } from './pair-cache';

const SHA = /^[0-9a-f]{40}$/;

export interface CommitInfo {
  sha: string;
  tree: string;
  parents: string[];
  author: IdentityInput;
  committer: IdentityInput;
  message: string;
}

/** The files and commits of (base, head) pairs, kept per emulator (see pair-cache.ts). */
/** `git log`'s format of the fields of CommitInfo: one record a commit (\x1e), its fields apart (\x1f). */
export const COMMIT_LOG_FORMAT = '--format=%H%x1f%T%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%cn%x1f%ce%x1f%cI%x1f%B%x1e';

/** The commits of `git log` run with COMMIT_LOG_FORMAT. */
export function parseCommitLog(out: string): CommitInfo[] {
  return out
    .split('\x1e')
    .map((s) => s.replace(/^\n/, ''))
    .filter((s) => s !== '')
    .map((record) => {
      const [sha = '', tree = '', parents = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', message = ''] = record.split('\x1f');
      return {
        sha,
        tree,
        parents: parents ? parents.split(' ') : [],
        author: { name: an, email: ae, date: ad },
        committer: { name: cn, email: ce, date: cd },
        message: message.replace(/\n+$/, ''),
      };
    });
}

export interface PairCaches {
  files: PairCache<readonly FileDiff[]>;
  commits: PairCache<readonly CommitInfo[]>;
}

const ITEM_BYTES = 64;
const fileBytes = (files: readonly FileDiff[]) =>
  files.reduce((n, f) => n + ITEM_BYTES + textBytes(f.filename) + textBytes(f.previous_filename) + textBytes(f.patch) + textBytes(f.sha), 0);
const identityBytes = (who: IdentityInput) => textBytes(who.name) + textBytes(who.email) + textBytes(who.date);
const commitBytes = (commits: readonly CommitInfo[]) =>
  commits.reduce((n, c) => n + ITEM_BYTES + textBytes(c.message) + 82 * (2 + c.parents.length) + identityBytes(c.author) + identityBytes(c.committer), 0);

export function pairCaches(limits?: { maxBytes: number }): PairCaches {
  return { files: new PairCache(fileBytes, limits), commits: new PairCache(commitBytes, limits) };
}

const perEmulator = new WeakMap<EmulatorContext, PairCaches>();

/** One bare repository, for the pull request operations. */
export class PullGit {
  constructor(
    private readonly env: GitEnvironment,
    readonly gitDir: string,
    private readonly caches: PairCaches = pairCaches(),
    /** More environment of every command (a comparison across forks: the other repositories' objects). */
    private readonly variables: Record<string, string> = {},
    /** The repository's object reader, which answers a branch's tip without a process of its own; opened when first asked. */
    private readonly reader?: () => ObjectReader,
  ) {}

  static of(ctx: EmulatorContext, repoId: number, variables?: Record<string, string>): PullGit {
    let caches = perEmulator.get(ctx);
    if (!caches) perEmulator.set(ctx, (caches = pairCaches()));
    const gitDir = repoGitPath(ctx.gitDir, repoId);
    return new PullGit(ctx.gitEnv, gitDir, caches, variables, () => repositoriesOf(ctx).get(gitDir).reader);
  }

  private async text(args: string[], okCodes: number[] = []): Promise<{ out: string; code: number | null }> {
    const r = await runGit(this.env, this.gitDir, args, { okCodes, env: this.variables });
    return { out: r.stdout.toString('utf8'), code: r.code };
  }

  /** The commit a branch points at, or undefined when there is no such branch. */
  async branchTip(branch: string): Promise<string | undefined> {
    if (branch.startsWith('-') || branch === '') return undefined;
    if (this.reader) {
      let reader: ObjectReader;
      try {
        reader = this.reader();
      } catch {
        return undefined; // the repository is gone (deleted meanwhile): it has no branches
      }
      return (await reader.resolve(`refs/heads/${branch}`, 'commit'))?.sha;
    }
    const r = await this.text(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], [1, 128]);
    return r.code === 0 ? r.out.trim() : undefined;
  }

  /** Every branch and its tip. */
  async branchTips(): Promise<Map<string, string>> {
    const r = await this.text(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads/']);
    const tips = new Map<string, string>();
    for (const line of r.out.split('\n')) {
      const space = line.indexOf(' ');
      if (space > 0) tips.set(line.slice(space + 1 + 'refs/heads/'.length), line.slice(0, space));
    }
    return tips;
  }

  /** Whether `sha` names a commit of this repository. */
  async isCommit(sha: string): Promise<boolean> {
    if (!SHA.test(sha)) return false;
    const r = await this.text(['cat-file', '-t', sha], [1, 128]);
    return r.code === 0 && r.out.trim() === 'commit';
  }

  async isAncestor(ancestor: string, of: string): Promise<boolean> {
    const r = await this.text(['merge-base', '--is-ancestor', ancestor, of], [1, 128]);
    return r.code === 0;
  }

  /** Brings a commit of another repository (a fork's head) into this one. */
  async fetchBranch(fromGitDir: string, branch: string): Promise<void> {
    await this.text(['fetch', '--quiet', '--no-tags', fromGitDir, `refs/heads/${branch}`]);
  }

  /** The unified diff of `git diff base...head` (changes on head since the merge base). */
  async diff(base: string, head: string): Promise<string> {
    return (await this.text(['-c', 'core.quotePath=false', 'diff', '--no-color', '--no-ext-diff', '-M', '--full-index', `${base}...${head}`])).out;
  }

  /** The files of `base...head`; kept per pair, so shared: read them, never change them. */
  files(base: string, head: string): Promise<readonly FileDiff[]> {
    return this.caches.files.get(`${this.gitDir}\n${base}...${head}`, () => this.computeFiles(base, head));
  }

  private async computeFiles(base: string, head: string): Promise<FileDiff[]> {
    const files = parseDiff(await this.diff(base, head));
    for (const f of files) {
      // A pure rename or mode change has no index line: ask the tree.
      if (f.sha === null && f.status !== 'removed') {
        const r = await this.text(['rev-parse', '--verify', '--quiet', `${head}:${f.filename}`], [1, 128]);
        if (r.code === 0) f.sha = r.out.trim();
      }
    }
    return files;
  }

  /** `git format-patch` of the commits, for the patch media type. */
  async formatPatch(base: string, head: string): Promise<string> {
    return (await this.text(['format-patch', '--stdout', '--no-color', `${base}..${head}`])).out;
  }

  /** Commits on head that base does not have, oldest first; kept per pair, so shared: read them, never change them. */
  commits(base: string, head: string): Promise<readonly CommitInfo[]> {
    return this.caches.commits.get(`${this.gitDir}\n${base}..${head}`, () => this.computeCommits(base, head));
  }

  private async computeCommits(base: string, head: string): Promise<CommitInfo[]> {
    const r = await this.text(['log', '--reverse', COMMIT_LOG_FORMAT, `${base}..${head}`, '--']);
    return parseCommitLog(r.out);
  }

  /** The tree of merging head into base, or null when they conflict. */
  async mergeTree(base: string, head: string): Promise<string | null> {
    const r = await this.text(['merge-tree', '--write-tree', '--no-messages', base, head], [1]);
    return r.code === 0 ? r.out.split('\n')[0]!.trim() : null;
  }

  async commitTree(tree: string, parents: string[], message: string, who: IdentityInput): Promise<string> {
    const r = await runGit(this.env, this.gitDir, ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p])], {
      input: message,
      env: identityEnv(who),
    });
    return r.stdout.toString('utf8').trim();
  }

  /** Moves a branch only if it still holds `expected`; false when it moved meanwhile. */
  async moveBranch(branch: string, to: string, expected: string): Promise<boolean> {
    const r = await this.text(['update-ref', `refs/heads/${branch}`, to, expected], [1, 128]);
    return r.code === 0;
  }
}
