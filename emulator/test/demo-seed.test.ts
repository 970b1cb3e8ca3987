// The demo seed (`--seed demo`: the package's scenarios/demo.yaml) with its
// fixed names and the facts the other tests rely on.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmulator, useModules } from '../src/server';
import { allModules } from '../src/modules';
import { startFreshEmulator, type TestEmulator } from './support/emulator';
import { demoScenarioFile } from '../src/scenario/demo';
import { basic, call } from './helpers/hosting';

const ORG = 'analytical-engines';

describe('demo seed', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startFreshEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('users ada, charles, mary, luigi, grace sign in with <login>-demo-password; ada is a site admin', async () => {
    for (const login of ['ada', 'charles', 'mary', 'luigi', 'grace']) {
      const res = await call(emu, 'GET', '/user', { auth: basic(login) });
      assert.equal(res.status, 200, login);
      assert.equal(res.json.login, login);
      assert.equal(res.json.site_admin, login === 'ada');
    }
  });

  it(`organization ${ORG} with Owners (admin), Engineers (push), Translators (pull); ada in every team`, async () => {
    const teams = (await call(emu, 'GET', '/user/teams', { auth: basic('ada') })).json as Array<{ name: string; permission: string }>;
    assert.deepEqual(teams.map((t) => `${t.name}:${t.permission}`).sort(), ['Engineers:push', 'Owners:admin', 'Translators:pull']);
  });

  it('the organization has public and concealed members', async () => {
    const everyone = (await call(emu, 'GET', `/orgs/${ORG}/members`, { auth: basic('ada') })).json.map((u: { login: string }) => u.login);
    const publicOnes = (await call(emu, 'GET', `/orgs/${ORG}/public_members`)).json.map((u: { login: string }) => u.login);
    assert.ok(publicOnes.length > 0);
    assert.ok(everyone.length > publicOnes.length, 'no concealed member');
    assert.ok(everyone.includes('ada'));
  });

  it('the five repositories, public and private, and the fork', async () => {
    const expectations: Array<[string, boolean, boolean]> = [
      [`${ORG}/difference-engine`, false, false],
      [`${ORG}/analytical-engine`, true, false],
      ['ada/notes-on-the-engine', false, false],
      ['ada/bernoulli-numbers', true, false],
      ['charles/difference-engine', false, true],
    ];
    for (const [fullName, isPrivate, isFork] of expectations) {
      const res = await call(emu, 'GET', `/repos/${fullName}`, { auth: basic('ada') });
      assert.equal(res.status, 200, fullName);
      assert.equal(res.json.private, isPrivate, fullName);
      assert.equal(res.json.fork, isFork, fullName);
    }
    const fork = (await call(emu, 'GET', '/repos/charles/difference-engine')).json;
    assert.equal(fork.parent.full_name, `${ORG}/difference-engine`);
  });

  it('the main demo repository is auto-initialized in its real git repository', async () => {
    const repo = (await call(emu, 'GET', `/repos/${ORG}/difference-engine`)).json;
    const gitDir = path.join(emu.dataDir, 'git', `${repo.id}.git`);
    const files = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '--name-only', repo.default_branch], { encoding: 'utf8' }).trim().split('\n');
    assert.ok(files.includes('README.md'));
  });

  it('the OAuth application RepoDesk: <data>/oauth-app.json holds a 20-character client id and a 40-character secret', async () => {
    const file = JSON.parse(fs.readFileSync(path.join(emu.dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string; client_secret: string };
    assert.match(file.client_id, /^[0-9a-f]{20}$/);
    assert.match(file.client_secret, /^[0-9a-f]{40}$/);
    const row = emu.db
      .prepare('SELECT a.name, a.callback_url, u.login AS owner FROM applications a JOIN users u ON u.id = a.owner_id WHERE client_id = ?')
      .get(file.client_id);
    assert.deepEqual(row, { name: 'RepoDesk', callback_url: 'http://127.0.0.1:7481/callback', owner: 'ada' });
    // The application credentials work on the API.
    const res = await call(emu, 'GET', `/rate_limit?client_id=${file.client_id}&client_secret=${file.client_secret}`);
    assert.equal(res.status, 200);
  });

  it("scenarios/demo.yaml is what --seed demo loads: the seed marker says demo, the file is the package's", () => {
    assert.equal(emu.db.prepare("SELECT value FROM emulator_meta WHERE key = 'seed'").pluck().get(), 'demo');
    assert.equal(demoScenarioFile(), path.join(__dirname, '..', 'scenarios', 'demo.yaml'));
  });

  it('difference-engine: 520 generated commits on the initial commit, dated within the 52 weeks before the seed, then pull request #3 merged', () => {
    const repo = emu.db.prepare("SELECT r.id FROM repositories r WHERE r.name = 'difference-engine' AND r.fork = 0").get() as { id: number };
    const git = (...args: string[]) =>
      execFileSync('git', ['--git-dir', path.join(emu.dataDir, 'git', `${repo.id}.git`), ...args], { encoding: 'utf8' }).trim();
    // The initial commit, 520 generated ones, the merged commit of #3 and its merge commit.
    assert.equal(Number(git('rev-list', '--count', 'master')), 523);
    // The seed time, give or take the seconds of the seed: when the initial commit was made.
    const seeded = Number(git('log', '-1', '--format=%at', 'master^{/Initial commit}'));
    const initial = git('rev-list', '--max-parents=0', 'master');
    assert.equal(git('log', '-1', '--format=%s', initial), 'Initial commit');
    const generated = git('log', '--format=%at', 'master^1', '--not', initial).split('\n').map(Number);
    assert.equal(generated.length, 520);
    assert.ok(Math.max(...generated) <= seeded - 3 * 3600 + 60, 'the history ends 3 hours before the seed');
    assert.ok(Math.min(...generated) >= seeded - 52 * 7 * 86_400, 'and starts within 52 weeks of it');
    // Pull request #1's commits are dated 300 and 200 minutes before the seed (date: -300m, -200m).
    const pr1 = git('log', '--format=%at', 'feature/method-of-differences', '--not', 'master^1').split('\n').map(Number);
    assert.deepEqual(
      pr1.map((t) => t - pr1[1]!),
      [100 * 60, 0],
    );
    assert.ok(Math.abs(seeded - 300 * 60 - pr1[1]!) <= 60, `${seeded - pr1[1]!} s before the seed`);
  });

  it('difference-engine: pull requests #1 open (2 commits, 3 files, 2 review threads, 2 comments), #2 closed, #3 merged; issue #4 labelled bug and question, in milestone 1', async () => {
    const R = `/repos/${ORG}/difference-engine`;
    const pulls = (await call(emu, 'GET', `${R}/pulls?state=all`)).json as Array<{ number: number; state: string; merged_at: string | null; title: string }>;
    assert.deepEqual(pulls.map((p) => [p.number, p.state, p.merged_at !== null]).sort(), [
      [1, 'open', false],
      [2, 'closed', false],
      [3, 'closed', true],
    ]);
    const one = (await call(emu, 'GET', `${R}/pulls/1`)).json;
    assert.deepEqual([one.commits, one.changed_files, one.comments, one.review_comments], [2, 3, 2, 4]);
    const issue = (await call(emu, 'GET', `${R}/issues/4`)).json;
    assert.ok(!issue.pull_request, 'a plain issue');
    const names = async (p: string) => ((await call(emu, 'GET', p)).json as Array<{ name: string }>).map((l) => l.name).sort();
    assert.deepEqual(await names(`${R}/issues/4/labels`), ['bug', 'question']);
    assert.deepEqual(await names(`${R}/milestones/1/labels`), ['bug', 'question']);
    assert.equal(issue.comments, 2);
  });

  it("difference-engine: tags, releases with assets, deploy keys, downloads; ada's gist with two comments", async () => {
    const R = `/repos/${ORG}/difference-engine`;
    const tags = (await call(emu, 'GET', `${R}/git/refs/tags`)).json.map((t: { ref: string }) => t.ref).sort();
    assert.deepEqual(tags, ['refs/tags/v0.1.0', 'refs/tags/v0.9.0', 'refs/tags/v1.0.0', 'refs/tags/v1.1.0-rc.1']);
    const releases = (await call(emu, 'GET', `${R}/releases`, { auth: basic('ada') })).json as Array<{
      tag_name: string;
      draft: boolean;
      prerelease: boolean;
      assets: unknown[];
    }>;
    assert.deepEqual(releases.map((r) => [r.tag_name, r.draft, r.prerelease, r.assets.length]).sort(), [
      ['v1.0.0', false, false, 2],
      ['v1.1.0', true, false, 0],
      ['v1.1.0-rc.1', false, true, 0],
    ]);
    assert.equal((await call(emu, 'GET', `${R}/keys`, { auth: basic('ada') })).json.length, 2);
    assert.equal((await call(emu, 'GET', `${R}/downloads`)).json.length, 2);
    const gists = (await call(emu, 'GET', '/users/ada/gists')).json as Array<{ description: string; comments: number }>;
    assert.deepEqual(
      gists.map((g) => [g.description, g.comments]),
      [['Note G, for the translators', 2]],
    );
  });

  it('the engagement service: ada with her demo API key, 6 contacts and 10 cases', () => {
    assert.equal(emu.db.prepare('SELECT count(*) FROM v2_contacts').pluck().get(), 6);
    assert.equal(emu.db.prepare('SELECT count(*) FROM v2_cases').pluck().get(), 10);
    assert.deepEqual(emu.db.prepare('SELECT state, count(*) AS n FROM v2_cases GROUP BY state ORDER BY state').all(), [
      { state: 'Arrived', n: 2 },
      { state: 'Closed', n: 3 },
      { state: 'Open', n: 5 },
    ]);
  });

  it('the start-up log names the client id and the file of the secret, never the secret; again on a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-seed-log-'));
    try {
      for (let run = 0; run < 2; run++) {
        const lines: string[] = [];
        useModules(allModules);
        const e = await createEmulator({ port: 0, host: '127.0.0.1', dataDir, logRequests: false, seed: 'demo' }, (l) => lines.push(l));
        await e.close();
        const { client_id, client_secret } = JSON.parse(fs.readFileSync(path.join(dataDir, 'oauth-app.json'), 'utf8')) as {
          client_id: string;
          client_secret: string;
        };
        const log = lines.join('\n');
        assert.ok(log.includes(client_id), `run ${run}: client id not logged`);
        assert.ok(log.includes(path.join(dataDir, 'oauth-app.json')), `run ${run}: file not named`);
        assert.ok(!log.includes(client_secret), `run ${run}: secret logged`);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
