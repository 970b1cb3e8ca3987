// The emulator's one way to run `git`: an environment of our own, with no
// system or user configuration, HOME at the data folder, and none of the
// caller's GIT_* variables (a GIT_DIR or GIT_INDEX_FILE inherited from a hook
// would point git at another repository or index).
import { spawn, type ChildProcess } from 'node:child_process';
import { GitCommandError } from './errors';
import type { IdentityInput } from './format';

export interface GitEnvironment {
  /** Folder that stands in for HOME, so ~/.gitconfig never applies. */
  homeDir: string;
}

export function gitEnv(environment: GitEnvironment, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GIT_')) env[key] = value;
  }
  return {
    ...env,
    HOME: environment.homeDir,
    XDG_CONFIG_HOME: environment.homeDir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
    ...extra,
  };
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  code: number | null;
}

export interface RunOptions {
  input?: string | Buffer;
  env?: Record<string, string>;
  /** Exit codes that are answers rather than failures (e.g. 1 of `merge-base --is-ancestor`). */
  okCodes?: number[];
}

/** Runs `git --git-dir=<gitDir> args`; rejects with GitCommandError unless the exit code is 0 or in okCodes. */
export function runGit(environment: GitEnvironment, gitDir: string | undefined, args: string[], options: RunOptions = {}): Promise<GitResult> {
  const fullArgs = gitDir === undefined ? args : [`--git-dir=${gitDir}`, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn('git', fullArgs, { env: gitEnv(environment, options.env), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => reject(new GitCommandError(args, error.message, null)));
    child.on('close', (code) => {
      const result = { stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), code };
      if (code === 0 || (code !== null && options.okCodes?.includes(code))) resolve(result);
      else reject(new GitCommandError(args, result.stderr, code));
    });
    // A child that exits before reading all input raises EPIPE; its exit code tells the story.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** runGit's stdout as UTF-8 text. */
export async function runGitText(environment: GitEnvironment, gitDir: string | undefined, args: string[], options: RunOptions = {}): Promise<string> {
  return (await runGit(environment, gitDir, args, options)).stdout.toString('utf8');
}

/**
 * The `GIT_AUTHOR_*` and `GIT_COMMITTER_*` variables of a commit-tree; the
 * committer defaults to the author. Dates are passed as given: ISO 8601 or
 * git's `<seconds> <offset>` (with or without a leading `@`).
 */
export function identityEnv(author: IdentityInput, committer: IdentityInput = author): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: author.date,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    GIT_COMMITTER_DATE: committer.date,
  };
}

/** Starts a long-running git process (cat-file, mktree --batch) with our environment. */
export function spawnGit(environment: GitEnvironment, gitDir: string, args: string[]): ChildProcess {
  return spawn('git', [`--git-dir=${gitDir}`, ...args], { env: gitEnv(environment), stdio: ['pipe', 'pipe', 'pipe'] });
}
