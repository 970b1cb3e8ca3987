// Durability after SIGKILL: a repository is built as git/.tmp-<uuid>.git and
// renamed into place once recorded, so a leftover .tmp folder is never an
// acknowledged write; the emulator removes such leftovers when it starts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator } from './support/emulator';
import { call, basic } from './helpers/hosting';

describe('start-up cleanup of unfinished repositories (durability)', () => {
  it('a data folder with git/.tmp-*.git leftovers starts without them; finished repositories and their data stay', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-cleanup-'));
    try {
      const first = await startEmulator({ dataDir, seed: 'demo', keepData: true });
      const created = await call(first, 'POST', '/user/repos', { auth: basic('ada'), body: { name: 'kept', auto_init: true } });
      assert.equal(created.status, 201);
      await first.dispose();
      const gitDir = path.join(dataDir, 'git');
      const before = fs
        .readdirSync(gitDir)
        .filter((n) => !n.startsWith('.tmp-'))
        .sort();
      fs.mkdirSync(path.join(gitDir, '.tmp-0b7e-left-by-sigkill.git', 'objects'), { recursive: true });
      fs.writeFileSync(path.join(gitDir, '.tmp-other.git'), '');

      const second = await startEmulator({ dataDir, seed: 'demo', keepData: true });
      try {
        assert.deepEqual(fs.readdirSync(gitDir).sort(), before);
        const kept = await call(second, 'GET', '/repos/ada/kept/git/refs/heads/master', { auth: basic('ada') });
        assert.equal(kept.status, 200, kept.text);
      } finally {
        await second.dispose();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a git/<id>.git folder without a repository row (killed between the rename and the commit) is removed; the next repository given that id is created', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-cleanup-'));
    try {
      const first = await startEmulator({ dataDir, seed: 'demo', keepData: true });
      const made = await call(first, 'POST', '/user/repos', { auth: basic('ada'), body: { name: 'short-lived' } });
      assert.equal(made.status, 201);
      const id = made.json.id as number;
      assert.equal((await call(first, 'DELETE', '/repos/ada/short-lived', { auth: basic('ada') })).status, 204);
      await first.dispose();
      // What a kill after the folder's rename and before the row's commit leaves: the folder of the next id,
      // above the deleted repository's (ids are never given again: emulator/src/ids-never-reused.ts).
      const next = id + 1;
      const orphan = path.join(dataDir, 'git', `${next}.git`);
      fs.mkdirSync(path.join(orphan, 'objects'), { recursive: true });
      fs.writeFileSync(path.join(orphan, 'HEAD'), 'ref: refs/heads/master\n');

      const second = await startEmulator({ dataDir, seed: 'demo', keepData: true });
      try {
        assert.equal(fs.existsSync(orphan), false);
        const again = await call(second, 'POST', '/user/repos', { auth: basic('ada'), body: { name: 'takes-the-id', auto_init: true } });
        assert.equal(again.status, 201, again.text);
        assert.equal(again.json.id, next);
      } finally {
        await second.dispose();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
