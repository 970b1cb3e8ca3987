// The id of a deleted resource is never given to a new one (emulator/src/ids-never-reused.ts):
// for each kind, make two, delete the newer, make one more; the new id is
// above both, so a client that remembered the deleted id (a reply target, a
// cached page, a URL) cannot take the new resource for it.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, UA } from './helpers/hosting';
import { startReceiver, until, type Receiver } from './webhook-receiver';

const ada = basic('ada'); // owner of the organization: admin of its repositories
const R = '/repos/analytical-engines/difference-engine';

/** An ed25519 public key in OpenSSH form, its 32 bytes all `fill`. */
function ed25519Key(fill: number): string {
  const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(Buffer.alloc(32, fill))]).toString('base64')}`;
}

describe('v3: the id of a deleted resource is never given again', () => {
  let emu: TestEmulator;
  let receiver: Receiver;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    receiver = await startReceiver();
  });
  after(async () => {
    await emu.dispose();
    await receiver.close();
  });

  /** POSTs `body` to `path` (201 expected); the new resource's JSON. */
  const made = async (path: string, body: unknown, auth = ada) => {
    const res = await call(emu, 'POST', path, { auth, body });
    assert.equal(res.status, 201, `${path}: ${res.text}`);
    return res.json;
  };
  const deleted = async (path: string, auth = ada) => assert.equal((await call(emu, 'DELETE', path, { auth })).status, 204, path);

  /** Makes two, deletes the newer, makes a third: its id is above both. */
  async function newestDeletedThenOneMore(make: (n: number) => Promise<{ id: number }>, remove: (id: number) => Promise<void>): Promise<void> {
    const first = (await make(1)).id;
    const second = (await make(2)).id;
    assert.ok(second > first, `${second} after ${first}`);
    await remove(second);
    const third = (await make(3)).id;
    assert.ok(third > second, `the new id ${third} is above the deleted ${second}`);
  }

  it('review comments: delete your newest comment and post another: the new comment has an id of its own (a reply to the deleted one cannot land on it)', async () => {
    const head = (await call(emu, 'GET', `${R}/pulls/1`)).json.head.sha;
    await newestDeletedThenOneMore(
      (n) => made(`${R}/pulls/1/comments`, { body: `note ${n}`, commit_id: head, path: 'src/differences/tabulate.js', position: 5 }),
      (id) => deleted(`${R}/pulls/comments/${id}`),
    );
  });

  it('issue comments: delete the newest comment and post another: a new id', async () => {
    await newestDeletedThenOneMore(
      (n) => made(`${R}/issues/4/comments`, { body: `comment ${n}` }),
      (id) => deleted(`${R}/issues/comments/${id}`),
    );
  });

  it('gist comments: delete the newest comment and post another: a new id', async () => {
    const gist = (await made('/gists', { public: true, files: { 'a.md': { content: 'a' } } })).id;
    await newestDeletedThenOneMore(
      (n) => made(`/gists/${gist}/comments`, { body: `comment ${n}` }),
      (id) => deleted(`/gists/${gist}/comments/${id}`),
    );
  });

  it('releases: delete the newest release and publish another: a new id', async () => {
    await newestDeletedThenOneMore(
      (n) => made(`${R}/releases`, { tag_name: `v7.0.${n}` }),
      (id) => deleted(`${R}/releases/${id}`),
    );
  });

  it('release assets: delete the newest asset and upload another: a new id', async () => {
    const release = await made(`${R}/releases`, { tag_name: 'v8.0.0' });
    const upload = async (n: number) => {
      const url = new URL(release.upload_url.replace('{?name}', ''));
      url.searchParams.set('name', `file-${n}.txt`);
      const res = await fetch(url, { method: 'POST', headers: { 'User-Agent': UA, Authorization: ada, 'Content-Type': 'text/plain' }, body: `asset ${n}` });
      assert.equal(res.status, 201);
      return (await res.json()) as { id: number };
    };
    await newestDeletedThenOneMore(upload, (id) => deleted(`${R}/releases/assets/${id}`));
  });

  it('hooks: delete the newest hook and add another: a new id', async () => {
    await newestDeletedThenOneMore(
      (n) => made(`${R}/hooks`, { name: 'web', active: false, config: { url: `${receiver.url}?n=${n}` } }),
      (id) => deleted(`${R}/hooks/${id}`),
    );
  });

  it('hook deliveries: the newest delivery goes with its hook; the next delivery of another hook has a new id', async () => {
    const kept = await made(`${R}/hooks`, { name: 'web', config: { url: `${receiver.url}?kept` } });
    const deliveryIds = async (hookId: number) =>
      ((await call(emu, 'GET', `${R}/hooks/${hookId}/deliveries`, { auth: ada })).json as Array<{ id: number }>).map((d) => d.id);
    /** The newest delivery id of the hook once it has `count` (deliveries are written as the ping is sent). */
    const pinged = (hookId: number, count: number) =>
      until(async () => {
        const ids = await deliveryIds(hookId);
        return ids.length >= count && Math.max(...ids);
      }, `${count} deliveries of hook ${hookId}`);
    const first = await pinged(kept.id, 1);
    const gone = await made(`${R}/hooks`, { name: 'web', config: { url: `${receiver.url}?gone` } });
    const second = await pinged(gone.id, 1);
    assert.ok(second > first);
    await deleted(`${R}/hooks/${gone.id}`);
    assert.equal((await call(emu, 'POST', `${R}/hooks/${kept.id}/pings`, { auth: ada })).status, 204);
    const third = await pinged(kept.id, 2);
    assert.ok(third > second, `the new delivery ${third} is above the deleted ${second}`);
  });

  it('deploy keys: delete the newest key and add another: a new id', async () => {
    await newestDeletedThenOneMore(
      (n) => made(`${R}/keys`, { title: `key ${n}`, key: ed25519Key(n) }),
      (id) => deleted(`${R}/keys/${id}`),
    );
  });

  it('authorizations: revoke the newest token and make another: a new id', async () => {
    await newestDeletedThenOneMore(
      (n) => made('/authorizations', { note: `token ${n}`, scopes: ['repo'] }),
      (id) => deleted(`/authorizations/${id}`),
    );
  });

  it('teams: delete the newest team and make another: a new id', async () => {
    await newestDeletedThenOneMore(
      (n) => made('/orgs/analytical-engines/teams', { name: `Crew ${n}` }),
      (id) => deleted(`/teams/${id}`),
    );
  });

  it('repositories: delete the newest repository and make another: a new id (and /repositories/:id of the deleted one stays 404)', async () => {
    let removed = 0;
    await newestDeletedThenOneMore(
      (n) => made('/user/repos', { name: `scratch-${n}` }),
      async (id) => {
        removed = id;
        await deleted('/repos/ada/scratch-2');
      },
    );
    assert.equal((await call(emu, 'GET', `/repositories/${removed}`, { auth: ada })).status, 404);
  });
});
