// Contents writes refused with --vendor github, one rule a case: every check
// runs before the first git object is written, so a refused request leaves
// the repository as it was (refs and object counts). The limits and reasons
// are the ones emulator/README.md lists ("Limits and refusals").
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './support/emulator';
import { call, UA } from './helpers/hosting';

const SCENARIO = `
users:
  - { login: alice, password: alice-password, tokens: [{ token: alice_repo_token_0123456789, scopes: [repo] }] }
repositories:
  - owner: alice
    name: widgets
    default_branch: main
    commits:
      - { id: init, author: alice, date: 2026-01-05T10:00:00Z, message: Start, files: { README.md: "# Widgets\\n", src/widget.js: "export const size = 1;\\n" } }
`;

const ALICE = 'alice_repo_token_0123456789';
const README_BLOB = '097bbeec9d6fd565e250f92553b246a1e29c0c61';
const b64 = (text: string) => Buffer.from(text).toString('base64');

function scenarioFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-github-bad-input-'));
  const file = path.join(dir, 'scenario.yaml');
  fs.writeFileSync(file, SCENARIO);
  return file;
}

function gitDirOf(emu: TestEmulator): string {
  const id = emu.db.prepare("SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = 'alice' AND r.name = 'widgets'").pluck().get();
  return path.join(emu.dataDir, 'git', `${String(id)}.git`);
}

/** Everything a write could change: the refs and the object counts (loose and packed). */
function snapshot(gitDir: string): string {
  const git = (...args: string[]) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], { env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: '1', HOME: os.tmpdir() } }).toString('utf8');
  return git('for-each-ref') + git('count-objects', '-v').replace(/^size.*$/gm, '');
}

/** A request with its path exactly as given: URL parsers resolve `..`, which is what the test sends. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bodies are checked field by field
function asSent(emu: TestEmulator, method: string, sentPath: string, body: unknown): Promise<{ status: number; json: any }> {
  const url = new URL(emu.url);
  const text = JSON.stringify(body);
  // Content-Length given: Node's client sends a DELETE's body without one, which the server reads as the next request.
  const headers = { 'User-Agent': UA, Authorization: `token ${ALICE}`, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) };
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

const pathError = (message: string) => ({
  message: 'Validation Failed',
  errors: [{ resource: 'Content', field: 'path', code: 'invalid', message }],
  documentation_url: 'https://docs.service.test/v3',
});

describe('contents writes refused with --vendor github: nothing is written', () => {
  let emu: TestEmulator;
  let gitDir: string;
  let before: string;
  const put = (p: string, body: unknown) => call(emu, 'PUT', `/repos/alice/widgets/contents/${p}`, { token: ALICE, body });
  const del = (p: string, body: unknown) => call(emu, 'DELETE', `/repos/alice/widgets/contents/${p}`, { token: ALICE, body });

  beforeEach(async () => {
    emu ??= await startEmulator({ seed: scenarioFile(), vendor: 'github' });
    gitDir = gitDirOf(emu);
    before = snapshot(gitDir);
  });
  afterEach(() => assert.equal(snapshot(gitDir), before, 'a refused request writes nothing'));
  after(() => emu.dispose());

  it('PUT to a path with a ".." segment is 422 naming it', async () => {
    const res = await asSent(emu, 'PUT', '/repos/alice/widgets/contents/src/../../outside.txt', { message: 'Escape', content: b64('x') });
    assert.deepEqual([res.status, res.json], [422, pathError('path must not contain a ".." segment')]);
  });

  it('PUT to a path with a NUL byte is 422 naming it', async () => {
    const res = await put('a%00b.txt', { message: 'NUL', content: b64('x') });
    assert.deepEqual([res.status, res.json], [422, pathError('path must not contain a NUL byte')]);
  });

  it('PUT to a path with a ".git" segment is 422 naming it', async () => {
    const res = await put('.git/config', { message: 'Hook', content: b64('x') });
    assert.deepEqual([res.status, res.json], [422, pathError('path must not contain a ".git" segment')]);
  });

  it('PUT of content over 10 MiB decoded is 422 too_large, naming the limit', async () => {
    const res = await put('big.bin', { message: 'Too big', content: Buffer.alloc(10 * 1024 * 1024 + 1, 1).toString('base64') });
    assert.equal(res.status, 422);
    assert.deepEqual(res.json.errors, [
      { resource: 'Content', field: 'content', code: 'too_large', message: 'content is too large: 10485761 bytes (maximum is 10485760 bytes)' },
    ]);
  });

  it('PUT of content that is not base64 is 422', async () => {
    const res = await put('x.txt', { message: 'Bad', content: '%%%' });
    assert.deepEqual([res.status, res.json.message], [422, 'content is not valid base64']);
  });

  it('PUT without a message is 422 missing_field', async () => {
    const res = await put('x.txt', { content: b64('x') });
    assert.deepEqual([res.status, res.json.errors], [422, [{ resource: 'Content', field: 'message', code: 'missing_field' }]]);
  });

  it('PUT to an unknown branch is 404 Branch not found', async () => {
    const res = await put('x.txt', { message: 'm', content: b64('x'), branch: 'nope' });
    assert.deepEqual([res.status, res.json.message], [404, 'Branch not found']);
  });

  it('PUT to a path that is a directory is 422', async () => {
    const res = await put('src', { message: 'm', content: b64('x') });
    assert.deepEqual([res.status, res.json.errors[0].message], [422, 'path src is not a file']);
  });

  it('PUT to a path below a file is 422', async () => {
    const res = await put('README.md/inside.txt', { message: 'm', content: b64('x') });
    assert.deepEqual([res.status, res.json.errors[0].message], [422, 'path README.md/inside.txt is not a file']);
  });

  it('DELETE of a path with a ".." segment is 422 naming it', async () => {
    const res = await asSent(emu, 'DELETE', '/repos/alice/widgets/contents/src/../README.md', { message: 'Drop', sha: README_BLOB });
    assert.deepEqual([res.status, res.json], [422, pathError('path must not contain a ".." segment')]);
  });

  it('DELETE of a path with a NUL byte is 422 naming it', async () => {
    const res = await del('README.md%00', { message: 'Drop', sha: README_BLOB });
    assert.deepEqual([res.status, res.json], [422, pathError('path must not contain a NUL byte')]);
  });

  it('DELETE without sha is 422 missing_field', async () => {
    const res = await del('README.md', { message: 'Drop' });
    assert.deepEqual([res.status, res.json.errors], [422, [{ resource: 'Content', field: 'sha', code: 'missing_field' }]]);
  });
});

describe('a contents write over the body limit with --vendor github', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: scenarioFile(), vendor: 'github', bodyLimitBytes: 64 * 1024 });
  });
  after(() => emu.dispose());

  it('is 413 naming the limit, and writes nothing', async () => {
    const gitDir = gitDirOf(emu);
    const before = snapshot(gitDir);
    const res = await call(emu, 'PUT', '/repos/alice/widgets/contents/big.txt', { token: ALICE, body: { message: 'Big', content: b64('x'.repeat(100_000)) } });
    assert.equal(res.status, 413);
    assert.equal(res.json.message, 'Request body too large (maximum is 65536 bytes)');
    assert.equal(snapshot(gitDir), before);
  });
});
