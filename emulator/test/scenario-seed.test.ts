// Scenario files (`--seed <file>`, `startEmulator({ seed })`): a data set in
// YAML or JSON loaded instead of the demo, then read back through the APIs
// and git as a client would; a bad file refused with its problems, the data
// folder untouched; a restart that keeps the data without seeding again.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { startEmulator, type RunningEmulator } from '../src/index';
import { SEED_CRASH_ENV } from '../src/seed/crash-points';
import { EngagementHttp } from './engagement-http';
import type { TestEmulator } from './support/emulator';

// The tests read the fields they assert on; the shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SMALL = path.resolve(__dirname, 'scenarios/small.yaml');
const entry = path.resolve(__dirname, '../dist/main.js');
const basic = (login: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` });
const ALICE = basic('alice', 'alice-password');

async function getJson(url: string, headers: Record<string, string> = ALICE): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { headers });
  return { status: res.status, body: await res.json() };
}

const execGit = promisify(execFile);

/** Runs git without blocking: the emulator answers its HTTP requests in this process. */
async function git(cwd: string, args: string[]): Promise<string> {
  return (await execGit('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })).stdout.trim();
}

/** Writes a scenario (an object) as JSON into a scratch folder. */
function writeJson(dir: string, data: unknown): string {
  const file = path.join(dir, 'scenario.json');
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}

describe('scenario files (--seed <file>)', function () {
  this.timeout(60_000);
  let scratch: string;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-scenario-test-'));
  });
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  describe('a YAML file through startEmulator, read through the APIs and git', () => {
    let emu: RunningEmulator;
    let clone: string;
    before(async () => {
      emu = await startEmulator({ memory: true, seed: SMALL });
      clone = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-scenario-clone-'));
      await git(clone, ['clone', '-q', `${emu.url}/acme/widgets.git`, 'widgets']);
      clone = path.join(clone, 'widgets');
    });
    after(async () => {
      await emu?.close();
      fs.rmSync(path.dirname(clone), { recursive: true, force: true });
    });

    it('the accounts sign in with their password and token; a wrong password does not', async () => {
      assert.equal((await getJson(`${emu.url}/user`)).body.login, 'alice');
      assert.equal((await getJson(`${emu.url}/user`, basic('bob', 'bob-password'))).body.login, 'bob');
      assert.equal((await getJson(`${emu.url}/user`, { Authorization: 'token alice_token_0123456789abcdef' })).body.login, 'alice');
      assert.equal((await getJson(`${emu.url}/user`, basic('alice', 'wrong-password'))).status, 401);
      // Nothing of the demo.
      assert.equal((await getJson(`${emu.url}/users/ada`)).status, 404);
    });

    it('the organization, its team and its public member', async () => {
      const teams = (await getJson(`${emu.url}/orgs/acme/teams`)).body as Array<{ name: string; permission: string }>;
      assert.deepEqual(
        teams.map((t) => [t.name, t.permission]),
        [['Developers', 'push']],
      );
      const publicMembers = (await getJson(`${emu.url}/orgs/acme/public_members`)).body as Array<{ login: string }>;
      assert.deepEqual(
        publicMembers.map((m) => m.login),
        ['alice'],
      );
      const repo = (await getJson(`${emu.url}/repos/acme/widgets`)).body;
      assert.equal(repo.default_branch, 'main');
      assert.equal(repo.description, 'Widgets of every size.');
    });

    it('the clone holds the commits, files, branches and tags of the file', async () => {
      assert.equal(await git(clone, ['rev-parse', '--abbrev-ref', 'HEAD']), 'main');
      assert.equal(
        await git(clone, ['log', '--format=%an|%aI|%s', 'main']),
        ['Bob Example|2026-01-05T11:00:00+00:00|Describe the sizes', 'Alice Example|2026-01-05T10:00:00+00:00|Start the widgets'].join('\n'),
      );
      assert.equal(fs.readFileSync(path.join(clone, 'src/widget.js'), 'utf8'), 'export const size = 1;\n');
      assert.equal(fs.readFileSync(path.join(clone, 'docs/sizes.md'), 'utf8'), 'Sizes: 1, 2, 3.\n');
      assert.equal(await git(clone, ['ls-tree', '-r', '--name-only', 'HEAD']), 'README.md\ndocs/sizes.md\nsrc/widget.js');
      assert.equal(
        await git(clone, ['log', '--format=%an|%aI|%s|%P', 'origin/feature/bigger', '-1']),
        `Bob Example|2026-01-06T12:30:00+01:00|Make widgets bigger|${await git(clone, ['rev-parse', 'main'])}`,
      );
      assert.equal(await git(clone, ['cat-file', '-t', 'v1.0.0']), 'tag');
      assert.equal(await git(clone, ['rev-parse', 'v1.0.0^{commit}']), await git(clone, ['rev-parse', 'main']));
    });

    it('the pull request: its diff, label, review thread and conversation comment', async () => {
      const pull = (await getJson(`${emu.url}/repos/acme/widgets/pulls/1`)).body;
      assert.deepEqual(
        [pull.title, pull.state, pull.user.login, pull.head.ref, pull.base.ref],
        ['Make widgets bigger', 'open', 'bob', 'feature/bigger', 'main'],
      );
      const diff = await (await fetch(`${emu.url}/repos/acme/widgets/pulls/1`, { headers: { ...ALICE, Accept: 'application/vnd.service.v3.diff' } })).text();
      assert.match(diff, /^diff --git a\/src\/widget\.js b\/src\/widget\.js\n[^]*\n-export const size = 1;\n\+export const size = 2;\n$/);
      const labels = (await getJson(`${emu.url}/repos/acme/widgets/issues/1/labels`)).body as Array<{ name: string; color: string }>;
      assert.deepEqual(
        labels.map((l) => [l.name, l.color]),
        [['enhancement', '84b6eb']],
      );
      const review = (await getJson(`${emu.url}/repos/acme/widgets/pulls/1/comments`)).body as Json[];
      assert.deepEqual(
        review.map((c) => [c.user.login, c.body, c.path, c.position, c.in_reply_to_id ?? null]),
        [
          ['alice', 'Why 2 and not 3?', 'src/widget.js', 2, null],
          ['bob', '3 does not fit the box.', 'src/widget.js', 2, review[0].id],
        ],
      );
      assert.equal(review[0].commit_id, pull.head.sha);
      const comments = (await getJson(`${emu.url}/repos/acme/widgets/issues/1/comments`)).body as Json[];
      assert.deepEqual(
        comments.map((c) => [c.user.login, c.body]),
        [['alice', 'Looks good to me.']],
      );
    });

    it('the release, on the tag of the history', async () => {
      const releases = (await getJson(`${emu.url}/repos/acme/widgets/releases`)).body as Json[];
      assert.deepEqual(
        releases.map((r) => [r.tag_name, r.name, r.author.login, r.draft]),
        [['v1.0.0', 'Widgets 1.0', 'alice', false]],
      );
    });

    it('the engagement user signs in; the case is linked to the repository and its pull request', async () => {
      const v2 = new EngagementHttp({ url: emu.url } as TestEmulator);
      await v2.login('alice', 'alice-api-key', 'alice-password');
      const found = await v2.get('/case/1');
      assert.equal(found.body.subject, 'Widgets are too small');
      assert.equal(found.body.state, 'Open');
      assert.deepEqual([...found.body.tags].sort(), ['pr:1', 'repo:acme/widgets']);
      assert.equal(found.body.messages_received, 1);
      assert.equal(found.body.messages_sent, 1);
      assert.equal(found.body.contact.name, 'Carol Customer');
      assert.deepEqual(
        found.body.contact.profiles.map((p: { source: string; ext_id: string }) => [p.source, p.ext_id]),
        [['email', 'carol@example.test']],
      );
    });
  });

  it('the same data set as JSON gives the same history (same SHAs) and data', async () => {
    const yamlEmu = await startEmulator({ memory: true, seed: SMALL });
    const jsonEmu = await startEmulator({ dataDir: path.join(scratch, 'data'), seed: writeJson(scratch, parse(fs.readFileSync(SMALL, 'utf8'))) });
    try {
      const sha = async (e: RunningEmulator) => (await getJson(`${e.url}/repos/acme/widgets/pulls/1`)).body.head.sha as string;
      assert.equal(await sha(jsonEmu), await sha(yamlEmu));
      assert.equal((await getJson(`${jsonEmu.url}/repos/acme/widgets/pulls/1/comments`)).body.length, 2);
    } finally {
      await yamlEmu.close();
      await jsonEmu.close();
    }
  });

  it('closed and merged pull requests, a root commit on a branch of its own, a merge commit, a release made from a commit', async () => {
    const data = {
      users: [{ login: 'ann', password: 'ann-password' }, { login: 'ben' }],
      repositories: [
        {
          owner: 'ann',
          name: 'r',
          private: true,
          commits: [
            { id: 'a', author: 'ann', message: 'a', files: { 'a.txt': 'a\n' } },
            { id: 'b', branch: 'closed-one', parents: ['a'], author: 'ben', message: 'b', files: { 'b.txt': 'b\n' } },
            { id: 'c', branch: 'merged-one', parents: ['a'], author: 'ben', message: 'c', files: { 'c.txt': 'c\n' } },
            { id: 'orphan', branch: 'pages', parents: [], author: 'ann', message: 'pages', files: { 'index.html': '<p>hi</p>\n' } },
            { id: 'm', branch: 'both', parents: ['b', 'c'], author: 'ann', message: 'merge b and c' },
          ],
          pulls: [
            { title: 'closed', author: 'ben', head: 'closed-one', state: 'closed', closed_by: 'ann' },
            { title: 'merged', author: 'ben', head: 'merged-one', state: 'merged', closed_by: 'ann' },
          ],
          releases: [
            { tag: 'v0.1', author: 'ann', target: 'b', prerelease: true },
            { tag: 'v0.2', author: 'ann', draft: true },
          ],
        },
      ],
    };
    const emu = await startEmulator({ memory: true, seed: writeJson(scratch, data) });
    try {
      const auth = basic('ann', 'ann-password');
      const withAnn = emu.url.replace('http://', 'http://ann:ann-password@');
      const pulls = (await getJson(`${emu.url}/repos/ann/r/pulls?state=all`, auth)).body as Json[];
      assert.deepEqual(pulls.map((p) => [p.number, p.state, p.merged_at !== null]).sort(), [
        [1, 'closed', false],
        [2, 'closed', true],
      ]);
      const work = path.join(scratch, 'clone');
      await git(scratch, ['clone', '-q', `${withAnn}/ann/r.git`, work]);
      assert.equal(await git(work, ['ls-tree', '-r', '--name-only', 'HEAD']), 'a.txt\nc.txt', 'master has the merged pull request');
      assert.equal(await git(work, ['rev-list', '--count', 'origin/pages']), '1');
      assert.equal(await git(work, ['ls-tree', '-r', '--name-only', 'origin/pages']), 'index.html');
      assert.equal((await git(work, ['log', '-1', '--format=%P', 'origin/both'])).split(' ').length, 2);
      assert.equal((await git(work, ['ls-remote', '--tags', 'origin'])).includes('refs/tags/v0.1'), true);
      assert.equal(await git(work, ['rev-parse', 'origin/closed-one']), (await git(work, ['ls-remote', 'origin', 'refs/tags/v0.1'])).split('\t')[0]);
      const releases = (await getJson(`${emu.url}/repos/ann/r/releases`, auth)).body as Json[];
      assert.deepEqual(releases.map((r) => [r.tag_name, r.prerelease, r.draft]).sort(), [
        ['v0.1', true, false],
        ['v0.2', false, true],
      ]);
    } finally {
      await emu.close();
    }
  });

  it('a restart keeps the data and does not seed again', async () => {
    const dataDir = path.join(scratch, 'data');
    const lines: string[] = [];
    const first = await startEmulator({ dataDir, seed: SMALL, log: (l) => lines.push(l) });
    const created = (await getJson(`${first.url}/repos/acme/widgets/issues/1/comments`)).body[0].created_at;
    await first.close();
    const second = await startEmulator({ dataDir, seed: SMALL, log: (l) => lines.push(l) });
    try {
      assert.equal(lines.filter((l) => l.startsWith('scenario ')).length, 1, lines.join('\n'));
      const comments = (await getJson(`${second.url}/repos/acme/widgets/issues/1/comments`)).body as Json[];
      assert.deepEqual(
        comments.map((c) => c.created_at),
        [created],
      );
      assert.equal((await getJson(`${second.url}/repos/acme/widgets/pulls?state=all`)).body.length, 1);
    } finally {
      await second.close();
    }
  });

  it('a bad file: startEmulator rejects with every problem and its line, and the data folder is not created', async () => {
    const file = path.join(scratch, 'bad.yaml');
    fs.writeFileSync(
      file,
      fs
        .readFileSync(SMALL, 'utf8')
        .replace('head: feature/bigger', 'head: feature/smaller')
        .replace('author: bob\n        message: Describe', 'author: nobody\n        message: Describe'),
    );
    const dataDir = path.join(scratch, 'data');
    await assert.rejects(startEmulator({ dataDir, seed: file }), (e: Error) => {
      assert.equal(
        e.message,
        [
          `invalid seed file ${file} (2 problems):`,
          '  line 40: repositories[0].commits[1].author: user "nobody" is not in users',
          '  line 63: repositories[0].pulls[0].head: branch "feature/smaller" does not exist',
        ].join('\n'),
      );
      return true;
    });
    assert.equal(fs.existsSync(dataDir), false);
  });

  it('a step the checks cannot foresee (a position outside the diff) fails the start with the entry; the next start with a fixed file seeds from scratch', async () => {
    const dataDir = path.join(scratch, 'data');
    const bad = fs.readFileSync(SMALL, 'utf8').replace('position: 2', 'position: 40');
    const file = path.join(scratch, 'scenario.yaml');
    fs.writeFileSync(file, bad);
    await assert.rejects(
      startEmulator({ dataDir, seed: file }),
      /^ScenarioError: invalid seed file .* \(1 problem\):\n {2}repositories\[0\]\.pulls\[0\]\.review_comments\[0\]: Validation Failed: position/,
    );
    fs.writeFileSync(file, fs.readFileSync(SMALL, 'utf8'));
    const lines: string[] = [];
    const emu = await startEmulator({ dataDir, seed: file, log: (l) => lines.push(l) });
    try {
      assert.ok(
        lines.some((l) => l.includes('stopped during its seed')),
        lines.join('\n'),
      );
      assert.equal((await getJson(`${emu.url}/repos/acme/widgets/pulls/1/comments`)).body.length, 2);
      assert.equal((await getJson(`${emu.url}/orgs/acme/teams`)).body.length, 1, 'the accounts are not seeded twice');
    } finally {
      await emu.close();
    }
  });

  describe('the command (repodesk-emulator --seed <file>)', () => {
    function run(
      args: string[],
      env: NodeJS.ProcessEnv = process.env,
    ): Promise<{ code: number | null; signal?: string | null; out: string; url?: string; stop(): Promise<void> }> {
      const proc = spawn(process.execPath, [entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
      let signal: string | null = null;
      proc.on('exit', (_code, s) => (signal = s));
      let out = '';
      const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
      const stop = async () => {
        proc.kill('SIGTERM');
        await exited;
      };
      return new Promise((resolve) => {
        const seen = (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve({ code: null, out, url: m[1]!, stop });
        };
        proc.stdout!.on('data', seen);
        proc.stderr!.on('data', seen);
        void exited.then((code) => resolve({ code, signal, out, stop }));
      });
    }

    it('loads a YAML file: the accounts sign in', async () => {
      const r = await run(['--port', '0', '--data', path.join(scratch, 'data'), '--seed', SMALL, '--quiet']);
      try {
        assert.ok(r.url, r.out);
        assert.equal((await getJson(`${r.url}/repos/acme/widgets/pulls/1`)).body.title, 'Make widgets bigger');
      } finally {
        await r.stop();
      }
    });

    it('loads a JSON file with --memory', async () => {
      const r = await run(['--port', '0', '--memory', '--seed', writeJson(scratch, parse(fs.readFileSync(SMALL, 'utf8'))), '--quiet']);
      try {
        assert.ok(r.url, r.out);
        assert.equal((await getJson(`${r.url}/user`, basic('bob', 'bob-password'))).body.login, 'bob');
      } finally {
        await r.stop();
      }
    });

    it('a kill in the middle of the seed (after its accounts and its pull request) leaves a folder whose next start seeds the whole file once', async () => {
      const dataDir = path.join(scratch, 'data');
      // Points: before the seed module, the accounts, the repository created, its history, the pull request, the repository, the marker.
      const killed = await run(['--port', '0', '--data', dataDir, '--seed', SMALL, '--quiet'], { ...process.env, [SEED_CRASH_ENV]: '5' });
      assert.equal(killed.signal, 'SIGKILL', killed.out);
      assert.match(killed.out, /seed crash point 5 \(scenario pull request acme\/widgets#1\)/);
      const r = await run(['--port', '0', '--data', dataDir, '--seed', SMALL, '--quiet']);
      try {
        assert.ok(r.url, r.out);
        assert.match(r.out, /stopped during its seed: its partial data was removed/);
        assert.equal((await getJson(`${r.url}/repos/acme/widgets/pulls?state=all`)).body.length, 1);
        assert.equal((await getJson(`${r.url}/repos/acme/widgets/pulls/1/comments`)).body.length, 2);
        assert.deepEqual(
          ((await getJson(`${r.url}/orgs/acme/teams`)).body as Json[]).map((t) => t.name),
          ['Developers'],
        );
      } finally {
        await r.stop();
      }
    });

    it('a bad file: exit code 2, the problems on stderr without a stack, nothing written', async () => {
      const file = path.join(scratch, 'bad.yaml');
      fs.writeFileSync(file, 'users:\n  - login: ann\n    pasword: x\n');
      const dataDir = path.join(scratch, 'data');
      const r = await run(['--port', '0', '--data', dataDir, '--seed', file]);
      assert.equal(r.code, 2);
      assert.equal(r.out, `invalid seed file ${file} (1 problem):\n  line 3: users[0].pasword: unknown field\n`);
      assert.equal(fs.existsSync(dataDir), false);
    });
  });
});
