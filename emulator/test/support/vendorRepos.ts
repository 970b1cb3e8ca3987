// What the vendor-github route tests share: their scenario (the users, alice's
// repositories and the commits several files start from), the emulator
// started on it with and without --vendor github, the fork that comparisons
// across forks need, and the requests `call` cannot make. What a file's own
// cases need stays in that file.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Octokit } from '@octokit/rest';
import { startEmulator, type TestEmulator } from './emulator';
import { call, UA } from '../helpers/hosting';

/** alice's and bob's tokens with the `repo` scope, as the scenario gives them. */
export const ALICE = 'alice_repo_token_0123456789';
export const BOB = 'bob_repo_token_0123456789ab';
/** alice's token with no scope (`aliceBareToken`): signed in, yet it may neither read a private repository nor write. */
export const ALICE_BARE = 'alice_bare_token_0123456789';

/** The API's 404: every route of the option answers it without the option, and for a repository the caller may not see. */
export const NOT_FOUND = { message: 'Not Found', documentation_url: 'https://docs.service.test/v3' };

/** `text` as the contents API carries it. */
export const b64 = (text: string) => Buffer.from(text).toString('base64');

type Login = 'alice' | 'bob' | 'carol';

/** The repo token of each user the tests call as; carol has none: she only owns a repository outside alice's network. */
const REPO_TOKENS: Partial<Record<Login, string>> = { alice: ALICE, bob: BOB };

/**
 * A user's name and e-mail are the identity git records for the user's
 * commits, seeded or written through the API (`<login>` and
 * `<login>@users.noreply.test` without them): they fix the scenario's SHAs.
 */
interface UserOptions {
  /** `<login>@example.test` each. */
  emails?: boolean;
  /** `Alice Example` and the like. */
  names?: boolean;
  /** alice also holds ALICE_BARE. */
  aliceBareToken?: boolean;
}

/** One user of the `users:` block: `<login>-password`, the repo token if the user has one, and what `o` adds. */
function userYaml(login: Login, o: UserOptions): string {
  const tokens = [
    REPO_TOKENS[login] && `{ token: ${REPO_TOKENS[login]}, scopes: [repo] }`,
    login === 'alice' && o.aliceBareToken && `{ token: ${ALICE_BARE}, scopes: [] }`,
  ];
  const fields = [
    `login: ${login}`,
    o.names && `name: ${login[0]!.toUpperCase()}${login.slice(1)} Example`,
    o.emails && `email: ${login}@example.test`,
    `password: ${login}-password`,
    tokens.some(Boolean) && `tokens: [${tokens.filter(Boolean).join(', ')}]`,
  ];
  return `  - { ${fields.filter(Boolean).join(', ')} }`;
}

/** A repository of a scenario, its commits and pull requests as scenario lines (a commit's `parents` name earlier ids). */
interface RepoSpec {
  owner?: Login;
  name: string;
  private?: boolean;
  /** Without one, the emulator's default (master). */
  defaultBranch?: string;
  commits: string[];
  pulls?: string[];
}

function repositoryYaml(r: RepoSpec): string {
  const lines = [`  - owner: ${r.owner ?? 'alice'}`, `    name: ${r.name}`];
  if (r.private) lines.push('    private: true');
  if (r.defaultBranch) lines.push(`    default_branch: ${r.defaultBranch}`);
  lines.push('    commits:', ...r.commits.map((c) => `      - ${c}`));
  if (r.pulls) lines.push('    pulls:', ...r.pulls.map((p) => `      - ${p}`));
  return lines.join('\n');
}

/** alice/widgets on main, the repository every vendor route test reads and writes. */
export const widgets = (commits: string[], pulls?: string[]): RepoSpec => ({ name: 'widgets', defaultBranch: 'main', commits, ...(pulls && { pulls }) });

/** alice's private repository on master: 404 for bob and for anonymous callers. */
export const aliceVault = (commits: string[], pulls?: string[]): RepoSpec => ({ name: 'vault', private: true, commits, ...(pulls && { pulls }) });

/**
 * The commits several files start alice/widgets from, as scenario lines, by
 * their ids: `init` is the root, and the fixed dates make fixed SHAs.
 */
export const WIDGET_COMMITS = {
  /** README.md and src/widget.js at size 1. */
  init: `{ id: init, author: alice, date: 2026-01-05T10:00:00Z, message: Start the widgets, files: { README.md: "# Widgets\\n", src/widget.js: "export const size = 1;\\n" } }`,
  /** bob makes the widget size 2 on main. */
  bigger: `{ id: bigger, author: bob, date: 2026-01-06T10:00:00Z, message: Make widgets bigger, files: { src/widget.js: "export const size = 2;\\n" } }`,
  /** docs/side.md on feature/side, from `init`. */
  side: `{ id: side, branch: feature/side, parents: [init], author: alice, date: 2026-01-07T10:00:00Z, message: Note a side idea, files: { docs/side.md: "A side idea.\\n" } }`,
};

/** A scenario's users and repositories, and the emulator started on it. */
export interface VendorScenario {
  /** The emulator as the documents describe it: every route of the option answers 404. */
  startWithoutVendor(): Promise<TestEmulator>;
  /** The emulator with `--vendor github`, and any other option a case needs. */
  startWithVendor(options?: { bodyLimitBytes?: number }): Promise<TestEmulator>;
}

/** `users` (each as `userYaml` writes it) and `repositories`, written to a new file named with `name` for each emulator started on it. */
export function vendorScenario(name: string, o: UserOptions & { users: Login[]; repositories: RepoSpec[] }): VendorScenario {
  const yaml = ['users:', ...o.users.map((login) => userYaml(login, o)), 'repositories:', ...o.repositories.map(repositoryYaml), ''].join('\n');
  const seed = () => scenarioFile(name, yaml);
  return {
    startWithoutVendor: () => startEmulator({ seed: seed() }),
    startWithVendor: (options = {}) => startEmulator({ seed: seed(), vendor: 'github', ...options }),
  };
}

/** `yaml` written to a scenario file in a new temporary folder named with `prefix`. */
function scenarioFile(prefix: string, yaml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const file = path.join(dir, 'scenario.yaml');
  fs.writeFileSync(file, yaml);
  return file;
}

/**
 * bob forks alice/widgets and commits src/bob.js on his fork's main, all
 * through the API (a scenario makes its forks before its commits): a commit
 * alice's repository does not have, to compare across forks. Returns its SHA.
 */
export async function forkWithBobsCommit(emu: TestEmulator): Promise<string> {
  const fork = await call(emu, 'POST', '/repos/alice/widgets/forks', { token: BOB });
  assert.equal(fork.status, 202);
  const put = await call(emu, 'PUT', '/repos/bob/widgets/contents/src/bob.js', {
    token: BOB,
    body: { message: 'Bob adds his part', content: b64('bob();\n') },
  });
  assert.equal(put.status, 201);
  return put.json.commit.sha;
}

/** The bare git folder of `owner/name` in the emulator's data. */
export function gitDirOf(emu: TestEmulator, owner: string, name: string): string {
  const id = emu.db.prepare('SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = ? AND r.name = ?').pluck().get(owner, name);
  return path.join(emu.dataDir, 'git', `${String(id)}.git`);
}

/** git's output for `args` on `gitDir` (`input` on its standard input), with no user or system configuration. */
export function gitIn(gitDir: string, args: string[], input?: string): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { input, env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: '1', HOME: os.tmpdir() } }).toString(
    'utf8',
  );
}

/** git's output for `args` on `gitDir`. */
export const git = (gitDir: string, ...args: string[]): string => gitIn(gitDir, args);

/**
 * Everything a request could write to a repository: its refs, its object
 * counts, loose and packed (not their sizes), and its alternates (a
 * comparison across forks reads the other repository's objects without
 * adding one).
 */
export function snapshot(gitDir: string): string {
  const alternates = path.join(gitDir, 'objects', 'info', 'alternates');
  return (
    git(gitDir, 'for-each-ref') +
    git(gitDir, 'count-objects', '-v').replace(/^size.*$/gm, '') +
    (fs.existsSync(alternates) ? fs.readFileSync(alternates, 'utf8') : '')
  );
}

/** octokit as `token` on the emulator, its log silent so that a run prints mocha's lines only. */
export function octokitAs(emu: TestEmulator, token: string): Octokit {
  const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  return new Octokit({ baseUrl: emu.url, auth: token, userAgent: 'repodesk-octokit-tests', log: quiet });
}

/** The headers of a request as `token` (anonymous without): the User-Agent the API requires, and the token as the API reads it. */
function headersAs(token: string | undefined): Record<string, string> {
  return { 'User-Agent': UA, ...(token && { Authorization: `token ${token}` }) };
}

/**
 * A GET as `token`, with the answer's bytes as they came (fetch's text would
 * decode them). `url` is a path on the emulator or a full URL from an answer.
 */
export async function fetchBytes(
  emu: TestEmulator,
  url: string,
  o: { token?: string | undefined; accept?: string } = {},
): Promise<{ status: number; type: string | null; headers: Headers; bytes: Buffer }> {
  const headers = { ...headersAs(o.token), ...(o.accept && { Accept: o.accept }) };
  const res = await fetch(url.startsWith('http') ? url : `${emu.url}${url}`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * A request with its path exactly as given, as `token`: URL parsers resolve
 * `..`, which these tests send. A body goes as JSON with its Content-Length:
 * Node's client sends a DELETE's body without one, which the server reads as
 * the next request.
 */
export function sendPathAsIs(
  emu: TestEmulator,
  method: string,
  sentPath: string,
  o: { token?: string | undefined; body?: unknown } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bodies are checked field by field
): Promise<{ status: number; json: any }> {
  const url = new URL(emu.url);
  const text = o.body === undefined ? undefined : JSON.stringify(o.body);
  const headers = {
    ...headersAs(o.token),
    ...(text !== undefined && { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) }),
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: sentPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(text);
  });
}
