// On a fresh clone `npm start` and `npm test` install the npm dependencies
// themselves (npm ci), so the README's two commands are all a user types.
// System packages (Chromium, ripgrep, libkrb5-dev, git) are named here when
// missing; .ci/run installs them with apt-get.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function ensureDependencies(root) {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(stamp) || fs.statSync(stamp).mtimeMs < fs.statSync(lock).mtimeMs) {
    console.log('Installing npm dependencies (npm ci)…');
    const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}

/** System programs the harness needs; returns the Debian packages that are missing. */
export function missingSystemPackages() {
  const checks = [['chromium', ['/usr/bin/chromium', '/usr/bin/chromium-browser']], ['ripgrep', ['/usr/bin/rg']], ['git', ['/usr/bin/git']]];
  return checks.filter(([, paths]) => !paths.some((p) => fs.existsSync(p))).map(([pkg]) => pkg);
}
