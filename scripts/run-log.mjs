// What the long test scripts share (stress.mjs: the UI stages N times under
// load; alone.mjs: each test file by itself): a run whose output is kept in a
// log while it runs, and a failed run's test titles and screenshots read back
// from that log, the screenshots copied next to it (each e2e run that is not
// filtered empties test-results/).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const LOCKED = 'REPODESK_LOCK_TAKEN';

/**
 * Runs `cmd args` with its output written to `log` (and to this process's
 * stdout when `echo`); resolves with its exit code and the seconds it ran.
 * With `lockFile` the run waits for that flock(1) lock first (the machine's
 * heavy-suite lock): the wait is reported apart, not in the run's seconds.
 */
export function runLogged({ cmd, args, cwd, env = process.env, log, echo = false, lockFile }) {
  return new Promise((resolve) => {
    const file = fs.createWriteStream(log);
    let started = Date.now();
    const asked = started;
    // The shell prints a mark once flock holds the lock, then becomes the command.
    const [bin, argv] = lockFile ? ['flock', [lockFile, 'sh', '-c', 'echo "$0" && exec "$@"', LOCKED, cmd, ...args]] : [cmd, args];
    const child = spawn(bin, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let waiting = Boolean(lockFile);
    const write = (chunk) => {
      if (echo) process.stdout.write(chunk);
      file.write(chunk);
    };
    child.stdout.on('data', (chunk) => {
      if (waiting && chunk.toString().startsWith(LOCKED)) {
        waiting = false;
        started = Date.now();
        chunk = chunk.subarray(chunk.indexOf('\n') + 1);
      }
      write(chunk);
    });
    child.stderr.on('data', write);
    child.on('close', (code) => file.end(() => resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000, waitedSeconds: (started - asked) / 1000 })));
  });
}

/**
 * mocha's failure list in a log ("  1) suite\n       title:" then the error after a blank line),
 * each as its titles and the error's first line, and the screenshots the UI runners printed
 * ("screenshot: <path>") and the logs of their windows ("RepoDesk's log: <path>; …"), copied into `keep`.
 */
export function failuresIn(log, keep) {
  const text = fs.readFileSync(log, 'utf8');
  const titles = [...text.matchAll(/^ {2}\d+\) (.+)\n((?: {7,}.+\n)*)\n*(.*)/gm)].map((m) => {
    const title = [m[1], ...m[2].split('\n').map((l) => l.trim())].filter(Boolean).join(' ');
    const reason = m[3].trim();
    return reason ? `${title} ${reason}` : title;
  });
  // A failed UI test's screenshot, and RepoDesk's log of its window beside it (test-results/ is emptied by the next run).
  const shots = [...text.matchAll(/^(?:screenshot|RepoDesk's log): (.+\.(?:png|log))(?:;.*)?$/gm)].map((m) => m[1]).filter((p) => fs.existsSync(p));
  const kept = shots.map((p) => {
    const to = path.join(keep, path.basename(p));
    fs.copyFileSync(p, to);
    return to;
  });
  return { titles: [...new Set(titles)], screenshots: kept };
}
