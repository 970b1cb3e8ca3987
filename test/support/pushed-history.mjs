// A long history for a repository of the emulator, pushed with git as a
// user would: `count` commits by the five demo authors (matched to their
// logins by e-mail) spread over the last 52 weeks, each adding a small file
// and some deleting an older one, written by one `git fast-import` and sent
// with one `git push` (Basic, ada). For the Insights e2e (1,000 commits: its
// emulator's statistics delay, not the history's length, makes the panel say
// "computing") and the Insights benchmark (10,000). Async child processes only.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fastImport } from './git-tools.mjs';

const run = promisify(execFile);
const AUTHORS = [
  ['Ada Lovelace', 'ada@analytical-engines.test', '+0000'],
  ['Charles Babbage', 'charles@analytical-engines.test', '+0000'],
  ['Luigi Menabrea', 'luigi@analytical-engines.test', '+0100'],
  ['Mary Somerville', 'mary@analytical-engines.test', '+0000'],
  ['Grace Hopper', 'grace@analytical-engines.test', '-0500'],
];

/** Who makes a commit, by turns: ada most, grace least. */
const SHARES = [0, 1, 0, 2, 1, 0, 3, 1, 0, 2, 4, 0];

/** The fast-import stream of `count` commits ending now. */
function historyStream(count, now = Math.floor(Date.now() / 1000)) {
  const out = [];
  const data = (s) => `data ${Buffer.byteLength(s)}\n${s}\n`;
  const span = 52 * 7 * 86_400;
  for (let i = 1; i <= count; i++) {
    const [name, email, zone] = AUTHORS[SHARES[(i + (i >> 4)) % SHARES.length]];
    const time = now - span + Math.floor((span * i) / (count + 1));
    const file = `notes/${String(i % 500).padStart(3, '0')}/${i}.md`;
    const body = `# Note ${i}\n\n${'Table row\n'.repeat(1 + (i % 5))}`;
    const drop = i > 50 && i % 4 === 0 ? `D notes/${String((i - 50) % 500).padStart(3, '0')}/${i - 50}.md\n` : '';
    out.push(
      `commit refs/heads/master\nmark :${i}\nauthor ${name} <${email}> ${time} ${zone}\ncommitter ${name} <${email}> ${time} ${zone}\n${data(`Note ${i}\n`)}M 100644 inline ${file}\n${data(body)}${drop}\n`,
    );
  }
  return out.join('');
}

/** Pushes a `count`-commit history as master of `owner/repo` (an empty repository of the emulator). */
export async function pushHistory({ emulatorUrl, owner, repo, count }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-history-'));
  try {
    await run('git', ['init', '--bare', '--quiet', dir]);
    await fastImport(dir, historyStream(count));
    const url = new URL(`/${owner}/${repo}.git`, emulatorUrl);
    url.username = 'ada';
    url.password = 'ada-demo-password';
    await run('git', ['--git-dir', dir, 'push', '--quiet', url.toString(), 'master:refs/heads/master'], { maxBuffer: 1 << 26 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
