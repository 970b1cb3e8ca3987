// What the vendor-github route tests share: a scenario written to a file
// for `startEmulator({ seed })`, a repository's bare git folder, and git run
// on it with no user or system configuration.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestEmulator } from './emulator';

/** `yaml` written to a scenario file in a new temporary folder named with `prefix`. */
export function scenarioFile(prefix: string, yaml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const file = path.join(dir, 'scenario.yaml');
  fs.writeFileSync(file, yaml);
  return file;
}

/** The bare git folder of `owner/name` in the emulator's data. */
export function gitDirOf(emu: TestEmulator, owner: string, name: string): string {
  const id = emu.db.prepare('SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = ? AND r.name = ?').pluck().get(owner, name);
  return path.join(emu.dataDir, 'git', `${String(id)}.git`);
}

/** git's output for `args` on `gitDir` (`input` on its standard input). */
export function gitIn(gitDir: string, args: string[], input?: string): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { input, env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: '1', HOME: os.tmpdir() } }).toString(
    'utf8',
  );
}
