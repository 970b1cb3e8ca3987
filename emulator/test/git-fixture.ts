// A fresh bare repository per test, plus `git` run directly (not through the
// library) to build the expected SHAs independently.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Repositories, type GitRepository } from '../src/git';

export interface GitFixture {
  dataDir: string;
  repos: Repositories;
  repo: GitRepository;
  /** Runs git in the bare repository with a neutral environment; returns trimmed stdout. */
  git(args: string[], input?: string | Buffer, env?: Record<string, string>): string;
  cleanup(): Promise<void>;
}

export function plainGitEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  return { ...env, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1', ...extra };
}

export async function gitFixture(): Promise<GitFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-git-'));
  const repos = new Repositories(dataDir);
  const repo = await repos.create(path.join(dataDir, 'repos', '1.git'));
  const git = (args: string[], input?: string | Buffer, env: Record<string, string> = {}): string =>
    execFileSync('git', [`--git-dir=${repo.gitDir}`, ...args], { input: input ?? '', env: plainGitEnv(dataDir, env) })
      .toString('utf8')
      .trim();
  return {
    dataDir,
    repos,
    repo,
    git,
    async cleanup() {
      await repos.closeAll();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fixed identities so that commits built by hand and by the library agree byte for byte. */
export const ALICE = { name: 'Alice Example', email: 'alice@example.com', date: '2014-11-07T22:01:45+01:00' };
export const BOB = { name: 'Bob Example', email: 'bob@example.com', date: '2015-03-01T08:30:00-05:00' };

/** Builds a commit with hand-run git commands: a blob per file, mktree, commit-tree. */
export function commitByHand(fx: GitFixture, files: Record<string, string>, message: string, parents: string[] = [], date = '1415394105 +0100'): string {
  const lines = Object.entries(files).map(([name, content]) => `100644 blob ${fx.git(['hash-object', '-w', '--stdin'], content)}\t${name}`);
  const tree = fx.git(['mktree'], lines.join('\n') + '\n');
  return fx.git(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p])], message, {
    GIT_AUTHOR_NAME: 'Hand',
    GIT_AUTHOR_EMAIL: 'hand@example.com',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: 'Hand',
    GIT_COMMITTER_EMAIL: 'hand@example.com',
    GIT_COMMITTER_DATE: date,
  });
}

/** Runs `fn` with extra process.env variables, then puts process.env back as it was. */
export async function withProcessEnv<T>(vars: Record<string, string>, fn: () => Promise<T> | T): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
