// Data for the sidebar benchmarks, written through the emulator's HTTP API
// (the same routes a client uses, so every repository also gets its bare git
// repository and every comment a valid diff position):
// - a token of ada (POST /authorizations, Basic auth), which the workbench
//   signs in with and which the rest of the seeding uses (a token check is
//   cheaper than a Basic password check);
// - `count` more repositories owned by ada (POST /user/repos, in parallel);
// - in analytical-engines/difference-engine, a branch with `files` new files
//   (git data API: tree on the master tree, commit, ref), a pull request of it
//   (POST /repos/:owner/:repo/pulls) and `comments` review comments on it
//   (POST .../pulls/:number/comments): two thirds start a thread on a line of
//   the diff, one third reply to every other thread root (in_reply_to).

import { inParallel } from '../../support/git-tools.mjs';

const UA = 'repodesk-bench';

export function api(baseUrl, auth) {
  return async function call(method, path, body) {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { authorization: auth, 'user-agent': UA, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
}

export { inParallel };

export async function createToken(baseUrl, login = 'ada', password = 'ada-demo-password') {
  const basic = api(baseUrl, 'Basic ' + Buffer.from(`${login}:${password}`).toString('base64'));
  const { body } = await basic('POST', '/authorizations', { note: `RepoDesk sidebar benchmark ${Date.now()}`, scopes: ['repo', 'user', 'read:org'] });
  return body.token;
}

export async function createRepositories(call, count, { parallel = 8, prefix = 'bench-repo-' } = {}) {
  const names = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}`);
  await inParallel(names, parallel, (name) => call('POST', '/user/repos', { name, description: `Benchmark repository ${name}` }));
  return names.length;
}

/** Returns { number, title, paths, threads, comments } of the new pull request. */
export async function createReviewedPull(
  call,
  { owner = 'analytical-engines', repo = 'difference-engine', files = 4, linesPerFile = 80, comments = 300, commits = 1, parallel = 6 } = {},
) {
  const r = `/repos/${owner}/${repo}`;
  const repository = (await call('GET', r)).body;
  const base = repository.default_branch;
  const baseRef = (await call('GET', `${r}/git/refs/heads/${base}`)).body;
  const baseCommit = (await call('GET', `${r}/git/commits/${baseRef.object.sha}`)).body;
  const paths = Array.from({ length: files }, (_, f) => `bench/table-${f + 1}.txt`);
  const tree = (
    await call('POST', `${r}/git/trees`, {
      base_tree: baseCommit.tree.sha,
      tree: paths.map((path, f) => ({
        path,
        mode: '100644',
        type: 'blob',
        content: Array.from({ length: linesPerFile }, (_, l) => `table ${f + 1}, row ${l + 1}: ${(l + 1) ** 2} ${(l + 1) ** 3}`).join('\n') + '\n',
      })),
    })
  ).body;
  let commit = (await call('POST', `${r}/git/commits`, { message: 'Benchmark: tables with many lines', tree: tree.sha, parents: [baseRef.object.sha] })).body;
  // More commits on top (the same tree: the diff, and so the positions, stay those of the first).
  for (let i = 2; i <= commits; i++) {
    commit = (await call('POST', `${r}/git/commits`, { message: `Benchmark: review round ${i}`, tree: tree.sha, parents: [commit.sha] })).body;
  }
  const branch = `bench-review-${Date.now()}`;
  await call('POST', `${r}/git/refs`, { ref: `refs/heads/${branch}`, sha: commit.sha });
  const title = `Benchmark: ${comments} review comments${commits > 1 ? `, ${commits} commits` : ''}`;
  const pull = (await call('POST', `${r}/pulls`, { title, head: branch, base, body: 'Tables with many lines, reviewed line by line.' })).body;

  // A new file's diff is one hunk: position n is line n of the file.
  const rootCount = Math.ceil((comments * 2) / 3);
  const roots = Array.from({ length: rootCount }, (_, i) => ({
    path: paths[i % files],
    position: Math.floor(i / files) + 1,
    body: `Bench thread ${i + 1}: check row ${Math.floor(i / files) + 1} of ${paths[i % files]}`,
  }));
  if (roots.some((c) => c.position > linesPerFile)) throw new Error('more thread roots than diff lines');
  const created = await inParallel(roots, parallel, (c) =>
    call('POST', `${r}/pulls/${pull.number}/comments`, { body: c.body, commit_id: commit.sha, path: c.path, position: c.position }).then((res) => res.body.id),
  );
  const replies = comments - rootCount;
  await inParallel(
    Array.from({ length: replies }, (_, i) => i),
    parallel,
    (i) =>
      call('POST', `${r}/pulls/${pull.number}/comments`, {
        body: `Reply ${i + 1}: agreed, fixed in the next commit.`,
        in_reply_to: created[(i * 2) % created.length],
      }),
  );
  return { number: pull.number, title, paths, threads: rootCount, comments: rootCount + replies };
}

/** The large pull request's size (test/support/big-pull.mjs): BENCH_FILES, BENCH_COMMITS, BENCH_COMMENTS, by default 3,000, 1,000 and 2,000. */
export const bigPullSize = () => ({
  files: Number(process.env.BENCH_FILES ?? 3000),
  commits: Number(process.env.BENCH_COMMITS ?? 1000),
  comments: Number(process.env.BENCH_COMMENTS ?? 2000),
});
