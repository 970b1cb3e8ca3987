// The last repository listing of a workspace: what is kept, for whom, and
// what is refused when it is read back.
import assert from 'node:assert/strict';
import {
  SNAPSHOT_LIMITS,
  keptFor,
  keptForAccount,
  readSnapshot,
  snapshotKey,
  takeSnapshot,
  type RepositoryLike,
} from '../../../src/listings/repositorySnapshot';

const repo = (id: number, extra: Partial<RepositoryLike> & Record<string, unknown> = {}): RepositoryLike & Record<string, unknown> => ({
  id,
  name: `r${id}`,
  full_name: `ada/r${id}`,
  owner: { login: 'ada', type: 'User', id: 1, avatar_url: 'https://avatars.example/ada' } as RepositoryLike['owner'],
  private: id % 2 === 0,
  fork: id % 3 === 0,
  description: id === 1 ? null : `repository ${id}`,
  html_url: `https://service.example/ada/r${id}`,
  clone_url: `https://service.example/ada/r${id}.git`,
  permissions: { admin: true, push: true, pull: true },
  ...extra,
});
const KEY = snapshotKey('https://api.service.example/', '42');

describe('Repository listing snapshot (rows at once after a reload)', () => {
  it('the key names the service (without trailing slashes) and the account id', () => {
    assert.equal(snapshotKey('https://api.service.example/', '42'), 'https://api.service.example 42');
    assert.equal(snapshotKey('https://api.service.example//', '7'), 'https://api.service.example 7');
    assert.equal(snapshotKey('https://api.service.example/v3', '7'), 'https://api.service.example/v3 7', 'a slash inside the address stays');
    assert.notEqual(snapshotKey('https://api.service.example', '43'), KEY);
    assert.notEqual(snapshotKey('https://other.example', '42'), KEY);
  });

  it('keeps only what a row shows: no clone address, permissions or owner details', () => {
    const s = takeSnapshot(KEY, [{ id: 'group:mine', repositories: [repo(2, { language: 'JavaScript', stargazers_count: 7 })], more: false }], 1000);
    assert.deepEqual(s, {
      version: 1,
      key: KEY,
      savedAt: 1000,
      groups: [
        {
          id: 'group:mine',
          more: false,
          repositories: [
            {
              id: 2,
              name: 'r2',
              full_name: 'ada/r2',
              owner: { login: 'ada', type: 'User' },
              private: true,
              fork: false,
              description: 'repository 2',
              html_url: 'https://service.example/ada/r2',
              language: 'JavaScript',
              stargazers_count: 7,
            },
          ],
        },
      ],
    });
  });

  it('a minimal repository (no language, no stars) is kept without those fields; a null language stays null', () => {
    const s = takeSnapshot(KEY, [{ id: 'g', repositories: [repo(1), repo(5, { language: null })], more: true }], 1);
    assert.deepEqual(Object.keys(s.groups[0]!.repositories[0]!).sort(), ['description', 'fork', 'full_name', 'html_url', 'id', 'name', 'owner', 'private']);
    assert.equal(s.groups[0]!.repositories[0]!.description, null);
    assert.equal(s.groups[0]!.repositories[1]!.language, null);
    assert.equal(s.groups[0]!.more, true);
  });

  it(`keeps the first page only (${SNAPSHOT_LIMITS.repositories} repositories a group, then "more") and at most ${SNAPSHOT_LIMITS.groups} groups`, () => {
    const many = Array.from({ length: SNAPSHOT_LIMITS.repositories + 1 }, (_, i) => repo(i + 1));
    const exactly = many.slice(0, SNAPSHOT_LIMITS.repositories);
    const s = takeSnapshot(
      KEY,
      [
        { id: 'a', repositories: many, more: false },
        { id: 'b', repositories: exactly, more: false },
      ],
      1,
    );
    assert.equal(s.groups[0]!.repositories.length, SNAPSHOT_LIMITS.repositories);
    assert.equal(s.groups[0]!.repositories.at(-1)!.id, SNAPSHOT_LIMITS.repositories);
    assert.equal(s.groups[0]!.more, true, 'cut to the first page: the service has more');
    assert.equal(s.groups[1]!.more, false, 'a full page with nothing after it is not "more"');
    const groups = Array.from({ length: SNAPSHOT_LIMITS.groups + 3 }, (_, i) => ({ id: `g${i}`, repositories: [], more: false }));
    const t = takeSnapshot(KEY, groups, 1);
    assert.deepEqual(
      t.groups.map((g) => g.id),
      groups.slice(0, SNAPSHOT_LIMITS.groups).map((g) => g.id),
    );
  });

  it('reads back what it kept, for the same account on the same service', () => {
    const s = takeSnapshot(KEY, [{ id: 'group:mine', repositories: [repo(3), repo(4)], more: false }], 5);
    assert.deepEqual(readSnapshot(JSON.parse(JSON.stringify(s)), KEY), s);
  });

  it('another account, another service, nothing stored or an old shape: no rows', () => {
    const s = takeSnapshot(KEY, [{ id: 'group:mine', repositories: [repo(3)], more: false }], 5);
    assert.equal(readSnapshot(s, snapshotKey('https://api.service.example', '43')), undefined);
    assert.equal(readSnapshot(s, snapshotKey('https://elsewhere.example', '42')), undefined);
    assert.equal(readSnapshot(undefined, KEY), undefined);
    assert.equal(readSnapshot({ ...s, version: 2 }, KEY), undefined);
    assert.equal(readSnapshot({ ...s, groups: [{ id: 'g', repositories: [{ id: 'x' }], more: false }] }, KEY), undefined);
    assert.equal(readSnapshot({ ...s, groups: [{ id: 'g', repositories: [], more: 'yes' }] }, KEY), undefined);
  });

  it("sign-out of one account: a snapshot is that account's only when its key starts with the account's key", () => {
    const api = 'https://api.service.example/';
    const kept = takeSnapshot(`${snapshotKey(api, '42')} {"type":"owner"}`, [], 1);
    assert.equal(keptFor(kept, api, '42'), true);
    assert.equal(keptFor(kept, 'https://api.service.example', '42'), true, 'the trailing slash does not matter');
    // Another account, one whose id starts with this one's, another service.
    assert.equal(keptFor(kept, api, '4'), false);
    assert.equal(keptFor(takeSnapshot(`${snapshotKey(api, '421')} {}`, [], 1), api, '42'), false);
    assert.equal(keptFor(kept, 'https://other.example', '42'), false);
    // Nothing kept, or not a snapshot.
    for (const stored of [undefined, null, 'x', {}, { key: 7 }]) assert.equal(keptFor(stored, api, '42'), false);
  });

  it("sign-out of an account of a group: a group's snapshot is that account's when the key's account is its id, whatever the service", () => {
    const kept = takeSnapshot(`${snapshotKey('https://git.corp.example/api/v3', 'enterprise/42')} {"type":"owner"}`, [], 1);
    assert.equal(keptForAccount(kept, 'enterprise/42'), true);
    // Another account on the same service, one whose id starts with this one's, the same user id on another service.
    assert.equal(keptForAccount(kept, 'enterprise/4'), false);
    assert.equal(keptForAccount(kept, 'enterprise/421'), false);
    assert.equal(keptForAccount(kept, 'local/42'), false);
    assert.equal(keptForAccount(kept, '42'), false);
    for (const stored of [undefined, null, 'x', {}, { key: 7 }, { key: 'only-one-word' }]) assert.equal(keptForAccount(stored, 'enterprise/42'), false);
  });
});
