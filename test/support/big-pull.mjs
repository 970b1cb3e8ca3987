// A pull request of any size in a repository of its own, made as users make
// one: a new repository of ada's (POST /user/repos, auto_init), a branch of
// `commits` commits pushed with git (one `git fast-import`, one `git push`,
// Basic as ada) whose first commit adds `files` files in folders
// (`big/pkg-NN/mod-N/file-N.txt`: 30 packages of 10 modules) and whose later
// commits each rewrite one of them, the pull request (POST .../pulls) and
// `comments` review comments written by charles through the API (two thirds
// start a thread on line 1 of a file, one third reply). charles writes them so
// that ada's rate limit, which the benchmark measures, is spent only by
// RepoDesk. For the large pull request benchmark and integration test.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fastImport, inParallel } from './git-tools.mjs';

const run = promisify(execFile);
const UA = 'repodesk-big-pull';

function api(baseUrl, auth) {
  return async (method, p, body) => {
    const res = await fetch(baseUrl + p, {
      method,
      headers: { authorization: auth, 'user-agent': UA, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

let tokens = 0;

/** A token of a demo user's (password `<login>-demo-password`), made with the password as a person does on the service's page. */
export async function demoToken(emulatorUrl, login) {
  const basic = api(emulatorUrl, `Basic ${Buffer.from(`${login}:${login}-demo-password`).toString('base64')}`);
  return (await basic('POST', '/authorizations', { note: `big pull ${login} ${Date.now()}-${++tokens}`, scopes: ['repo'] })).token;
}

/** The path of file `i` (0-based) of the pull request. */
function bigPullPath(i) {
  return `big/pkg-${String(i % 30).padStart(2, '0')}/mod-${Math.floor(i / 30) % 10}/file-${i}.txt`;
}

function branchStream(branch, files, commits, now = Math.floor(Date.now() / 1000)) {
  const out = [];
  const data = (s) => `data ${Buffer.byteLength(s)}\n${s}\n`;
  const who = 'Ada Lovelace <ada@analytical-engines.test>';
  const adds = Array.from({ length: files }, (_, i) => `M 100644 inline ${bigPullPath(i)}\n${data(`file ${i}\nline 2\nline 3\n`)}`).join('');
  out.push(
    `commit refs/heads/${branch}\nmark :1\nauthor ${who} ${now - commits} +0000\ncommitter ${who} ${now - commits} +0000\n${data('Big change: every file\n')}from refs/heads/base\n${adds}\n`,
  );
  for (let c = 2; c <= commits; c++) {
    const i = (c * 7) % files;
    out.push(
      `commit refs/heads/${branch}\nmark :${c}\nauthor ${who} ${now - commits + c} +0000\ncommitter ${who} ${now - commits + c} +0000\n${data(`Big change, round ${c}\n`)}M 100644 inline ${bigPullPath(i)}\n${data(`file ${i}\nline 2\nline 3\nround ${c}\n`)}\n`,
    );
  }
  return out.join('');
}

/**
 * Makes the repository and its pull request. `token`: ada's; `reviewerToken`: charles's.
 * Returns { owner, repo, number, title, head, files, commits, comments, threads }.
 */
export async function createBigPull({
  emulatorUrl,
  token,
  reviewerToken,
  repo = `big-pull-${Date.now()}`,
  files = 3000,
  commits = 1000,
  comments = 2000,
  parallel = 6,
}) {
  const ada = api(emulatorUrl, `token ${token}`);
  const charles = api(emulatorUrl, `token ${reviewerToken}`);
  const owner = 'ada';
  await ada('POST', '/user/repos', { name: repo, auto_init: true });
  // charles reviews: a collaborator of the repository (PUT …/collaborators/:user).
  await ada('PUT', `/repos/${owner}/${repo}/collaborators/charles`);
  const base = (await ada('GET', `/repos/${owner}/${repo}`)).default_branch;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-big-pull-'));
  const url = new URL(`/${owner}/${repo}.git`, emulatorUrl);
  url.username = 'ada';
  url.password = 'ada-demo-password';
  const branch = 'big-change';
  try {
    await run('git', ['init', '--bare', '--quiet', dir]);
    await run('git', ['--git-dir', dir, 'fetch', '--quiet', url.toString(), `${base}:refs/heads/base`]);
    await fastImport(dir, branchStream(branch, files, commits));
    await run('git', ['--git-dir', dir, 'push', '--quiet', url.toString(), `refs/heads/${branch}:refs/heads/${branch}`], { maxBuffer: 1 << 26 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const title = `Big change: ${files} files, ${commits} commits, ${comments} review comments`;
  const pull = await ada('POST', `/repos/${owner}/${repo}/pulls`, { title, head: branch, base, body: 'Every file of the package, in many rounds.' });
  const head = pull.head.sha;
  const threads = Math.ceil((comments * 2) / 3);
  // An added file's diff is one hunk: position 1 is its first line.
  const roots = await inParallel(
    Array.from({ length: threads }, (_, i) => i),
    parallel,
    (i) =>
      charles('POST', `/repos/${owner}/${repo}/pulls/${pull.number}/comments`, {
        body: `Big thread ${i + 1} on ${bigPullPath(i % files)}`,
        commit_id: head,
        path: bigPullPath(i % files),
        position: 1,
      }).then((c) => c.id),
  );
  await inParallel(
    Array.from({ length: comments - threads }, (_, i) => i),
    parallel,
    (i) => charles('POST', `/repos/${owner}/${repo}/pulls/${pull.number}/comments`, { body: `Big reply ${i + 1}`, in_reply_to: roots[i % roots.length] }),
  );
  return { owner, repo, number: pull.number, title, head, files, commits, comments, threads };
}
