// Helpers of the pull request and review comment tests: commits written
// straight into the emulator's bare repository with the `git` command (a
// push that the API did not see), and the demo repository's names.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestEmulator } from './support/emulator';
import type { EmittedEvent } from '../src/events';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
export const R = `/repos/${OWNER}/${REPO}`;

export function gitDirOf(emu: TestEmulator, owner = OWNER, repo = REPO): string {
  const row = emu.db.prepare('SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = ? AND r.name = ?').get(owner, repo) as {
    id: number;
  };
  return path.join(emu.dataDir, 'git', `${row.id}.git`);
}

export function git(gitDir: string, args: string[], input?: string, env: Record<string, string> = {}): string {
  return execFileSync('git', [`--git-dir=${gitDir}`, ...args], {
    input,
    env: {
      PATH: process.env.PATH,
      HOME: os.tmpdir(),
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Grace Hopper',
      GIT_AUTHOR_EMAIL: 'grace@analytical-engines.test',
      GIT_COMMITTER_NAME: 'Grace Hopper',
      GIT_COMMITTER_EMAIL: 'grace@analytical-engines.test',
      ...env,
    },
  })
    .toString()
    .trim();
}

/**
 * Commits `files` (content, or null to delete) on top of `from` and points
 * `branch` at the commit; returns its SHA.
 */
export function commitOnBranch(gitDir: string, branch: string, from: string, files: Record<string, string | null>, message = 'Change files\n'): string {
  const index = path.join(os.tmpdir(), `repodesk-pulls-${process.pid}-${Math.random().toString(36).slice(2)}.index`);
  const env = { GIT_INDEX_FILE: index };
  try {
    const parent = git(gitDir, ['rev-parse', `${from}^{commit}`]);
    git(gitDir, ['read-tree', parent], undefined, env);
    for (const [file, content] of Object.entries(files)) {
      // Mode 0 in --index-info removes the path (a bare repository has no work tree for --remove).
      if (content === null) git(gitDir, ['update-index', '--index-info'], `0 ${'0'.repeat(40)}\t${file}\n`, env);
      else git(gitDir, ['update-index', '--add', '--cacheinfo', `100644,${git(gitDir, ['hash-object', '-w', '--stdin'], content)},${file}`], undefined, env);
    }
    const tree = git(gitDir, ['write-tree'], undefined, env);
    const sha = git(gitDir, ['commit-tree', tree, '-p', parent], message);
    git(gitDir, ['update-ref', `refs/heads/${branch}`, sha]);
    return sha;
  } finally {
    fs.rmSync(index, { force: true });
  }
}

/** Collects the events the emulator emits while a test runs. */
export function recordEvents(emu: TestEmulator): { events: EmittedEvent[]; named(name: string): EmittedEvent[] } {
  const events: EmittedEvent[] = [];
  emu.events.onEvent((e) => events.push(e));
  return { events, named: (name) => events.filter((e) => e.name === name) };
}

/** Waits until `check` holds (events are emitted after the response in some paths). */
export async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
