// The scenario entries beyond commits and pull requests (the README's second
// example, seeded as it is): generated history, relative dates, auto_init,
// notes, milestones, issues, deploy keys, downloads, release assets, forks,
// gists, the OAuth application, contact and campaign dates, case moves. Each
// read back through the APIs and git, as a client would.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './support/emulator';
import { call } from './helpers/hosting';

const README = path.resolve(__dirname, '../README.md');
const ann = `Basic ${Buffer.from('ann:ann-password').toString('base64')}`;
const R = '/repos/acme/gears';

describe('scenario entries (the README example of more entries)', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let scratch: string;
  let git: (...args: string[]) => string;
  let seededAt: number;
  before(async () => {
    const example = [...fs.readFileSync(README, 'utf8').matchAll(/```yaml\n([^]*?)```/g)][1]![1]!;
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-scenario-entries-'));
    const file = path.join(scratch, 'more.yaml');
    fs.writeFileSync(file, example);
    seededAt = Math.floor(Date.now() / 1000);
    emu = await startEmulator({ seed: file });
    const id = emu.db.prepare("SELECT id FROM repositories WHERE name = 'gears' AND fork = 0").pluck().get() as number;
    git = (...args) => execFileSync('git', ['--git-dir', path.join(emu.dataDir, 'git', `${id}.git`), ...args], { encoding: 'utf8' }).trim();
  });
  after(async () => {
    await emu?.dispose();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('auto_init and gitignore_template: the "Initial commit" by created_by, with README.md and the Node .gitignore', () => {
    const initial = git('rev-list', '--max-parents=0', 'master');
    assert.equal(git('log', '-1', '--format=%s %an', initial), 'Initial commit ann');
    assert.deepEqual(git('ls-tree', '--name-only', initial).split('\n'), ['.gitignore', 'README.md']);
    assert.match(git('show', `${initial}:.gitignore`), /node_modules/);
  });

  it('generate: 300 commits on the initial commit, by ann and ben in their zones, within the 52 weeks before until (-3h)', () => {
    assert.equal(Number(git('rev-list', '--count', 'master')), 301);
    const lines = git('log', '--format=%an %ad %at', '--date=format:%z', 'master', '--not', 'master^{/Initial commit}').split('\n');
    assert.equal(lines.length, 300);
    const zones = new Set(lines.map((l) => l.split(' ').slice(0, 2).join(' ')));
    for (const z of zones) assert.ok(['ann +0000', 'ann +0530', 'ben -0500'].includes(z), z);
    const times = lines.map((l) => Number(l.split(' ')[2]));
    assert.ok(Math.max(...times) <= seededAt - 3 * 3600 + 5);
    assert.ok(Math.min(...times) >= seededAt - 52 * 7 * 86_400 - 5);
    assert.equal(git('show', 'master:README.md'), '# gears', 'first_commit files');
    assert.match(git('log', '--format=%B', '-1', 'master~299'), /\n\nAdd the README\.$/);
  });

  it('generate: a side branch of 2 commits from the 250th, an annotated and a lightweight tag, a note', () => {
    assert.equal(git('rev-list', '--count', 'side', '^master'), '2');
    assert.equal(git('merge-base', 'side', 'master'), git('rev-parse', 'master~50'));
    assert.equal(git('cat-file', '-t', 'v1.0.0'), 'tag');
    assert.equal(git('cat-file', '-t', 'v0.9.0'), 'commit');
    assert.equal(git('rev-parse', 'v1.0.0^{commit}'), git('rev-parse', 'master~100'));
    assert.equal(git('notes', 'show', 'v1.0.0^{commit}'), 'Checked by hand.');
  });

  it('a relative commit date (-90m) and a parent given by branch name; a note on a commit id', () => {
    const at = Number(git('log', '-1', '--format=%at', 'fix/teeth'));
    assert.ok(Math.abs(at - (seededAt - 90 * 60)) <= 5, `${seededAt - at} s before the seed`);
    assert.equal(git('rev-parse', 'fix/teeth^'), git('rev-parse', 'master'));
    assert.equal(git('notes', 'show', 'fix/teeth'), 'Reviewed.');
  });

  it('issues: numbered after the pull requests, with labels, milestone and comments', async () => {
    const issue = (await call(emu, 'GET', `${R}/issues/2`)).json;
    assert.equal(issue.title, 'A tooth is missing');
    assert.equal(issue.comments, 1);
    assert.deepEqual(
      (await call(emu, 'GET', `${R}/issues/2/labels`)).json.map((l: { name: string }) => l.name),
      ['bug'],
    );
    assert.deepEqual(
      (await call(emu, 'GET', `${R}/milestones/1/labels`)).json.map((l: { name: string }) => l.name),
      ['bug'],
    );
  });

  it('deploy keys and downloads', async () => {
    const keys = (await call(emu, 'GET', `${R}/keys`, { auth: ann })).json;
    assert.deepEqual(
      keys.map((k: { title: string }) => k.title),
      ['ci'],
    );
    const [download] = (await call(emu, 'GET', `${R}/downloads`)).json;
    assert.deepEqual([download.name, download.size, download.download_count, download.content_type], ['gears-0.1.tar.gz', 1024, 3, 'application/x-gzip']);
    assert.equal(emu.db.prepare('SELECT created_at FROM downloads WHERE id = ?').pluck().get(download.id), '2012-10-02T09:30:00Z');
  });

  it('release assets: text content and base64 content, read back byte for byte', async () => {
    const [release] = (await call(emu, 'GET', `${R}/releases`)).json;
    const assets = release.assets as Array<{ name: string; label: string | null; size: number; url: string }>;
    assert.deepEqual(
      assets.map((a) => [a.name, a.label, a.size]),
      [
        ['notes.txt', null, 6],
        ['gears.tar.gz', 'Sources', 10],
      ],
    );
    const res = await fetch(assets[1]!.url, { headers: { Accept: 'application/octet-stream', 'User-Agent': 'scenario-test' } });
    assert.equal(Buffer.from(await res.arrayBuffer()).toString('hex'), '1f8b0800000000000003');
  });

  it("forks: ben's fork of acme/gears holds the initial commit only", async () => {
    const fork = (await call(emu, 'GET', '/repos/ben/gears')).json;
    assert.equal(fork.fork, true);
    assert.equal(fork.parent.full_name, 'acme/gears');
    const forkDir = path.join(emu.dataDir, 'git', `${fork.id}.git`);
    assert.equal(execFileSync('git', ['--git-dir', forkDir, 'log', '--format=%s', 'master'], { encoding: 'utf8' }).trim(), 'Initial commit');
  });

  it('gists with comments, and the OAuth application in oauth-app.json', async () => {
    const [gist] = (await call(emu, 'GET', '/users/ann/gists')).json;
    assert.deepEqual([gist.description, gist.public, Object.keys(gist.files), gist.comments], ['Notes', true, ['notes.md'], 1]);
    const app = JSON.parse(fs.readFileSync(path.join(emu.dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string; client_secret: string };
    const row = emu.db.prepare('SELECT name, callback_url FROM applications WHERE client_id = ?').get(app.client_id);
    assert.deepEqual(row, { name: 'Gears', callback_url: 'http://127.0.0.1:7481/callback' });
  });

  it('engagement: campaign and contact dates, a case that moved Open then Closed at its dates', () => {
    const ms = (s: number) => (seededAt - s) * 1000;
    const near = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) <= 5000, `${(expected - actual) / 1000} s off`);
    near(emu.db.prepare("SELECT creation_ms FROM v2_campaigns WHERE name = 'Support'").pluck().get() as number, ms(30 * 86_400));
    const c = emu.db.prepare('SELECT state, reopened, first_open_ms, inbox_ms FROM v2_cases').get() as {
      state: string;
      first_open_ms: number;
      inbox_ms: number;
    };
    assert.equal(c.state, 'Closed');
    near(c.first_open_ms, ms(47 * 3600));
  });
});
