// Token creation with a user name and password
// (docs/service-api/hosting/oauth §6, docs/service-api/hosting/auth §3, §4)
// against the emulator.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, NotFoundError } from '../../../src/hosting';
import { PasswordSignInError, createTokenWithPassword, parseScopes, tokenNote } from '../../../src/oauth';
import { addLoopbackApplication, addUser } from './accounts';

describe('password sign-in: POST /authorizations with Basic (docs/service-api/hosting/auth §11)', () => {
  let emu: TestEmulator;
  let client: HostingClient;
  let adaId: number;
  before(async () => {
    emu = await startEmulator({ loginLockoutThreshold: 3 });
    adaId = addUser(emu.db, 'ada', 'ada-pw');
    addUser(emu.db, 'bob', 'bob-pw');
    client = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test' });
  });
  after(() => emu.dispose());

  it('creates a token noted "RepoDesk on <host name>" with the requested scopes', async () => {
    const auth = await createTokenWithPassword(client, { username: 'ada', password: 'ada-pw', scopes: ['repo', 'read:org'], hostName: 'build-box' });
    assert.equal(auth.note, 'RepoDesk on build-box');
    assert.deepEqual([...auth.scopes].sort(), ['read:org', 'repo']);
    const checked = await client.authorizations.get({ username: 'ada', password: 'ada-pw' }, auth.id);
    assert.equal(checked.note, 'RepoDesk on build-box');
  });

  it("a token bound to RepoDesk's application can be revoked with the application's credentials (sign-out)", async () => {
    const app = await addLoopbackApplication(emu, adaId);
    const creds = { clientId: app.clientId, clientSecret: app.clientSecret };
    const auth = await createTokenWithPassword(client, { username: 'ada', password: 'ada-pw', scopes: ['repo'], hostName: 'laptop', app: creds });
    assert.equal(auth.app.client_id, app.clientId);
    assert.equal((await client.authorizations.checkToken(creds, auth.token)).note, 'RepoDesk on laptop');
    await client.authorizations.revokeToken(creds, auth.token);
    await assert.rejects(client.authorizations.checkToken(creds, auth.token), NotFoundError, 'a revoked token is not found');
  });

  it('the default note names this machine', () => {
    assert.match(tokenNote(), /^RepoDesk on \S+/);
  });

  it('a wrong password says so, without the password (docs/service-api/hosting/auth §3)', async () => {
    const err = await createTokenWithPassword(client, { username: 'bob', password: 'wrong-secret', scopes: [] }).catch((e: unknown) => e);
    assert.ok(err instanceof PasswordSignInError);
    assert.equal(err.reason, 'bad-credentials');
    assert.match(err.message, /user name or password is wrong/);
    assert.ok(!err.message.includes('wrong-secret'));
  });

  it('after repeated failures the lockout is explained, even for the right password (docs/service-api/hosting/auth §4)', async () => {
    // A user of its own, so that no other test's failed login counts: the threshold is 3.
    addUser(emu.db, 'cy', 'cy-pw');
    for (let i = 0; i < 3; i++) {
      const failed = await createTokenWithPassword(client, { username: 'cy', password: 'nope', scopes: [] }).catch((e: unknown) => e);
      assert.ok(failed instanceof PasswordSignInError && failed.reason === 'bad-credentials', `failed login ${i + 1}: ${String(failed)}`);
    }
    const err = await createTokenWithPassword(client, { username: 'cy', password: 'cy-pw', scopes: [] }).catch((e: unknown) => e);
    assert.ok(err instanceof PasswordSignInError);
    assert.equal(err.reason, 'locked-out');
    assert.match(err.message, /Try again later/);
  });
});

describe('scope parsing (docs/service-api/hosting/auth §9)', () => {
  it('reads X-OAuth-Scopes and the exchange scope field: commas, spaces, empty', () => {
    assert.deepEqual(parseScopes('repo, user'), ['repo', 'user']);
    assert.deepEqual(parseScopes('repo,read:org'), ['repo', 'read:org']);
    assert.deepEqual(parseScopes(''), []);
    assert.deepEqual(parseScopes(undefined), []);
  });
});
