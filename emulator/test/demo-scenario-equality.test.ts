// The demo as a scenario file (scenarios/demo.yaml) against the demo built
// by code (seed/): both seeded at the same frozen time into their own data
// folders, then every table compared row by row and every git repository's
// refs compared by SHA (equal SHAs: equal trees, messages, authors, dates).
// Differences allowed, each for its reason, are listed in ALLOWED.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './support/emulator';

const DEMO_FILE = path.join(__dirname, '..', 'scenarios', 'demo.yaml');

/** Columns that differ on every seed, whatever seeds it. */
const ALLOWED: Record<string, string[]> = {
  // Salted hashes: the same password gives another hash each time.
  users: ['password_hash'],
  // The OAuth application's credentials are random (the secret goes to oauth-app.json).
  applications: ['client_id', 'client_secret_hash'],
  // The seed's own bookkeeping: which seed ran (`demo` or the file's path).
  emulator_meta: ['value'],
  // Random UUIDs of the engagement service's messages.
  v2_messages: ['uuid'],
};

/** Rows that the engagement module makes at its start, by SQLite's clock, whatever the seed: the General campaign. */
const notSeeded = (table: string, row: Record<string, unknown>) => table === 'v2_campaigns' && row.name === 'General';

type Rows = Array<Record<string, unknown>>;

function tables(emu: TestEmulator): Map<string, Rows> {
  const names = emu.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return new Map(
    names.map((name) => {
      const rows = emu.db.prepare(`SELECT * FROM "${name}"`).all() as Rows;
      const drop = ALLOWED[name] ?? [];
      const kept = rows.filter((r) => !notSeeded(name, r)).map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.includes(k))));
      return [name, kept.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))];
    }),
  );
}

function refs(emu: TestEmulator): Record<string, string> {
  const gitDir = path.join(emu.dataDir, 'git');
  const out: Record<string, string> = {};
  for (const dir of fs.readdirSync(gitDir).filter((d) => d.endsWith('.git')).sort()) {
    out[dir] = execFileSync('git', ['--git-dir', path.join(gitDir, dir), 'for-each-ref', '--format=%(refname) %(objectname)'], { encoding: 'utf8' });
  }
  return out;
}

/** Runs `fn` with `new Date()` and `Date.now()` standing at `at` (timers untouched). */
async function frozenAt<T>(at: number, fn: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  class FrozenDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(at);
      else super(...(args as [string]));
    }
    static override now(): number {
      return at;
    }
  }
  globalThis.Date = FrozenDate as DateConstructor;
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
  }
}

describe('demo scenario file against the demo built by code', function () {
  this.timeout(120_000);
  let code: TestEmulator;
  let file: TestEmulator;
  before(async () => {
    const at = Math.floor(Date.now() / 1000) * 1000;
    code = await frozenAt(at, () => startEmulator({ seed: 'demo' }));
    file = await frozenAt(at, () => startEmulator({ seed: DEMO_FILE }));
  });
  after(async () => {
    await code?.dispose();
    await file?.dispose();
  });

  it('every table holds the same rows (but the columns listed as random)', () => {
    const a = tables(code);
    const b = tables(file);
    assert.deepEqual([...b.keys()], [...a.keys()]);
    const differing = [...a].filter(([name, rows]) => JSON.stringify(b.get(name)) !== JSON.stringify(rows)).map(([name]) => name);
    for (const name of differing) assert.deepEqual(b.get(name), a.get(name), `tables that differ: ${differing.join(', ')}; first: ${name}`);
  });

  it('every git repository has the same refs at the same commits', () => {
    assert.deepEqual(refs(file), refs(code));
  });
});
