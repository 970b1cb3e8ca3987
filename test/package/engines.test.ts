// The install on the Node the project declares: npm's own engine check
// (EBADENGINE) over the lock file, as `npm ci` does on a fresh machine, run
// dry in a scratch folder holding the manifests and the lock only.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

describe('install: engines', () => {
  it('npm ci warns of no package that excludes this Node (no EBADENGINE)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-engines-'));
    try {
      for (const file of ['package.json', 'package-lock.json', 'emulator/package.json']) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
      }
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const run = spawnSync(npm, ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, npm_config_update_notifier: 'false' },
      });
      assert.equal(run.status, 0, `npm ci --dry-run failed:\n${run.stderr}`);
      // npm writes its warnings to stderr.
      const out = `${run.stdout}\n${run.stderr}`;
      const warned = out.split('\n').filter((l) => /EBADENGINE/.test(l));
      assert.deepEqual(warned, [], `npm ci on ${process.version} warns:\n${out}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
