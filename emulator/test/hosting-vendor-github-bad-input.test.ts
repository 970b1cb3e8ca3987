// Contents writes refused with --vendor github, one rule a case: every check
// runs before the first git object is written, so a refused request leaves
// the repository as it was (refs and object counts). The limits and reasons
// are the ones emulator/README.md lists ("Limits and refusals").
import assert from 'node:assert/strict';
import type { TestEmulator } from './support/emulator';
import { ALICE, b64, gitDirOf, sendPathAsIs, snapshot, vendorScenario, widgets } from './support/vendorRepos';
import { call } from './helpers/hosting';

const SCENARIO = vendorScenario('vendor-github-bad-input', {
  users: ['alice'],
  repositories: [
    widgets([
      `{ id: init, author: alice, date: 2026-01-05T10:00:00Z, message: Start, files: { README.md: "# Widgets\\n", src/widget.js: "export const size = 1;\\n" } }`,
    ]),
  ],
});

const README_BLOB = '097bbeec9d6fd565e250f92553b246a1e29c0c61';

/** A request with its path exactly as given, as alice. */
const asSent = (emu: TestEmulator, method: string, sentPath: string, body: unknown) => sendPathAsIs(emu, method, sentPath, { token: ALICE, body });

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
    emu ??= await SCENARIO.startWithVendor();
    gitDir = gitDirOf(emu, 'alice', 'widgets');
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
    emu = await SCENARIO.startWithVendor({ bodyLimitBytes: 64 * 1024 });
  });
  after(() => emu.dispose());

  it('is 413 naming the limit, and writes nothing', async () => {
    const gitDir = gitDirOf(emu, 'alice', 'widgets');
    const before = snapshot(gitDir);
    const res = await call(emu, 'PUT', '/repos/alice/widgets/contents/big.txt', { token: ALICE, body: { message: 'Big', content: b64('x'.repeat(100_000)) } });
    assert.equal(res.status, 413);
    assert.equal(res.json.message, 'Request body too large (maximum is 65536 bytes)');
    assert.equal(snapshot(gitDir), before);
  });
});
