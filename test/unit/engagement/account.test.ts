// The engagement sign-in's storage: credentials asked once and kept only
// in secret storage, silent token renewal, sign-out forgets all of it.
import assert from 'node:assert/strict';
import { EngagementAuthError } from '../../../src/engagement';
import { EngagementAccount, engagementSecretKey, type SecretStore } from '../../../src/features/auth/engagement/engagementAccount';
import { manualClock, startEmulator, type TestEmulator } from '../../support/emulator';
import * as client from '../../../src/engagement/client';

/** The client's module as the extension loads it on first use (here through `require`, as tsx reads TypeScript). */
const clientModule = async () => client;

const DEMO = { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' };

class MemorySecrets implements SecretStore {
  readonly map = new Map<string, string>();
  async get(key: string) {
    return this.map.get(key);
  }
  async store(key: string, value: string) {
    this.map.set(key, value);
  }
  async delete(key: string) {
    this.map.delete(key);
  }
}

describe('engagement account (sign-in storage)', () => {
  let emulator: TestEmulator;
  // One clock for the service and the account: moved on by hand, never waited for.
  const clock = manualClock();
  before(async () => {
    // Tokens live 31 s: inside the 30 s renewal margin after one second.
    emulator = await startEmulator({ seed: 'demo', engagementTokenTtlSeconds: 31, clock: clock.now });
  });
  after(() => emulator.dispose());

  it("sign-in keeps URL, user name, API key, password and token in one secret (the service's), and nowhere else", async () => {
    const secrets = new MemorySecrets();
    const info = await new EngagementAccount(secrets, Date.now, clientModule).signIn(emulator.url, DEMO);
    assert.equal(info.userName, 'ada');
    assert.deepEqual([...secrets.map.keys()], [engagementSecretKey(emulator.url)]);
    const stored = JSON.parse(secrets.map.get(engagementSecretKey(emulator.url))!);
    assert.deepEqual(
      [stored.serviceUrl, stored.userName, stored.apiKey, stored.password, stored.token.accessToken],
      [emulator.url, 'ada', DEMO.apiKey, DEMO.password, info.accessToken],
    );
  });

  it('wrong credentials are not kept', async () => {
    const secrets = new MemorySecrets();
    await assert.rejects(new EngagementAccount(secrets, Date.now, clientModule).signIn(emulator.url, { ...DEMO, apiKey: 'nope' }), EngagementAuthError);
    assert.equal(secrets.map.size, 0);
  });

  it('the token is renewed silently when it is about to expire (30 s margin), and the new one is kept', async () => {
    const secrets = new MemorySecrets();
    const account = new EngagementAccount(secrets, clock.now, clientModule);
    const first = await account.signIn(emulator.url, DEMO);
    assert.equal((await account.current(emulator.url))!.accessToken, first.accessToken, 'outside the margin the token is kept');
    clock.advance(1000);
    const current = await account.current(emulator.url);
    assert.notEqual(current!.accessToken, first.accessToken);
    assert.equal(JSON.parse(secrets.map.get(engagementSecretKey(emulator.url))!).token.accessToken, current!.accessToken);
    const client = await account.client(emulator.url);
    assert.equal((await client!.listCasesOfRepository('ada', 'notes-on-the-engine')).length, 3);
  });

  it('sign-out forgets all of it', async () => {
    const secrets = new MemorySecrets();
    const account = new EngagementAccount(secrets, Date.now, clientModule);
    await account.signIn(emulator.url, DEMO);
    await account.signOut(emulator.url);
    assert.equal(secrets.map.size, 0);
    assert.equal(await account.current(emulator.url), undefined);
    assert.equal(await account.client(emulator.url), undefined);
  });

  describe('one account per engagement service', () => {
    let second: TestEmulator;
    before(async () => {
      second = await startEmulator({ seed: 'demo' });
    });
    after(() => second.dispose());

    it('an account on each of two services: each its own secret and token; a client reads from its own service', async () => {
      const secrets = new MemorySecrets();
      const account = new EngagementAccount(secrets, Date.now, clientModule);
      const one = await account.signIn(emulator.url, DEMO);
      const two = await account.signIn(second.url, DEMO);
      assert.deepEqual([...secrets.map.keys()].sort(), [engagementSecretKey(emulator.url), engagementSecretKey(second.url)].sort());
      assert.equal((await account.current(emulator.url))!.userName, 'ada');
      assert.equal((await account.current(second.url))!.serviceUrl, second.url);
      assert.notEqual(one.accessToken, two.accessToken);
      // A case only the second service holds: only its client finds it.
      const subject = `only on the second service ${Date.now()}`;
      const secondClient = (await account.client(second.url))!;
      const contact = (await secondClient.searchContacts({ count: 1 })).items[0]!;
      await secondClient.createCase(contact.id, { subject, tags: ['repo:ada/notes-on-the-engine'] });
      const subjects = async (url: string) => (await (await account.client(url))!.listCasesOfRepository('ada', 'notes-on-the-engine')).map((c) => c.subject);
      assert.ok((await subjects(second.url)).includes(subject));
      assert.ok(!(await subjects(emulator.url)).includes(subject));
    });

    it("signing out of one service forgets its account only; the other's stays", async () => {
      const secrets = new MemorySecrets();
      const account = new EngagementAccount(secrets, Date.now, clientModule);
      await account.signIn(emulator.url, DEMO);
      await account.signIn(second.url, DEMO);
      await account.signOut(second.url);
      assert.equal(await account.current(second.url), undefined);
      assert.equal((await account.current(emulator.url))!.userName, 'ada');
      assert.deepEqual([...secrets.map.keys()], [engagementSecretKey(emulator.url)]);
    });
  });
});
