// What each method of the engagement client sends and how it reads the
// answer, against a recorded fake of the service (a `fetch` given to ky):
// the method, the path, the exact parameters (query for GET, form body for
// POST), the fallbacks when a creation does not echo the record, and the
// page walk of contacts() and cases().
import assert from 'node:assert/strict';
import { EngagementError, EngagementResponseError, parseEngagementDate } from '../../../src/engagement';
import { EngagementClient, MAX_PAGE_SIZE } from '../../../src/engagement/client';

const DATE = '2026-03-02T09:00:00-0300';
const TOKEN = 'tok-1';

interface Seen {
  method: string;
  path: string;
  params: [string, string][];
}

function contact(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `Contact ${id}`,
    cases: 0,
    profiles: [],
    url: `u/${id}`,
    tags: [],
    notes: [],
    creation_date: DATE,
    update_date: null,
    updated_by: null,
    ...extra,
  };
}

function caseOf(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    first_open_date: null,
    last_open_date: null,
    inbox_date: DATE,
    reopened: false,
    campaign: { id: 1, name: 'Support' },
    source: null,
    private: false,
    subject: null,
    contact: contact(1),
    state: 'Arrived',
    credits: 0,
    we_did_not_reply_since_date: null,
    handling_ms: 0,
    sla_seconds: 0,
    messages_sent: 0,
    messages_received: 0,
    messages: 0,
    url: `c/${id}`,
    tags: [],
    creation_date: DATE,
    update_date: DATE,
    updated_by: null,
    ...extra,
  };
}

/** A client whose service answers `reply(seen)`; every request but /authenticate is recorded. */
function fakeClient(reply: (seen: Seen) => unknown) {
  const seen: Seen[] = [];
  const fetchImpl = async (input: Request | URL | string, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/v2/', '');
    if (path === 'authenticate') {
      return Response.json({ success: true, access_token: TOKEN, expires: '2099-01-01T00:00:00-0300' });
    }
    const form = request.method === 'POST' ? new URLSearchParams(await request.text()) : url.searchParams;
    const s: Seen = { method: request.method, path, params: [...form].filter(([k]) => k !== 'access_token') };
    seen.push(s);
    return Response.json(reply(s));
  };
  const client = new EngagementClient({
    baseUrl: 'http://engagement.invalid/',
    credentials: { userName: 'u', apiKey: 'k', password: 'p' },
    ky: { fetch: fetchImpl, retry: 0 },
  });
  return { client, seen };
}

describe('engagement client requests: contacts', () => {
  it('me(): without a token no access_token is sent; after authenticate() the token in use is sent, and token reports it', async () => {
    const tokens: (string | null)[] = [];
    const { client } = fakeClient(() => ({ success: true, logged_in: false }));
    const spy = new EngagementClient({
      baseUrl: 'http://engagement.invalid',
      credentials: { userName: 'u', apiKey: 'k', password: 'p' },
      ky: {
        retry: 0,
        fetch: async (input: Request | URL | string, init?: RequestInit) => {
          const request = new Request(input, init);
          if (request.url.endsWith('/authenticate')) return Response.json({ success: true, access_token: TOKEN, expires: '2099-01-01T00:00:00-0300' });
          tokens.push(new URL(request.url).searchParams.get('access_token'));
          return Response.json({ success: true, logged_in: tokens.length > 1 });
        },
      },
    });
    assert.equal(client.token, undefined);
    assert.deepEqual(await spy.me(), { success: true, logged_in: false });
    const token = await spy.authenticate();
    assert.deepEqual([token.accessToken, token.expires.text], [TOKEN, '2099-01-01T00:00:00-0300']);
    assert.equal(spy.token, token);
    assert.deepEqual(await spy.me(), { success: true, logged_in: true });
    assert.deepEqual(tokens, [null, TOKEN]);
  });

  it('createContact: name, fields, notes and tags as repeated note=/tag=, attributes as their own names, echo_data; the echoed contact', async () => {
    const { client, seen } = fakeClient(() => ({ success: true, contact_id: 7, data: contact(7, { plan: 'gold' }) }));
    const created = await client.createContact({ name: 'Ada', crm_id: 'C1', notes: ['n1', 'n2'], tags: ['t1', 't2'], attributes: { plan: 'gold', seats: 3 } });
    assert.deepEqual([created.id, created.plan], [7, 'gold']);
    assert.deepEqual(seen, [
      {
        method: 'POST',
        path: 'contact',
        params: [
          ['plan', 'gold'],
          ['seats', '3'],
          ['name', 'Ada'],
          ['crm_id', 'C1'],
          ['note', 'n1'],
          ['note', 'n2'],
          ['tag', 't1'],
          ['tag', 't2'],
          ['echo_data', 'true'],
        ],
      },
    ]);
  });

  it('createContact without the record echoed: the contact is read by its new id', async () => {
    const { client, seen } = fakeClient((s) => (s.method === 'POST' ? { success: true, contact_id: 9 } : contact(9)));
    assert.equal((await client.createContact({ name: 'X' })).name, 'Contact 9');
    assert.deepEqual(
      seen.map((s) => `${s.method} ${s.path}`),
      ['POST contact', 'GET contact/9'],
    );
  });

  it("updateContact and getContact: the contact's path; an update answer without success true is refused", async () => {
    const { client, seen } = fakeClient((s) => (s.method === 'POST' ? { ...contact(3), success: true } : contact(3)));
    assert.equal((await client.updateContact(3, { last_name: 'L', notes: ['again'] })).id, 3);
    assert.equal((await client.getContact(3)).id, 3);
    assert.deepEqual(seen, [
      {
        method: 'POST',
        path: 'contact/3',
        params: [
          ['last_name', 'L'],
          ['note', 'again'],
        ],
      },
      { method: 'GET', path: 'contact/3', params: [] },
    ]);
    const bare = fakeClient(() => contact(3));
    // The rest of the text is zod's (its wording depends on the locale loaded).
    await assert.rejects(
      bare.client.updateContact(3, {}),
      (e: unknown) => e instanceof EngagementResponseError && e.message.startsWith('POST contact/3: unexpected answer at success: Invalid input'),
    );
  });

  it("searchContacts: the query as given, dates in the service's form", async () => {
    const { client, seen } = fakeClient(() => ({ success: true, total: 1, items: [contact(1)] }));
    const page = await client.searchContacts({
      name: 'a',
      crm_id: 'C',
      count: 5,
      index: 10,
      order_by: 'name',
      order_dir: 'DESC',
      updated_since: parseEngagementDate(DATE)!,
    });
    assert.deepEqual([page.total, page.items.map((c) => c.id)], [1, [1]]);
    assert.deepEqual(seen[0], {
      method: 'GET',
      path: 'contact',
      params: [
        ['name', 'a'],
        ['crm_id', 'C'],
        ['count', '5'],
        ['index', '10'],
        ['order_by', 'name'],
        ['order_dir', 'DESC'],
        ['updated_since', DATE],
      ],
    });
  });

  it('profiles: listed, added (every field), removed by source and ext_id; each answers the profiles', async () => {
    const profile = { id: 1, source: 'twitter', ext_id: 'x' };
    const { client, seen } = fakeClient(() => ({ success: true, profiles: [profile] }));
    assert.deepEqual(await client.listProfiles(4), [profile]);
    assert.deepEqual(await client.addProfile(4, { source: 'twitter', ext_id: 'x', user_name: '@x', followers: 2 }), [profile]);
    assert.deepEqual(await client.removeProfile(4, 'email', 'a@b'), [profile]);
    assert.deepEqual(seen, [
      { method: 'GET', path: 'contact/4/profiles', params: [] },
      {
        method: 'POST',
        path: 'contact/4/profiles/add',
        params: [
          ['source', 'twitter'],
          ['ext_id', 'x'],
          ['user_name', '@x'],
          ['followers', '2'],
        ],
      },
      {
        method: 'POST',
        path: 'contact/4/profiles/remove',
        params: [
          ['source', 'email'],
          ['ext_id', 'a@b'],
        ],
      },
    ]);
  });

  it('contact tags: listed; changed with repeated add= and remove=, answering the contact', async () => {
    const { client, seen } = fakeClient((s) =>
      s.method === 'GET' ? { success: true, tags: ['a', 'b'] } : { ...contact(5, { tags: ['b', 'c'] }), success: true },
    );
    assert.deepEqual(await client.listContactTags(5), ['a', 'b']);
    assert.deepEqual((await client.changeContactTags(5, { add: ['c', 'd'], remove: ['a'] })).tags, ['b', 'c']);
    assert.deepEqual(seen, [
      { method: 'GET', path: 'contact/5/tags', params: [] },
      {
        method: 'POST',
        path: 'contact/5/tags',
        params: [
          ['add', 'c'],
          ['add', 'd'],
          ['remove', 'a'],
        ],
      },
    ]);
  });
});

describe('engagement client requests: cases, messages, campaigns', () => {
  it('createCase: the fields, the contact and echo_data; without the record echoed, the case is read by its id', async () => {
    const echoed = fakeClient(() => ({ success: true, case_id: 2, data: caseOf(2) }));
    assert.equal((await echoed.client.createCase(1, { campaign: 'Support', subject: 'S', private: true, tags: ['x'] })).id, 2);
    assert.deepEqual(echoed.seen[0], {
      method: 'POST',
      path: 'case',
      params: [
        ['campaign', 'Support'],
        ['subject', 'S'],
        ['private', 'true'],
        ['tag', 'x'],
        ['contact_id', '1'],
        ['echo_data', 'true'],
      ],
    });
    const silent = fakeClient((s) => (s.method === 'POST' ? { success: true, case_id: 8 } : caseOf(8)));
    assert.equal((await silent.client.createCase(1)).id, 8);
    assert.deepEqual(
      silent.seen.map((s) => `${s.method} ${s.path} ${new URLSearchParams(s.params)}`),
      ['POST case contact_id=1&echo_data=true', 'GET case/8 '],
    );
  });

  it('updateCase: state, notes, tags and replies as repeated names; getCase; tags of a case', async () => {
    const { client, seen } = fakeClient((s) =>
      s.path.endsWith('/tags') && s.method === 'GET' ? { success: true, tags: ['t'] } : { ...caseOf(6, { state: 'Open' }), success: true },
    );
    assert.equal((await client.updateCase(6, { state: 'Open', replies: ['r1', 'r2'], notes: ['n'], attributes: { priority: 'high' } })).state, 'Open');
    assert.equal((await client.getCase(6)).id, 6);
    assert.deepEqual(await client.listCaseTags(6), ['t']);
    assert.equal((await client.changeCaseTags(6, { add: ['a'] })).id, 6);
    assert.deepEqual(seen, [
      {
        method: 'POST',
        path: 'case/6',
        params: [
          ['priority', 'high'],
          ['state', 'Open'],
          ['note', 'n'],
          ['reply', 'r1'],
          ['reply', 'r2'],
        ],
      },
      { method: 'GET', path: 'case/6', params: [] },
      { method: 'GET', path: 'case/6/tags', params: [] },
      { method: 'POST', path: 'case/6/tags', params: [['add', 'a']] },
    ]);
  });

  it('searchCases: every filter, tags repeated', async () => {
    const { client, seen } = fakeClient(() => ({ success: true, total: 0, items: [] }));
    assert.deepEqual(
      await client.searchCases({ contact_id: 1, state: 'Closed', with_tag: ['a', 'b'], without_tag: 'c', created_since: new Date(Date.UTC(2026, 0, 2)) }),
      { success: true, total: 0, items: [] },
    );
    assert.deepEqual(seen[0]!.params, [
      ['contact_id', '1'],
      ['state', 'Closed'],
      ['with_tag', 'a'],
      ['with_tag', 'b'],
      ['without_tag', 'c'],
      ['created_since', '2026-01-02T00:00:00+0000'],
    ]);
  });

  it('listCasesOfRepository: tagged repo:<owner>/<name> (and pr:<n>), the state, newest update first, every page', async () => {
    const { client, seen } = fakeClient((s) => {
      const index = Number(new URLSearchParams(s.params).get('index'));
      return { success: true, total: 150, items: Array.from({ length: index === 0 ? 100 : 50 }, (_, i) => caseOf(index + i + 1)) };
    });
    const cases = await client.listCasesOfRepository('ada', 'engine', { prNumber: 0, state: 'Open' });
    assert.deepEqual([cases.length, cases[0]!.id, cases[149]!.id], [150, 1, 150]);
    assert.deepEqual(
      seen.map((s) => s.params),
      [0, 100].map((index) => [
        ['with_tag', 'repo:ada/engine'],
        ['with_tag', 'pr:0'],
        ['state', 'Open'],
        ['order_by', 'update_date'],
        ['order_dir', 'DESC'],
        ['count', '100'],
        ['index', String(index)],
      ]),
    );
    const plain = fakeClient(() => ({ success: true, total: 0, items: [] }));
    assert.deepEqual(await plain.client.listCasesOfRepository('o', 'r'), []);
    assert.deepEqual(plain.seen[0]!.params, [
      ['with_tag', 'repo:o/r'],
      ['order_by', 'update_date'],
      ['order_dir', 'DESC'],
      ['count', '100'],
      ['index', '0'],
    ]);
  });

  it('sendMessage: every field sent; the case id and UUID the service gives', async () => {
    const { client, seen } = fakeClient(() => ({ success: true, case_id: 12, UUID: 'u-1' }));
    const message = { campaign: 'Support', source: 'email' as const, fromId: 'a@b', fromName: 'A', content: 'Hi', subject: 'S', UUID: 'mine' };
    assert.deepEqual(await client.sendMessage(message), { caseId: 12, uuid: 'u-1' });
    assert.deepEqual(seen, [{ method: 'POST', path: 'message', params: Object.entries(message) }]);
  });

  it('campaigns: listed, created by name (its id), stats filtered by campaign and date', async () => {
    const stats = {
      campaign: { id: 3, name: 'C' },
      cases: { total: 1, Arrived: 1, Open: 0, Closed: 0 },
      reopened: 0,
      messages_received: 1,
      messages_sent: 0,
      awaiting_reply: 1,
      answered_cases: 0,
      average_first_response_seconds: null,
      average_handling_ms: 1.5,
    };
    const { client, seen } = fakeClient((s) => {
      if (s.path === 'campaign/stats') return { success: true, created_since: DATE, items: [stats] };
      if (s.method === 'POST') return { success: true, campaign_id: 3 };
      return { success: true, total: 1, items: [{ id: 3, name: 'C' }] };
    });
    assert.deepEqual(await client.listCampaigns(), [{ id: 3, name: 'C' }]);
    assert.equal(await client.createCampaign('C'), 3);
    assert.deepEqual(await client.campaignStats({ campaign_id: 3, created_since: parseEngagementDate(DATE)! }), [stats]);
    assert.deepEqual(await client.campaignStats(), [stats]);
    assert.deepEqual(seen, [
      { method: 'GET', path: 'campaign', params: [] },
      { method: 'POST', path: 'campaign', params: [['name', 'C']] },
      {
        method: 'GET',
        path: 'campaign/stats',
        params: [
          ['campaign_id', '3'],
          ['created_since', DATE],
        ],
      },
      { method: 'GET', path: 'campaign/stats', params: [] },
    ]);
  });

  it("an answer whose date is not the service's form is refused, naming the field and the text", async () => {
    const { client } = fakeClient(() => contact(1, { creation_date: '2026-03-02 09:00' }));
    await assert.rejects(
      client.getContact(1),
      (e: unknown) =>
        e instanceof EngagementResponseError &&
        e.message === 'GET contact/1: unexpected answer at creation_date: not a date of the form yyyy-MM-ddTHH:mm:ss±hhmm: "2026-03-02 09:00"',
    );
  });
});

describe('engagement client: walking pages', () => {
  /** A service holding `total` contacts whose pages hold at most `serve` items whatever the count asked. */
  function paged(total: number, serve = Infinity) {
    return fakeClient((s) => {
      const q = new URLSearchParams(s.params);
      const index = Number(q.get('index'));
      const count = Math.min(Number(q.get('count')), serve);
      const ids = Array.from({ length: Math.max(0, Math.min(count, total - index)) }, (_, i) => index + i + 1);
      return { success: true, total, items: ids.map((id) => contact(id)) };
    });
  }
  const walk = async (it: AsyncIterable<{ id: number }>) => {
    const ids: number[] = [];
    for await (const c of it) ids.push(c.id);
    return ids;
  };
  const asked = (seen: Seen[]) => seen.map((s) => `${new URLSearchParams(s.params).get('count')}@${new URLSearchParams(s.params).get('index')}`);

  it('pages of 100 by default from index 0; a full last page ends the walk at the total, without asking past it', async () => {
    const { client, seen } = paged(200);
    assert.equal(MAX_PAGE_SIZE, 100);
    assert.deepEqual(
      await walk(client.contacts()),
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    assert.deepEqual(asked(seen), ['100@0', '100@100']);
  });

  it('the count and index asked for, the other filters kept on every page; a short page ends the walk', async () => {
    const { client, seen } = paged(7);
    assert.deepEqual(await walk(client.contacts({ count: 3, index: 1, name: 'x' })), [2, 3, 4, 5, 6, 7]);
    assert.deepEqual(asked(seen), ['3@1', '3@4']);
    assert.deepEqual(seen[1]!.params, [
      ['count', '3'],
      ['index', '4'],
      ['name', 'x'],
    ]);
  });

  it('a page shorter than asked ends the walk even when the total says more', async () => {
    const { client, seen } = paged(10, 2);
    assert.deepEqual(await walk(client.contacts({ count: 3 })), [1, 2]);
    assert.deepEqual(asked(seen), ['3@0']);
  });

  it('cases() walks the case pages the same way', async () => {
    const { client, seen } = fakeClient((s) => {
      const index = Number(new URLSearchParams(s.params).get('index'));
      return { success: true, total: 3, items: index === 0 ? [caseOf(1), caseOf(2)] : [caseOf(3)] };
    });
    assert.deepEqual(await walk(client.cases({ count: 2, state: 'Open' })), [1, 2, 3]);
    assert.deepEqual(
      seen.map((s) => `${s.path} ${new URLSearchParams(s.params)}`),
      ['case count=2&state=Open&index=0', 'case count=2&state=Open&index=2'],
    );
  });

  it('an empty result: one request, nothing yielded', async () => {
    const { client, seen } = paged(0);
    assert.deepEqual(await walk(client.contacts()), []);
    assert.equal(seen.length, 1);
  });
});

describe('engagement client: a refusal names the call', () => {
  it("each writing method is a POST, and a refusal (success false) says so with the path and the service's statusMessage", async () => {
    const { client } = fakeClient(() => ({ success: false, statusMessage: 'refused' }));
    const calls: [string, () => Promise<unknown>][] = [
      ['POST contact', () => client.createContact({ name: 'n' })],
      ['POST contact/1', () => client.updateContact(1, {})],
      ['POST contact/1/profiles/add', () => client.addProfile(1, { source: 's', ext_id: 'e' })],
      ['POST contact/1/profiles/remove', () => client.removeProfile(1, 's', 'e')],
      ['POST contact/1/tags', () => client.changeContactTags(1, {})],
      ['POST case', () => client.createCase(1)],
      ['POST case/2', () => client.updateCase(2, {})],
      ['POST case/2/tags', () => client.changeCaseTags(2, {})],
      ['POST message', () => client.sendMessage({ campaign: 'c', source: 'custom', fromId: 'f', fromName: 'F', content: 'x' })],
      ['POST campaign', () => client.createCampaign('c')],
      ['GET contact/1', () => client.getContact(1)],
    ];
    const messages: string[] = [];
    for (const [, call] of calls) {
      await call().then(
        () => assert.fail('refused'),
        (e: unknown) => {
          assert.ok(e instanceof EngagementError, String(e));
          messages.push(`${e.message} (${e.status}, ${e.statusMessage})`);
        },
      );
    }
    assert.deepEqual(
      messages,
      calls.map(([what]) => `${what} failed: refused (200, refused)`),
    );
  });
});
