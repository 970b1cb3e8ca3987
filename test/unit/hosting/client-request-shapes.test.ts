// What some client methods put on the wire, where the emulator is lenient and
// the real service is not (fake server): an annotated tag's `type`, legacy
// search's `start_page`, and the Accept of an asset download.
import assert from 'node:assert/strict';
import { HostingClient } from '../../../src/hosting';
import { rateHeaders, startFakeService, type FakeService, type RecordedRequest } from '../../support/fakeService';

const SHA = 'a'.repeat(40);
const OBJECT = 'b'.repeat(40);

describe('v3 client request shapes (fake server)', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  function clientFor(s: FakeService): HostingClient {
    return new HostingClient({ apiUrl: s.url, userAgentVersion: '1', credentials: { type: 'token', token: 'tok_shapes' } });
  }

  it('POST .../git/tags: without a type the tag is of a commit (the service requires `type`); a type given is sent as it is', async () => {
    const s = (service = await startFakeService((req: RecordedRequest, base) => {
      const body = JSON.parse(req.body) as { tag: string; message: string; object: string; type: string };
      return {
        status: 201,
        headers: rateHeaders(10),
        body: {
          tag: body.tag,
          sha: SHA,
          url: `${base}/repos/ada/r/git/tags/${SHA}`,
          message: body.message,
          tagger: { name: 'Ada', email: 'ada@example.test', date: '2024-01-01T00:00:00Z' },
          object: { type: body.type, sha: body.object, url: `${base}/x` },
        },
      };
    }));
    const client = clientFor(s);
    const tag = await client.git.createTag('ada', 'r', { tag: 'v1', message: 'One', object: OBJECT });
    assert.equal(tag.object.type, 'commit');
    await client.git.createTag('ada', 'r', { tag: 'v1-tree', message: 'Tree', object: OBJECT, type: 'tree' });
    assert.deepEqual(
      s.requests.map((r) => JSON.parse(r.body) as unknown),
      [
        { type: 'commit', tag: 'v1', message: 'One', object: OBJECT },
        { type: 'tree', tag: 'v1-tree', message: 'Tree', object: OBJECT },
      ],
    );
  });

  it('GET /legacy/repos/search/:keyword and /legacy/user/search/:keyword: start_page, sort, order and language go in the query; no start_page unless asked', async () => {
    const s = (service = await startFakeService((req) => ({
      status: 200,
      headers: rateHeaders(10),
      body: req.url.startsWith('/legacy/repos/') ? { repositories: [] } : { users: [] },
    })));
    const client = clientFor(s);
    assert.deepEqual(await client.search.repositories('engine', { start_page: 2, sort: 'stars', order: 'asc', language: 'Ruby' }), []);
    assert.deepEqual(await client.search.repositories('engine', { language: 'Ruby' }), []);
    assert.deepEqual(await client.search.users('ada', { start_page: 3 }), []);
    assert.deepEqual(await client.search.users('ada'), []);
    assert.deepEqual(
      s.requests.map((r) => r.url),
      [
        '/legacy/repos/search/engine?sort=stars&order=asc&language=Ruby&start_page=2',
        '/legacy/repos/search/engine?language=Ruby',
        '/legacy/user/search/ada?start_page=3',
        '/legacy/user/search/ada',
      ],
    );
  });

  it("an asset download asks for application/octet-stream and gets the body's bytes even when the service calls them JSON", async () => {
    const json = '{\n  "big": 12345678901234567890,\n  "ratio": 1.0\n}\n';
    const s = (service = await startFakeService(() => ({ status: 200, headers: { ...rateHeaders(10), 'content-type': 'application/json' }, body: json })));
    const client = clientFor(s);
    const bytes = await client.releases.downloadAsset({ browser_download_url: `${s.url}/ada/r/releases/download/v1/data.json` });
    assert.equal(new TextDecoder().decode(bytes), json);
    assert.deepEqual(
      s.requests.map((r) => [r.url, r.headers.accept]),
      [['/ada/r/releases/download/v1/data.json', 'application/octet-stream']],
    );
  });
});
