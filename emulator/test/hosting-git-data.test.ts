// docs/service-api/hosting/git-data §1–§8 over
// HTTP, on the demo repository ada/notes-on-the-engine (auto_init: master
// holds README.md). Each test names its row; SHAs are checked against git.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './support/emulator';
import { repoGitPath } from '../src/git';
import { eventLog } from './helpers/events';
import { basic, call } from './helpers/hosting';

const REPO = '/repos/ada/notes-on-the-engine';

describe('v3 git data (docs/service-api/hosting/git-data §1–§8)', () => {
  let emu: TestEmulator;
  let gitDir: string;
  const ada = basic('ada');
  const mary = basic('mary');
  const git = (...args: string[]): string =>
    execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: emu.dataDir } }).trim();
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    const id = (
      emu.db.prepare("SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = 'ada' AND r.name = 'notes-on-the-engine'").get() as {
        id: number;
      }
    ).id;
    gitDir = repoGitPath(path.join(emu.dataDir, 'git'), id);
  });
  after(() => emu.dispose());

  const master = async (): Promise<string> => (await call(emu, 'GET', `${REPO}/git/refs/heads/master`, { auth: ada })).json.object.sha;

  it('POST /git/blobs utf-8 and base64 → 201, Location, sha of git hash-object; GET /git/blobs/:sha → base64 content, size', async () => {
    const res = await call(emu, 'POST', `${REPO}/git/blobs`, { auth: ada, body: { content: 'Note G\n', encoding: 'utf-8' } });
    assert.equal(res.status, 201);
    assert.equal(res.json.sha, execFileSync('git', ['hash-object', '--stdin'], { input: 'Note G\n', encoding: 'utf8' }).trim());
    assert.equal(res.headers.get('location'), res.json.url);
    assert.equal(res.json.url, `${emu.url}${REPO}/git/blobs/${res.json.sha}`);
    const b64 = await call(emu, 'POST', `${REPO}/git/blobs`, { auth: ada, body: { content: Buffer.from([0, 1, 2]).toString('base64'), encoding: 'base64' } });
    const got = await call(emu, 'GET', `${REPO}/git/blobs/${b64.json.sha}`, { auth: ada });
    assert.equal(got.status, 200);
    assert.deepEqual({ ...got.json, url: undefined }, { content: 'AAEC', encoding: 'base64', sha: b64.json.sha, size: 3, url: undefined });
    assert.equal((await call(emu, 'GET', `${REPO}/git/blobs/${'ab'.repeat(20)}`, { auth: ada })).status, 404);
    assert.equal((await call(emu, 'POST', `${REPO}/git/blobs`, { auth: ada, body: { content: 'x', encoding: 'rot13' } })).status, 422);
  });

  it('POST /git/trees with base_tree and nested content → 201, Location; GET /git/trees/:sha?recursive=1 lists every entry', async () => {
    const head = (await call(emu, 'GET', `${REPO}/git/commits/${await master()}`, { auth: ada })).json;
    const res = await call(emu, 'POST', `${REPO}/git/trees`, {
      auth: ada,
      body: {
        base_tree: head.tree.sha,
        tree: [
          { path: 'notes/note-g.md', mode: '100644', type: 'blob', content: '# Note G\n' },
          { path: 'run.sh', mode: '100755', type: 'blob', content: '#!/bin/sh\n' },
        ],
      },
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), `${emu.url}${REPO}/git/trees/${res.json.sha}`);
    assert.deepEqual(
      res.json.tree.map((e: { path: string; type: string }) => `${e.type} ${e.path}`),
      ['blob README.md', 'tree notes', 'blob run.sh'],
    );
    const rec = await call(emu, 'GET', `${REPO}/git/trees/${res.json.sha}?recursive=1`, { auth: ada });
    assert.equal(rec.status, 200);
    assert.deepEqual(
      rec.json.tree.map((e: { path: string }) => e.path),
      ['README.md', 'notes', 'notes/note-g.md', 'run.sh'],
    );
    const note = rec.json.tree[2];
    assert.deepEqual({ mode: note.mode, size: note.size, url: note.url }, { mode: '100644', size: 9, url: `${emu.url}${REPO}/git/blobs/${note.sha}` });
    assert.equal(git('ls-tree', '-r', '--name-only', res.json.sha), 'README.md\nnotes/note-g.md\nrun.sh', 'git sees the same tree');
    const flat = await call(emu, 'GET', `${REPO}/git/trees/${res.json.sha}`, { auth: ada });
    assert.equal(flat.json.tree.length, 3, 'without recursive: one level');
  });

  for (const [title, entry, message] of [
    ['entry with both sha and content', { path: 'a', mode: '100644', type: 'blob', content: 'x', sha: 'ab'.repeat(20) }, /either sha or content, not both/],
    ['path with ..', { path: '../a', mode: '100644', type: 'blob', content: 'x' }, /malformed path component/],
    ['path with an empty segment', { path: 'a//b', mode: '100644', type: 'blob', content: 'x' }, /malformed path component/],
    ['unknown mode', { path: 'a', mode: '100600', type: 'blob', content: 'x' }, /mode must be one of/],
    ['SHA that does not exist', { path: 'a', mode: '100644', type: 'blob', sha: 'ab'.repeat(20) }, /does not exist/],
  ] as const) {
    it(`POST /git/trees: ${title} → 422 with the reason`, async () => {
      const res = await call(emu, 'POST', `${REPO}/git/trees`, { auth: ada, body: { tree: [entry] } });
      assert.equal(res.status, 422);
      assert.match(res.json.message, message);
    });
  }

  it('POST /git/commits → 201, Location; author defaults to the authenticated user, committer to author; GET /git/commits/:sha', async () => {
    const parent = await master();
    const tree = (await call(emu, 'GET', `${REPO}/git/commits/${parent}`, { auth: ada })).json.tree.sha;
    const res = await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message: 'Add nothing', tree, parents: [parent] } });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), `${emu.url}${REPO}/git/commits/${res.json.sha}`);
    assert.deepEqual([res.json.author.name, res.json.author.email], ['Ada Lovelace', 'ada@analytical-engines.test']);
    assert.deepEqual(res.json.committer, res.json.author);
    assert.deepEqual(res.json.parents, [{ sha: parent, url: `${emu.url}${REPO}/git/commits/${parent}` }]);
    assert.equal(git('cat-file', '-t', res.json.sha), 'commit');
    const dated = await call(emu, 'POST', `${REPO}/git/commits`, {
      auth: ada,
      body: {
        message: 'Dated',
        tree,
        parents: [],
        author: { name: 'Luigi', email: 'luigi@example.com', date: '1992-10-01T12:00:00+01:00' },
      },
    });
    const got = await call(emu, 'GET', `${REPO}/git/commits/${dated.json.sha}`, { auth: ada });
    assert.equal(got.json.author.date, '1992-10-01T12:00:00+01:00', 'the date keeps its own time zone');
    assert.deepEqual(got.json.parents, [], 'empty parents make a root commit');
    assert.equal((await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { tree } })).status, 422, 'message is required');
    const ancient = await call(emu, 'POST', `${REPO}/git/commits`, {
      auth: ada,
      body: { message: 'm', tree, author: { name: 'L', email: 'l@example.com', date: '1842-10-01T12:00:00Z' } },
    });
    assert.deepEqual([ancient.status, ancient.json.message], [422, 'author.date is before 1970-01-01, which git cannot store']);
    assert.equal((await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message: 'm', tree: 'ab'.repeat(20) } })).status, 422);
    assert.equal((await call(emu, 'GET', `${REPO}/git/commits/${tree}`, { auth: ada })).status, 404);
  });

  it('References: POST a branch with slashes → 201, GET one, list all and by namespace; POST again → 422 Reference already exists', async () => {
    const sha = await master();
    const res = await call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref: 'refs/heads/feature/a', sha } });
    assert.equal(res.status, 201);
    assert.deepEqual(res.json, {
      ref: 'refs/heads/feature/a',
      url: `${emu.url}${REPO}/git/refs/heads/feature/a`,
      object: { type: 'commit', sha, url: `${emu.url}${REPO}/git/commits/${sha}` },
    });
    assert.equal(res.headers.get('location'), res.json.url);
    assert.equal((await call(emu, 'GET', `${REPO}/git/refs/heads/feature/a`, { auth: ada })).json.ref, 'refs/heads/feature/a');
    await call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref: 'refs/tags/v1', sha } });
    const all = (await call(emu, 'GET', `${REPO}/git/refs`, { auth: ada })).json.map((r: { ref: string }) => r.ref);
    assert.deepEqual(all, ['refs/heads/feature/a', 'refs/heads/master', 'refs/tags/v1']);
    assert.deepEqual(
      (await call(emu, 'GET', `${REPO}/git/refs/tags`, { auth: ada })).json.map((r: { ref: string }) => r.ref),
      ['refs/tags/v1'],
    );
    const again = await call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref: 'refs/heads/feature/a', sha } });
    assert.deepEqual([again.status, again.json.message], [422, 'Reference already exists']);
    assert.equal((await call(emu, 'GET', `${REPO}/git/refs/heads/nothing`, { auth: ada })).status, 404);
  });

  it('References POST: a name not starting with refs or with fewer than two slashes is rejected (422); nothing is created', async () => {
    const sha = await master();
    for (const ref of ['heads/x', 'refs/x', 'refs/heads/a..b']) {
      assert.equal((await call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref, sha } })).status, 422, ref);
    }
    assert.equal((await call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref: 'refs/heads/y', sha: 'ab'.repeat(20) } })).status, 422);
    assert.doesNotMatch(git('for-each-ref', '--format=%(refname)'), /refs\/heads\/(x|y)$|refs\/x/m);
  });

  it('References PATCH: fast-forward → 200; otherwise 422 Update is not a fast forward unless force; DELETE → 204', async () => {
    const base = await master();
    const tree = (await call(emu, 'GET', `${REPO}/git/commits/${base}`, { auth: ada })).json.tree.sha;
    const next = (await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message: 'next', tree, parents: [base] } })).json.sha;
    const side = (await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message: 'side', tree, parents: [base] } })).json.sha;
    await call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref: 'refs/heads/topic/ff', sha: base } });
    const ff = await call(emu, 'PATCH', `${REPO}/git/refs/heads/topic/ff`, { auth: ada, body: { sha: next } });
    assert.deepEqual([ff.status, ff.json.object.sha], [200, next]);
    const refused = await call(emu, 'PATCH', `${REPO}/git/refs/heads/topic/ff`, { auth: ada, body: { sha: side } });
    assert.deepEqual([refused.status, refused.json.message], [422, 'Update is not a fast forward']);
    assert.equal(git('rev-parse', 'refs/heads/topic/ff'), next, 'a refused update changes nothing');
    const forced = await call(emu, 'PATCH', `${REPO}/git/refs/heads/topic/ff`, { auth: ada, body: { sha: side, force: true } });
    assert.deepEqual([forced.status, forced.json.object.sha], [200, side]);
    assert.equal((await call(emu, 'DELETE', `${REPO}/git/refs/heads/topic/ff`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'GET', `${REPO}/git/refs/heads/topic/ff`, { auth: ada })).status, 404);
    assert.equal((await call(emu, 'DELETE', `${REPO}/git/refs/heads/topic/ff`, { auth: ada })).status, 404);
  });

  it('a ref change through the API counts as a push: create + push (created), push (forced) with its commits, delete + push (deleted)', async () => {
    const { events, until, stop: unsubscribe } = eventLog(emu);
    const settle = (count: number): Promise<void> => until((all) => all.length >= count);
    try {
      const base = await master();
      const tree = (await call(emu, 'GET', `${REPO}/git/commits/${base}`, { auth: ada })).json.tree.sha;
      const added = (
        await call(emu, 'POST', `${REPO}/git/trees`, { auth: ada, body: { base_tree: tree, tree: [{ path: 'events.md', mode: '100644', content: 'e\n' }] } })
      ).json.sha;
      const one = (await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message: 'one', tree: added, parents: [base] } })).json.sha;
      const other = (await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message: 'other', tree, parents: [base] } })).json.sha;
      await call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref: 'refs/heads/events/x', sha: base } });
      await settle(2);
      assert.deepEqual(
        events.map((e) => e.name),
        ['create', 'push'],
      );
      assert.deepEqual([events[0]?.payload.ref, events[0]?.payload.ref_type], ['events/x', 'branch']);
      assert.deepEqual([events[1]?.payload.created, (events[1]?.payload.sender as { login: string }).login], [true, 'ada']);
      events.length = 0;
      await call(emu, 'PATCH', `${REPO}/git/refs/heads/events/x`, { auth: ada, body: { sha: one } });
      await settle(1);
      const push = events[0]?.payload as { before: string; after: string; forced: boolean; commits: Array<{ id: string; added: string[] }> };
      assert.deepEqual([push.before, push.after, push.forced, push.commits.map((c) => c.id), push.commits[0]?.added], [base, one, false, [one], ['events.md']]);
      events.length = 0;
      await call(emu, 'PATCH', `${REPO}/git/refs/heads/events/x`, { auth: ada, body: { sha: other, force: true } });
      await settle(1);
      assert.equal((events[0]?.payload as { forced: boolean }).forced, true);
      events.length = 0;
      await call(emu, 'DELETE', `${REPO}/git/refs/heads/events/x`, { auth: ada });
      await settle(2);
      assert.deepEqual(
        events.map((e) => e.name),
        ['delete', 'push'],
      );
      assert.deepEqual([events[1]?.payload.deleted, events[1]?.payload.after, events[1]?.scope.repoId !== undefined], [true, '0'.repeat(40), true]);
    } finally {
      unsubscribe();
    }
  });

  it('a push of several commits (webhooks §7): each commit lists its own added, removed and modified paths, in order, and a merge that changes nothing lists none', async () => {
    const { events, until, stop: unsubscribe } = eventLog(emu);
    try {
      const base = await master();
      const baseTree = (await call(emu, 'GET', `${REPO}/git/commits/${base}`, { auth: ada })).json.tree.sha;
      const commit = async (message: string, parents: string[], baseTreeSha: string, tree: Array<Record<string, unknown>>) => {
        const t = tree.length ? (await call(emu, 'POST', `${REPO}/git/trees`, { auth: ada, body: { base_tree: baseTreeSha, tree } })).json.sha : baseTreeSha;
        const c = (await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message, tree: t, parents } })).json;
        return { sha: c.sha as string, tree: c.tree.sha as string };
      };
      const c1 = await commit('add two', [base], baseTree, [
        { path: 'push/a.md', mode: '100644', content: 'a\n' },
        { path: 'push/b.md', mode: '100644', content: 'b\n' },
      ]);
      const c2 = await commit('change a, add c', [c1.sha], c1.tree, [
        { path: 'push/a.md', mode: '100644', content: 'a2\n' },
        { path: 'push/c.md', mode: '100644', content: 'c\n' },
      ]);
      const c3 = await commit('remove b', [c2.sha], c2.tree, [{ path: 'push/b.md', mode: '100644', sha: null }]);
      const merge = await commit('merge', [c3.sha, c1.sha], c3.tree, []);
      await call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref: 'refs/heads/events/several', sha: base } });
      await until((all) => all.some((e) => e.name === 'push'));
      events.length = 0;
      await call(emu, 'PATCH', `${REPO}/git/refs/heads/events/several`, { auth: ada, body: { sha: merge.sha } });
      await until((all) => all.some((e) => e.name === 'push'));
      const push = events.find((e) => e.name === 'push')?.payload as {
        commits: Array<{ id: string; message: string; added: string[]; removed: string[]; modified: string[] }>;
      };
      assert.deepEqual(
        push.commits.map((c) => [c.id, c.message, c.added, c.removed, c.modified]),
        [
          [c1.sha, 'add two', ['push/a.md', 'push/b.md'], [], []],
          [c2.sha, 'change a, add c', ['push/c.md'], [], ['push/a.md']],
          [c3.sha, 'remove b', [], ['push/b.md'], []],
          [merge.sha, 'merge', [], [], []],
        ],
      );
      await call(emu, 'DELETE', `${REPO}/git/refs/heads/events/several`, { auth: ada });
    } finally {
      unsubscribe();
    }
  });

  it('writes need push access: a user who may only read gets 404, and nothing changes', async () => {
    const sha = await master();
    assert.equal((await call(emu, 'GET', `${REPO}/git/refs/heads/master`, { auth: mary })).status, 200);
    assert.equal((await call(emu, 'POST', `${REPO}/git/refs`, { auth: mary, body: { ref: 'refs/heads/mary', sha } })).status, 404);
    assert.equal((await call(emu, 'DELETE', `${REPO}/git/refs/heads/master`, { auth: mary })).status, 404);
    assert.equal(await master(), sha);
  });

  it('a commit made through the API and moved onto master is what git clone from the data folder checks out', async () => {
    const parent = await master();
    const head = (await call(emu, 'GET', `${REPO}/git/commits/${parent}`, { auth: ada })).json;
    const tree = (
      await call(emu, 'POST', `${REPO}/git/trees`, {
        auth: ada,
        body: { base_tree: head.tree.sha, tree: [{ path: 'docs/sketch.md', mode: '100644', content: 'Sketch\n' }] },
      })
    ).json.sha;
    const commit = (await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message: 'Add the sketch', tree, parents: [parent] } })).json.sha;
    assert.equal((await call(emu, 'PATCH', `${REPO}/git/refs/heads/master`, { auth: ada, body: { sha: commit } })).status, 200);
    const clone = path.join(emu.dataDir, 'clone-check');
    execFileSync('git', ['clone', '--quiet', gitDir, clone], { env: { PATH: process.env.PATH, HOME: emu.dataDir } });
    const log = execFileSync('git', ['-C', clone, 'log', '--format=%H %s'], { encoding: 'utf8' }).trim().split('\n');
    assert.equal(log[0], `${commit} Add the sketch`);
    assert.equal(log[1]?.split(' ')[0], parent);
  });

  it('the enterprise form /api/v3 serves the same rows with URLs under /api/v3', async () => {
    const res = await call(emu, 'GET', `/api/v3${REPO}/git/refs/heads/master`, { auth: ada });
    assert.equal(res.status, 200);
    assert.ok(res.json.url.startsWith(`${emu.url}/api/v3${REPO}/git/refs/heads/master`));
  });
});
