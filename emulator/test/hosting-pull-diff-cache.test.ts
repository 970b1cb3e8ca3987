// A pull request's diff and commits are computed once per (base, head) and
// kept (src/hosting/pulls/pair-cache.ts): every files page and every 304 of a
// large pull request used to run the whole `git diff` again. The pages stay
// exact, and follow the head when it moves.
import assert from 'node:assert/strict';
import os from 'node:os';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';
import { commitOnBranch, git, gitDirOf, R } from './hosting-pulls-fixture';
import { pairCaches, PullGit } from '../src/hosting/pulls/git';
import { PairCache } from '../src/hosting/pulls/pair-cache';

const ada = basic('ada');

interface FileRow {
  filename: string;
  status: string;
  patch: string;
  sha: string;
}

describe('v3 pull request files and commits: kept per (base, head)', () => {
  let emu: TestEmulator;
  let gitDir: string;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    gitDir = gitDirOf(emu);
  });
  after(() => emu.dispose());

  const allPages = async (number: number, perPage: number): Promise<FileRow[]> => {
    const rows: FileRow[] = [];
    for (let page = 1; ; page++) {
      const res = await call(emu, 'GET', `${R}/pulls/${number}/files?per_page=${perPage}&page=${page}`, { auth: ada });
      assert.equal(res.status, 200);
      const got = res.json as FileRow[];
      rows.push(...got);
      if (got.length < perPage) return rows;
    }
  };

  it('files pages of 2 are exactly the whole diff, a page asked again with its ETag is 304, and after a push to the head the pages show the new head', async () => {
    const files = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`cache/file-${i}.txt`, `line ${i}\n`]));
    const first = commitOnBranch(gitDir, 'feature/kept-diff', 'master', files);
    const pr = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 'Kept diff', head: 'feature/kept-diff', base: 'master' } });
    assert.equal(pr.status, 201);
    const number = pr.json.number as number;

    const expected = git(gitDir, ['diff', '--name-only', `master...${first}`]).split('\n');
    const paged = await allPages(number, 2);
    assert.deepEqual(
      paged.map((f) => f.filename),
      expected,
    );
    const whole = (await call(emu, 'GET', `${R}/pulls/${number}/files?per_page=100`, { auth: ada })).json as FileRow[];
    assert.deepEqual(paged, whole);

    const page2 = await call(emu, 'GET', `${R}/pulls/${number}/files?per_page=2&page=2`, { auth: ada });
    const etag = page2.headers.get('etag');
    assert.ok(etag);
    const again = await call(emu, 'GET', `${R}/pulls/${number}/files?per_page=2&page=2`, { auth: ada, headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);

    // The head moves: file-0 changes, file-9 is added.
    const second = commitOnBranch(gitDir, 'feature/kept-diff', first, { 'cache/file-0.txt': 'line 0\nand more\n', 'cache/file-9.txt': 'nine\n' });
    const moved = await allPages(number, 2);
    assert.deepEqual(
      moved.map((f) => f.filename),
      git(gitDir, ['diff', '--name-only', `master...${second}`]).split('\n'),
    );
    const changed = moved.find((f) => f.filename === 'cache/file-0.txt')!;
    assert.equal(changed.patch, '@@ -0,0 +1,2 @@\n+line 0\n+and more');
    assert.equal(changed.sha, git(gitDir, ['rev-parse', `${second}:cache/file-0.txt`]));
    const after = await call(emu, 'GET', `${R}/pulls/${number}/files?per_page=2&page=2`, { auth: ada, headers: { 'If-None-Match': etag } });
    assert.equal(after.status, 200, 'the page of the old head is not 304 any more');
    const commits = (await call(emu, 'GET', `${R}/pulls/${number}/commits`, { auth: ada })).json as Array<{ sha: string }>;
    assert.deepEqual(
      commits.map((c) => c.sha),
      [first, second],
    );
  });

  it('the same (base, head) asked again, or twice at once, is answered from the one git run; another head is computed', async () => {
    const git_ = new PullGit({ homeDir: os.tmpdir() }, gitDir, pairCaches());
    const base = git(gitDir, ['rev-parse', 'master']);
    const a = commitOnBranch(gitDir, 'feature/kept-a', 'master', { 'kept/a.txt': 'a\n' });
    const b = commitOnBranch(gitDir, 'feature/kept-a', a, { 'kept/b.txt': 'b\n' });
    const [once, twice] = await Promise.all([git_.files(base, a), git_.files(base, a)]);
    assert.equal(twice, once, 'two requests at once share the run');
    assert.equal(await git_.files(base, a), once, 'asked again: the kept answer');
    assert.equal(await git_.commits(base, a), await git_.commits(base, a));
    const moved = await git_.files(base, b);
    assert.notEqual(moved, once);
    assert.deepEqual(
      moved.map((f) => f.filename),
      ['kept/a.txt', 'kept/b.txt'],
    );
    assert.deepEqual(
      (await git_.commits(base, b)).map((c) => c.sha),
      [a, b],
    );
  });
});

describe('pair cache: bounded in bytes', () => {
  const sized = (limit: number) => new PairCache<string>((s) => 2 * s.length, { maxBytes: limit });

  it('keeps answers until the bytes run out, the least recently asked going first; an answer larger than the bound is not kept', async () => {
    const cache = sized(2 * 3 * 110);
    let runs = 0;
    const compute = (text: string) => () => {
      runs++;
      return Promise.resolve(text);
    };
    const x = 'x'.repeat(100);
    for (const key of ['k1', 'k2', 'k3']) await cache.get(key, compute(x));
    assert.equal(runs, 3);
    await cache.get('k1', compute(x)); // k1 now most recent: k2 goes first
    assert.equal(runs, 3);
    await cache.get('k4', compute(x));
    assert.ok(cache.bytes() <= 2 * 3 * 110, `${cache.bytes()} bytes kept`);
    await cache.get('k1', compute(x));
    assert.equal(runs, 4, 'k1 was kept');
    await cache.get('k2', compute(x));
    assert.equal(runs, 5, 'k2 was the one dropped');
    await cache.get('huge', compute('y'.repeat(1000)));
    await cache.get('huge', compute('y'.repeat(1000)));
    assert.equal(runs, 7, 'too large to keep');
    assert.ok(cache.bytes() <= 2 * 3 * 110);
  });

  it('a failed computation is not kept: the next ask runs it again', async () => {
    const cache = sized(10_000);
    await assert.rejects(
      cache.get('k', () => Promise.reject(new Error('git failed'))),
      /git failed/,
    );
    assert.equal(await cache.get('k', () => Promise.resolve('ok')), 'ok');
    assert.equal(cache.bytes() > 0, true);
  });
});
