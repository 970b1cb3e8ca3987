// The raw file addresses, with --vendor github: a contents answer's
// `download_url` and a commit or comparison file's `raw_url`,
// `<web>/<owner>/<repo>/raw/<ref>/<path>`, give the file's bytes, as the
// vendor's raw host does. A web address: not under /api/v3, not counted
// against the rate limit. Without the flag it answers 404, as every path
// outside the documents does (emulator/README.md).
import assert from 'node:assert/strict';
import type { TestEmulator } from './support/emulator';
import { ALICE, aliceVault, BOB, fetchBytes, sendPathAsIs, vendorScenario, widgets } from './support/vendorRepos';
import { call } from './helpers/hosting';

const SCENARIO = vendorScenario('vendor-github-raw', {
  users: ['alice', 'bob'],
  repositories: [
    widgets([
      `{ id: init, author: alice, date: 2026-01-05T10:00:00Z, message: Start, files: { README.md: "# Widgets\\n", src/widget.js: "export const size = 1;\\n" } }`,
      `{ id: side, branch: feature/side, parents: [init], author: alice, date: 2026-01-07T10:00:00Z, message: Side, files: { docs/side.md: "A side idea.\\n" } }`,
    ]),
    aliceVault(['{ id: v1, author: alice, date: 2026-01-05T10:00:00Z, message: Secret, files: { secret.txt: "Secret.\\n" } }']),
  ],
});

/** A GET of the bytes at `url` as `token`. */
const raw = (emu: TestEmulator, url: string, token?: string) => fetchBytes(emu, url, { token });

describe('raw file addresses without --vendor github: the emulator keeps to the documents', () => {
  let emu: TestEmulator;
  before(async () => (emu = await SCENARIO.startWithoutVendor()));
  after(() => emu.dispose());

  it('GET /:owner/:repo/raw/:ref/:path answers 404', async () => {
    const res = await raw(emu, '/alice/widgets/raw/main/README.md', ALICE);
    assert.equal(res.status, 404);
  });
});

describe('raw file addresses with --vendor github', () => {
  let emu: TestEmulator;
  before(async () => (emu = await SCENARIO.startWithVendor()));
  after(() => emu.dispose());

  it("a contents answer's download_url gives the file's bytes as text/plain", async () => {
    const file = await call(emu, 'GET', '/repos/alice/widgets/contents/src/widget.js', { token: ALICE });
    assert.equal(file.json.download_url, `${emu.url}/alice/widgets/raw/main/src/widget.js`);
    const res = await raw(emu, file.json.download_url);
    assert.equal(res.status, 200);
    assert.equal(res.type, 'text/plain; charset=utf-8');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.bytes.toString('utf8'), 'export const size = 1;\n');
  });

  it('a ref with a slash: the branch whose name takes the leading segments', async () => {
    const res = await raw(emu, '/alice/widgets/raw/feature/side/docs/side.md');
    assert.deepEqual([res.status, res.bytes.toString('utf8')], [200, 'A side idea.\n']);
  });

  it("a commit file's raw_url (by SHA) gives the file at that commit", async () => {
    const commits = await call(emu, 'GET', '/repos/alice/widgets/commits/feature/side', { token: ALICE });
    const file = commits.json.files.find((f: { filename: string }) => f.filename === 'docs/side.md');
    assert.equal(file.raw_url, `${emu.url}/alice/widgets/raw/${commits.json.sha}/docs/side.md`);
    const res = await raw(emu, file.raw_url);
    assert.deepEqual([res.status, res.bytes.toString('utf8')], [200, 'A side idea.\n']);
  });

  it('a binary file comes back byte for byte as application/octet-stream', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x00, 0x01]);
    const put = await call(emu, 'PUT', '/repos/alice/widgets/contents/img/dot.png', {
      token: ALICE,
      body: { message: 'A dot', content: bytes.toString('base64') },
    });
    assert.equal(put.status, 201);
    const res = await raw(emu, put.json.content.download_url);
    assert.equal(res.status, 200);
    assert.equal(res.type, 'application/octet-stream');
    assert.deepEqual(res.bytes, bytes);
  });

  it('a missing path, a directory and an unknown ref are 404', async () => {
    for (const url of ['/alice/widgets/raw/main/nope.txt', '/alice/widgets/raw/main/src', '/alice/widgets/raw/nope/README.md', '/alice/widgets/raw/main']) {
      assert.equal((await raw(emu, url)).status, 404, url);
    }
  });

  it('a private repository: 404 anonymously and for another user, the bytes with a token that reads it', async () => {
    assert.equal((await raw(emu, '/alice/vault/raw/master/secret.txt')).status, 404);
    assert.equal((await raw(emu, '/alice/vault/raw/master/secret.txt', BOB)).status, 404);
    const res = await raw(emu, '/alice/vault/raw/master/secret.txt', ALICE);
    assert.deepEqual([res.status, res.bytes.toString('utf8')], [200, 'Secret.\n']);
  });

  it('a path with ".." is refused 422 and reads nothing', async () => {
    const answer = await sendPathAsIs(emu, 'GET', '/alice/widgets/raw/main/src/../README.md');
    assert.equal(answer.status, 422);
    assert.equal(answer.json.errors[0].message, 'path must not contain a ".." segment');
  });

  it('a NUL in the path is refused 422', async () => {
    const res = await call(emu, 'GET', '/alice/widgets/raw/main/README.md%00', {});
    assert.equal(res.status, 422);
    assert.equal(res.json.errors[0].message, 'path must not contain a NUL byte');
  });

  it('is not counted against the rate limit', async () => {
    const before = await raw(emu, '/alice/widgets/raw/main/README.md', ALICE);
    const after = await raw(emu, '/alice/widgets/raw/main/README.md', ALICE);
    assert.equal(after.headers.get('x-ratelimit-remaining'), before.headers.get('x-ratelimit-remaining'));
  });

  it('is a web address: under /api/v3 it is 404', async () => {
    assert.equal((await raw(emu, '/api/v3/alice/widgets/raw/main/README.md')).status, 404);
  });
});
