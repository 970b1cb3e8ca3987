// Releases, labels, deploy keys and downloads through the client
// (document 2, with the label status codes of the spec README) against the
// seeded emulator.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, NotFoundError, ValidationFailedError, collect } from '../../../src/hosting';

const ORG = 'analytical-engines';
const REPO = 'difference-engine';

/** A well-formed ssh-ed25519 public key (random, so each call is a new key). */
function ed25519PublicKey(): string {
  const field = (b: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(b.length);
    return Buffer.concat([length, b]);
  };
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(randomBytes(32))]).toString('base64')}`;
}

describe('v3 client releases, labels, deploy keys and downloads against the emulator (document 2)', () => {
  let emu: TestEmulator;
  const as = (login: string) => new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: login, password: `${login}-demo-password` } });
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('Releases: a draft is listed only to pushers; publishing sets published_at; get returns it', async () => {
    const ada = as('ada');
    const draft = await ada.releases.create(ORG, REPO, { tag_name: 'v9.9.9-client', name: 'Client release', body: 'Notes', draft: true });
    assert.equal(draft.draft, true);
    assert.equal(draft.published_at, null);
    assert.deepEqual(draft.assets, []);
    assert.match(draft.upload_url, /\{\?name/);
    assert.ok((await collect(ada.releases.list(ORG, REPO))).some((r) => r.id === draft.id));
    assert.ok(!(await collect(as('grace').releases.list(ORG, REPO))).some((r) => r.id === draft.id), 'drafts are hidden from users without push');
    const published = await ada.releases.update(ORG, REPO, draft.id, { draft: false });
    assert.equal(published.draft, false);
    assert.match(published.published_at ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal((await as('grace').releases.get(ORG, REPO, draft.id)).tag_name, 'v9.9.9-client');
  });

  it('Labels: create 201, list, get, rename, delete 204; a duplicate name is already_exists; a bad colour is 422', async () => {
    const ada = as('ada');
    const made = await ada.labels.create(ORG, REPO, { name: 'needs review', color: 'f29513' });
    assert.equal(made.name, 'needs review');
    assert.ok((await collect(ada.labels.listForRepo(ORG, REPO))).some((l) => l.name === 'needs review'));
    assert.equal((await ada.labels.get(ORG, REPO, 'needs review')).color, 'f29513');
    const dup = await ada.labels.create(ORG, REPO, { name: 'needs review', color: '000000' }).catch((e: unknown) => e);
    assert.ok(dup instanceof ValidationFailedError);
    assert.equal(dup.errors[0]?.code, 'already_exists');
    await assert.rejects(ada.labels.create(ORG, REPO, { name: 'bad', color: '#zzz' }), ValidationFailedError);
    const renamed = await ada.labels.update(ORG, REPO, 'needs review', { name: 'reviewing', color: '00ff00' });
    assert.equal(renamed.name, 'reviewing');
    await ada.labels.delete(ORG, REPO, 'reviewing');
    await assert.rejects(ada.labels.get(ORG, REPO, 'reviewing'), NotFoundError);
  });

  it('Labels on an issue: add, list, remove one, replace, remove all', async () => {
    const ada = as('ada');
    const [pull] = await collect(ada.pulls.list(ORG, REPO, { state: 'all' }));
    const issue = pull!.number;
    for (const name of ['alpha', 'beta', 'gamma']) await ada.labels.create(ORG, REPO, { name, color: 'aaaaaa' });
    await ada.labels.replaceForIssue(ORG, REPO, issue, []);
    assert.deepEqual((await ada.labels.addToIssue(ORG, REPO, issue, ['alpha', 'beta'])).map((l) => l.name).sort(), ['alpha', 'beta']);
    assert.deepEqual((await collect(ada.labels.listForIssue(ORG, REPO, issue))).map((l) => l.name).sort(), ['alpha', 'beta']);
    assert.deepEqual((await ada.labels.removeFromIssue(ORG, REPO, issue, 'alpha')).map((l) => l.name), ['beta']);
    assert.deepEqual((await ada.labels.replaceForIssue(ORG, REPO, issue, ['gamma'])).map((l) => l.name), ['gamma']);
    await ada.labels.removeAllFromIssue(ORG, REPO, issue);
    assert.deepEqual(await collect(ada.labels.listForIssue(ORG, REPO, issue)), []);
  });

  it('Labels of a milestone: the labels of every issue in it (seed: milestone 1 with bug and question)', async () => {
    const names = (await collect(as('ada').labels.listForMilestone(ORG, REPO, 1))).map((l) => l.name).sort();
    assert.deepEqual(names, ['bug', 'question']);
    await assert.rejects(collect(as('ada').labels.listForMilestone(ORG, REPO, 99)), NotFoundError);
  });

  it('Deploy keys: create 201, list, get, delete (immutable); the same key twice is refused', async () => {
    const ada = as('ada');
    const key = ed25519PublicKey();
    const made = await ada.deployKeys.create(ORG, REPO, { title: 'ci', key });
    assert.equal(made.title, 'ci');
    assert.ok((await collect(ada.deployKeys.list(ORG, REPO))).some((k) => k.id === made.id));
    assert.equal((await ada.deployKeys.get(ORG, REPO, made.id)).key, key);
    await assert.rejects(ada.deployKeys.create(ORG, REPO, { title: 'again', key }), ValidationFailedError);
    await assert.rejects(ada.deployKeys.create(ORG, REPO, { title: 'junk', key: 'not a key' }), ValidationFailedError);
    await ada.deployKeys.delete(ORG, REPO, made.id);
    await assert.rejects(ada.deployKeys.get(ORG, REPO, made.id), NotFoundError);
  });

  it('Downloads (deprecated): list, get and delete', async () => {
    const ada = as('ada');
    const downloads = await collect(ada.downloads.list(ORG, REPO));
    assert.ok(downloads.length >= 1, 'the seed has downloads');
    const one = await ada.downloads.get(ORG, REPO, downloads[0]!.id);
    assert.equal(one.name, downloads[0]!.name);
    await ada.downloads.delete(ORG, REPO, one.id);
    await assert.rejects(ada.downloads.get(ORG, REPO, one.id), NotFoundError);
  });
});
