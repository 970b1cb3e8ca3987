// The client tells whether each request got an answer (onDidReach): the
// session's reachability is fed from it. Any status is an answer; a refused
// connection is none, with its text.
import assert from 'node:assert/strict';
import net from 'node:net';
import { HostingClient, type Outcome } from '../../../src/hosting';
import { fakeUser, rateHeaders, startFakeService, type FakeService } from '../../support/fakeService';

describe('v3 client: whether the service answered (onDidReach)', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  function watched(apiUrl: string): { client: HostingClient; outcomes: Outcome[] } {
    const client = new HostingClient({ apiUrl, userAgentVersion: '1', credentials: { type: 'token', token: 't' } });
    const outcomes: Outcome[] = [];
    client.core.onDidReach((o) => outcomes.push(o));
    return { client, outcomes };
  }

  it('a 200 is an answer', async () => {
    service = await startFakeService((_req, base) => ({ status: 200, headers: rateHeaders(10), body: fakeUser('ada', 1, base) }));
    const { client, outcomes } = watched(service.url);
    await client.users.getAuthenticated();
    assert.deepEqual(outcomes, [{ answered: true }]);
  });

  it('an error status is an answer too', async () => {
    service = await startFakeService(() => ({ status: 502, headers: {}, body: { message: 'Server Error' } }));
    const { client, outcomes } = watched(service.url);
    await assert.rejects(client.users.getAuthenticated());
    assert.deepEqual(outcomes, [{ answered: true }]);
  });

  it('a refused connection is no answer, with its text', async () => {
    const { client, outcomes } = watched(`http://127.0.0.1:${await freePort()}`);
    await assert.rejects(client.users.getAuthenticated());
    assert.equal(outcomes.length, 1);
    assert.equal(outcomes[0]!.answered, false);
    assert.match((outcomes[0] as { failure: string }).failure, /ECONNREFUSED|fetch failed/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
