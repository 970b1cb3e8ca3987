// docs/service-api/hosting/statistics §2–§6: the five paths over the seeded
// history of analytical-engines/difference-engine; 202 while computing, then
// 200 from the cache, which a move of the default branch resets.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseOptions } from '../src/options';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const REPO = '/repos/analytical-engines/difference-engine';
const WEEK = 7 * 86_400;

/** Repeats a statistics request until it stops answering 202 (the job is running). */
async function settled(emu: TestEmulator, path: string, auth?: string) {
  for (let i = 0; i < 200; i++) {
    const res = await call(emu, 'GET', path, { auth });
    if (res.status !== 202) return res;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} still 202`);
}

describe('v3 statistics (docs/service-api/hosting/statistics §1–§6)', () => {
  let emu: TestEmulator;
  let gitDir: string;
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8' }).trim();
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    const id = emu.db
      .prepare("SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = 'analytical-engines' AND r.name = 'difference-engine'")
      .pluck()
      .get() as number;
    gitDir = path.join(emu.dataDir, 'git', `${id}.git`);
  });
  after(() => emu.dispose());

  it('statistics — first request 202 (job started), later requests 200 from the cache', async () => {
    const first = await call(emu, 'GET', `${REPO}/stats/contributors`);
    assert.equal(first.status, 202);
    const done = await settled(emu, `${REPO}/stats/contributors`);
    assert.equal(done.status, 200);
    // Every path reads the same cache entry: no 202 for the others now.
    for (const p of ['commit_activity', 'code_frequency', 'participation', 'punch_card']) {
      assert.equal((await call(emu, 'GET', `${REPO}/stats/${p}`)).status, 200, p);
    }
  });

  it('GET /repos/:owner/:repo/stats/contributors — author user, total commits, weeks with w as a string', async () => {
    const res = await settled(emu, `${REPO}/stats/contributors`);
    const logins = res.json.map((c: { author: { login: string } }) => c.author.login).sort();
    assert.deepEqual(logins, ['ada', 'charles', 'grace', 'luigi', 'mary']);
    const total = res.json.reduce((s: number, c: { total: number }) => s + c.total, 0);
    assert.equal(total, Number(git('rev-list', '--count', 'master')));
    for (const c of res.json) {
      assert.equal(c.author.url, `${emu.url}/users/${c.author.login}`);
      assert.equal(
        c.weeks.reduce((s: number, w: { c: number }) => s + w.c, 0),
        c.total,
      );
      for (const w of c.weeks) {
        assert.equal(typeof w.w, 'string');
        assert.equal(Number(w.w) % WEEK, 3 * 86_400, 'weeks start on Sunday 00:00 UTC');
        assert.ok(Number.isInteger(w.a) && Number.isInteger(w.d) && Number.isInteger(w.c));
      }
    }
    const ada = res.json.find((c: { author: { login: string } }) => c.author.login === 'ada');
    assert.equal(ada.total, Number(git('rev-list', '--count', '--author=ada@analytical-engines.test', 'master')));
  });

  it('GET /repos/:owner/:repo/stats/commit_activity — 52 weeks of 7 days (Sunday first), total and week', async () => {
    const res = await settled(emu, `${REPO}/stats/commit_activity`);
    assert.equal(res.json.length, 52);
    for (const w of res.json) {
      assert.equal(w.days.length, 7);
      assert.equal(
        w.days.reduce((s: number, d: number) => s + d, 0),
        w.total,
      );
      assert.equal(typeof w.week, 'number');
    }
    const year = res.json.reduce((s: number, w: { total: number }) => s + w.total, 0);
    const since = res.json[0].week;
    const authored = git('log', '--format=%at', 'master').split('\n').map(Number);
    assert.equal(year, authored.filter((t) => t >= since && t < since + 52 * WEEK).length);
    assert.ok(year >= 520, `the seeded year holds the 520 commits, got ${year}`);
  });

  it('GET /repos/:owner/:repo/stats/code_frequency — [week, additions, -deletions] per week', async () => {
    const res = await settled(emu, `${REPO}/stats/code_frequency`);
    assert.ok(res.json.length >= 50);
    const numstat = git('log', '--numstat', '--format=', 'master')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t'));
    const added = numstat.reduce((s, [a]) => s + Number(a), 0);
    const deleted = numstat.reduce((s, [, d]) => s + Number(d), 0);
    assert.equal(
      res.json.reduce((s: number, r: number[]) => s + r[1]!, 0),
      added,
    );
    assert.equal(
      res.json.reduce((s: number, r: number[]) => s + r[2]!, 0),
      -deleted,
    );
    for (const [week, a, d] of res.json) {
      assert.ok(a >= 0 && d <= 0);
      assert.equal(week % WEEK, 3 * 86_400);
    }
  });

  it('GET /repos/:owner/:repo/stats/participation — all and owner, 52 weeks each, oldest first', async () => {
    const res = await settled(emu, `${REPO}/stats/participation`);
    assert.equal(res.json.all.length, 52);
    assert.equal(res.json.owner.length, 52);
    // The owner is the organization, which commits nothing; all holds the year's commits.
    assert.deepEqual(res.json.owner, new Array(52).fill(0));
    assert.ok(res.json.all.reduce((s: number, n: number) => s + n, 0) >= 520);
    assert.ok(res.json.all[51] >= 0 && res.json.all[0] >= 0);
  });

  it("GET /repos/:owner/:repo/stats/punch_card — [day, hour, commits] in each commit's own time zone", async () => {
    const res = await settled(emu, `${REPO}/stats/punch_card`);
    assert.equal(res.json.length, 7 * 24);
    // Count the same thing from git's author dates in their own offsets.
    const expected = new Map<string, number>();
    for (const line of git('log', '--format=%ad', '--date=format:%w %H', 'master').split('\n')) {
      const [d, h] = line.split(' ').map(Number);
      expected.set(`${d},${h}`, (expected.get(`${d},${h}`) ?? 0) + 1);
    }
    for (const [day, hour, count] of res.json) assert.equal(count, expected.get(`${day},${hour}`) ?? 0, `day ${day} hour ${hour}`);
  });

  it('statistics — a ref update of the default branch resets the cache (202 again, then the new history; an author without an account has author null)', async () => {
    const before = await settled(emu, `${REPO}/stats/contributors`);
    const total = before.json.reduce((s: number, c: { total: number }) => s + c.total, 0);
    const tip = git('rev-parse', 'master');
    const tree = git('rev-parse', 'master^{tree}');
    const next = execFileSync('git', ['--git-dir', gitDir, 'commit-tree', tree, '-p', tip, '-m', 'Empty change'], {
      encoding: 'utf8',
      // An author with no account: counted under the e-mail, with a null author.
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Joseph Clement',
        GIT_AUTHOR_EMAIL: 'clement@workshop.test',
        GIT_COMMITTER_NAME: 'Joseph Clement',
        GIT_COMMITTER_EMAIL: 'clement@workshop.test',
      },
    }).trim();
    git('update-ref', 'refs/heads/master', next, tip); // as a push would
    const after = await call(emu, 'GET', `${REPO}/stats/contributors`);
    assert.equal(after.status, 202);
    const recomputed = await settled(emu, `${REPO}/stats/contributors`);
    assert.equal(
      recomputed.json.reduce((s: number, c: { total: number }) => s + c.total, 0),
      total + 1,
    );
    const unknown = recomputed.json.filter((c: { author: unknown }) => c.author === null);
    assert.deepEqual(
      unknown.map((c: { total: number }) => c.total),
      [1],
    );
  });

  it('statistics — PATCH /git/refs/heads/master (an API push) resets the cache as well', async () => {
    await settled(emu, `${REPO}/stats/participation`);
    const tip = git('rev-parse', 'master');
    const commit = await call(emu, 'POST', `${REPO}/git/commits`, {
      auth: basic('ada'),
      body: { message: 'Through the API', tree: git('rev-parse', 'master^{tree}'), parents: [tip] },
    });
    assert.equal(commit.status, 201);
    const moved = await call(emu, 'PATCH', `${REPO}/git/refs/heads/master`, { auth: basic('ada'), body: { sha: commit.json.sha } });
    assert.equal(moved.status, 200);
    assert.equal((await call(emu, 'GET', `${REPO}/stats/participation`)).status, 202);
    const after = await settled(emu, `${REPO}/stats/participation`);
    assert.equal(after.status, 200);
  });

  it('statistics — a private repository is 404 to outsiders', async () => {
    const res = await call(emu, 'GET', '/repos/analytical-engines/analytical-engine/stats/punch_card', { auth: basic('grace') });
    assert.equal(res.status, 404);
  });
});

describe('v3 statistics with --stats-delay (docs/service-api/hosting/statistics §1, the computing state)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo', statisticsDelayMs: 2000 });
  });
  after(() => emu.dispose());

  it('statistics — the job waits the delay before computing: 202 meanwhile (the demo history alone computes in milliseconds), then 200', async () => {
    assert.equal((await call(emu, 'GET', `${REPO}/stats/punch_card`, { auth: basic('ada') })).status, 202);
    // Without the delay the job is done by now (the other tests' settled() sees 200 within a few polls).
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await call(emu, 'GET', `${REPO}/stats/punch_card`, { auth: basic('ada') })).status, 202, 'still computing within the delay');
    // Signed in: polling through the delay would pass the anonymous limit (60 an hour).
    const done = await settled(emu, `${REPO}/stats/punch_card`, basic('ada'));
    assert.equal(done.status, 200);
  });

  it('--stats-delay reaches the options; 0 or a word is a usage error', () => {
    assert.equal(parseOptions(['--data', '/tmp/x', '--stats-delay', '1500']).statisticsDelayMs, 1500);
    assert.equal(parseOptions(['--data', '/tmp/x']).statisticsDelayMs, undefined);
    for (const bad of ['0', 'soon']) assert.throws(() => parseOptions(['--data', '/tmp/x', '--stats-delay', bad]), /--stats-delay must be a positive integer/);
  });
});
