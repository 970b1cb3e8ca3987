// The engagement sign-in's storage: credentials asked once and kept only
// in secret storage, silent token renewal, sign-out forgets all of it.
import assert from 'node:assert/strict';
import { EngagementAuthError } from '../../../src/engagement';
import { EngagementAccount, ENGAGEMENT_SECRET_KEY, type SecretStore } from '../../../src/features/auth/engagement/engagementAccount';
import { manualClock, startEmulator, type TestEmulator } from '../../support/emulator';

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

  it('sign-in keeps URL, user name, API key, password and token in one secret, and nowhere else', async () => {
    const secrets = new MemorySecrets();
    const info = await new EngagementAccount(secrets).signIn(emulator.url, DEMO);
    assert.equal(info.userName, 'ada');
    assert.deepEqual([...secrets.map.keys()], [ENGAGEMENT_SECRET_KEY]);
    const stored = JSON.parse(secrets.map.get(ENGAGEMENT_SECRET_KEY)!);
    assert.deepEqual(
      [stored.serviceUrl, stored.userName, stored.apiKey, stored.password, stored.token.accessToken],
      [emulator.url, 'ada', DEMO.apiKey, DEMO.password, info.accessToken],
    );
  });

  it('wrong credentials are not kept', async () => {
    const secrets = new MemorySecrets();
    await assert.rejects(new EngagementAccount(secrets).signIn(emulator.url, { ...DEMO, apiKey: 'nope' }), EngagementAuthError);
    assert.equal(secrets.map.size, 0);
  });

  it('the token is renewed silently when it is about to expire (30 s margin), and the new one is kept', async () => {
    const secrets = new MemorySecrets();
    const account = new EngagementAccount(secrets, clock.now);
    const first = await account.signIn(emulator.url, DEMO);
    assert.equal((await account.current())!.accessToken, first.accessToken, 'outside the margin the token is kept');
    clock.advance(1000);
    const current = await account.current();
    assert.notEqual(current!.accessToken, first.accessToken);
    assert.equal(JSON.parse(secrets.map.get(ENGAGEMENT_SECRET_KEY)!).token.accessToken, current!.accessToken);
    const client = await account.client();
    assert.equal((await client!.listCasesOfRepository('ada', 'notes-on-the-engine')).length, 3);
  });

  it('sign-out forgets all of it', async () => {
    const secrets = new MemorySecrets();
    const account = new EngagementAccount(secrets);
    await account.signIn(emulator.url, DEMO);
    await account.signOut();
    assert.equal(secrets.map.size, 0);
    assert.equal(await account.current(), undefined);
    assert.equal(await account.client(), undefined);
  });
});
