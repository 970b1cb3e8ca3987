// Background calls (the views' reads) wait for the client's beforeBackground
// (src/hosting/transport.ts): at start-up the extension holds them until the
// views have drawn the rows they kept. A user's action never waits.
import assert from 'node:assert/strict';
import { HostingClient } from '../../../src/hosting';
import { fakeUser, rateHeaders, startFakeService, type FakeService } from '../../support/fakeService';

describe('v3 client: background calls wait for beforeBackground', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  async function users(): Promise<FakeService> {
    return (service = await startFakeService(async (req, base) => {
      const login = req.url.split('/')[2]!.split('?')[0]!;
      return { status: 200, headers: rateHeaders(10), body: fakeUser(login, login.length, base) };
    }));
  }

  it('a background call is sent once beforeBackground settles; a user call meanwhile goes at once', async () => {
    const s = await users();
    let release = () => undefined as void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const c = new HostingClient({ apiUrl: s.url, userAgentVersion: '1', credentials: { type: 'token', token: 't' }, beforeBackground: () => held });
    let backgroundDone = false;
    const background = c.users.get('ada', { priority: 'background' }).then((u) => {
      backgroundDone = true;
      return u;
    });
    const user = await c.users.get('grace');
    assert.equal(user.login, 'grace');
    assert.deepEqual(
      s.requests.map((r) => r.url),
      ['/users/grace'],
      'only the user call was sent',
    );
    assert.equal(backgroundDone, false);
    release();
    assert.equal((await background).login, 'ada');
    assert.deepEqual(
      s.requests.map((r) => r.url),
      ['/users/grace', '/users/ada'],
    );
  });

  it('once released, background calls go at once', async () => {
    const s = await users();
    let asked = 0;
    const c = new HostingClient({
      apiUrl: s.url,
      userAgentVersion: '1',
      beforeBackground: () => {
        asked++;
        return Promise.resolve();
      },
    });
    await c.users.get('ada', { priority: 'background' });
    await c.users.get('grace');
    assert.equal(s.requests.length, 2);
    assert.equal(asked, 1, 'asked for the background call only');
  });
});
