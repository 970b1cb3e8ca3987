// Runs the `git` command in an environment of our own: no system or user
// configuration, HOME at the data folder, and none of the caller's GIT_*
// variables (a GIT_DIR inherited from a hook would point git elsewhere).
import { spawn, type ChildProcess } from 'node:child_process';
import { GitCommandError } from './errors';

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

/** Starts a long-running git process (cat-file, mktree --batch) with our environment. */
export function spawnGit(environment: GitEnvironment, gitDir: string, args: string[]): ChildProcess {
  return spawn('git', [`--git-dir=${gitDir}`, ...args], { env: gitEnv(environment), stdio: ['pipe', 'pipe', 'pipe'] });
}
