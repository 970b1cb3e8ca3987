// The git side of repositories: one real bare repository per repository id
// under the data folder, driven by the `git` command (no work tree), so every
// SHA is git's own and `git clone` works on it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface GitIdentity {
  name: string;
  email: string;
  /** ISO 8601 or git's `<epoch> <tz>`. */
  date: string;
}

/** The bare repository of a repository id (stable across renames and transfers). */
export function repoGitPath(gitDir: string, repoId: number): string {
  return path.join(gitDir, `${repoId}.git`);
}

/** Runs git in a bare repository; resolves with stdout, rejects with git's stderr. */
export function runGit(gitPath: string | undefined, args: string[], options: { input?: string | Buffer; author?: GitIdentity; committer?: GitIdentity } = {}): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
  };
  const author = options.author;
  const committer = options.committer ?? author;
  if (author) Object.assign(env, { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_AUTHOR_DATE: author.date });
  if (committer) Object.assign(env, { GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: committer.email, GIT_COMMITTER_DATE: committer.date });
  const fullArgs = gitPath ? ['--git-dir', gitPath, ...args] : args;
  return new Promise((resolve, reject) => {
    const child = execFile('git', fullArgs, { env, maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' }, (err, stdout, stderr) => {
      if (err) reject(new Error(`git ${args[0]} failed: ${stderr.toString().trim() || err.message}`));
      else resolve(stdout.toString());
    });
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/** Creates an empty bare repository whose HEAD points at `defaultBranch`. */
export async function initBareRepo(gitPath: string, defaultBranch: string): Promise<void> {
  fs.mkdirSync(path.dirname(gitPath), { recursive: true });
  await runGit(undefined, ['init', '--bare', '--quiet', `--initial-branch=${defaultBranch}`, gitPath]);
}

/**
 * Writes files as one root commit on `branch` (auto_init): blobs with
 * hash-object, the tree with mktree, the commit with commit-tree.
 */
export async function commitFiles(gitPath: string, branch: string, files: Array<{ path: string; content: string }>, message: string, author: GitIdentity): Promise<string> {
  const entries: string[] = [];
  for (const f of files) {
    const sha = (await runGit(gitPath, ['hash-object', '-w', '--stdin'], { input: f.content })).trim();
    entries.push(`100644 blob ${sha}\t${f.path}`);
  }
  const tree = (await runGit(gitPath, ['mktree'], { input: entries.join('\n') + '\n' })).trim();
  const commit = (await runGit(gitPath, ['commit-tree', tree, '-m', message], { author })).trim();
  await runGit(gitPath, ['update-ref', `refs/heads/${branch}`, commit]);
  return commit;
}

/** Copies a repository's git data for a fork (a bare clone of every ref). */
export async function cloneBare(fromPath: string, toPath: string): Promise<void> {
  fs.mkdirSync(path.dirname(toPath), { recursive: true });
  await runGit(undefined, ['clone', '--bare', '--quiet', fromPath, toPath]);
}
