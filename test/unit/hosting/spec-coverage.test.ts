// The spec inventory (test/support/spec-inventory.json) against the code: every
// endpoint row has a client method and an emulator route. One table-driven
// test that names every failing row; what the methods and routes answer is
// the contract suite's business (contract/contract.test.ts,
// test/unit/engagement/client.test.ts, test/unit/oauth/webFlow.test.ts).
import assert from 'node:assert/strict';
import { HostingClient } from '../../../src/hosting';
import { EngagementClient } from '../../../src/engagement/client';
import * as oauth from '../../../src/oauth';
import { endpointShape, registeredEndpoints } from '../../../src/hosting/registry';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { SPEC_ROWS, endpointOf, type SpecRow } from '../../support/specInventory';

/** The engagement client has no route registry: its method for each v2 row (its doc comments name the same rows). */
const ENGAGEMENT_METHODS: Record<string, string> = {
  'POST /api/v2/authenticate': 'authenticate',
  'GET /api/v2/me': 'me',
  'POST /api/v2/contact': 'createContact',
  'POST /api/v2/contact/:contact_id': 'updateContact',
  'GET /api/v2/contact/:contact_id': 'getContact',
  'GET /api/v2/contact': 'searchContacts',
  'GET /api/v2/contact/:contact_id/profiles': 'listProfiles',
  'POST /api/v2/contact/:contact_id/profiles/add': 'addProfile',
  'POST /api/v2/contact/:contact_id/profiles/remove': 'removeProfile',
  'GET /api/v2/contact/:contact_id/tags': 'listContactTags',
  'POST /api/v2/contact/:contact_id/tags': 'changeContactTags',
  'POST /api/v2/case': 'createCase',
  'POST /api/v2/case/:case_id': 'updateCase',
  'GET /api/v2/case/:case_id': 'getCase',
  'GET /api/v2/case': 'searchCases',
  'GET /api/v2/case/:case_id/tags': 'listCaseTags',
  'POST /api/v2/case/:case_id/tags': 'changeCaseTags',
  'POST /api/v2/message': 'sendMessage',
};

/** The two steps of the OAuth web flow are functions of src/oauth, not client methods. */
const OAUTH_FUNCTIONS: Record<string, keyof typeof oauth> = {
  'GET /login/oauth/authorize': 'buildAuthorizeUrl',
  'POST /login/oauth/access_token': 'exchangeCode',
};

describe('spec inventory: every endpoint row has a client method and an emulator route', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.dispose());

  it('holds the rows the specification counts: 12 + 87 + 13 = 112 document rows, and the 18 endpoints its README names', () => {
    const count = (document: string) => SPEC_ROWS.filter((r) => r.document === document).length;
    assert.deepEqual(
      [count('v3-conventions-auth-webhooks.md'), count('v3-repository-resources.md'), count('v2-engagement.md'), count('README.md')],
      [12, 87, 13, 18],
    );
    assert.equal(new Set(SPEC_ROWS.map(endpointOf)).size, SPEC_ROWS.length, 'no row twice');
  });

  it('every row is served by a client method (v3 registry, engagement client, OAuth functions) and by an emulator route', () => {
    const registered = new Map(registeredEndpoints().map((e) => [endpointShape(e.route), e]));
    const hosting = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test' }) as unknown as Record<string, Record<string, unknown>>;
    const engagement = EngagementClient.prototype as unknown as Record<string, unknown>;

    /** What serves the row in the code, or why nothing does. */
    const clientMethod = (row: SpecRow): { name: string; ok: boolean } => {
      const endpoint = endpointOf(row);
      if (OAUTH_FUNCTIONS[endpoint]) return { name: `oauth.${OAUTH_FUNCTIONS[endpoint]}`, ok: typeof oauth[OAUTH_FUNCTIONS[endpoint]] === 'function' };
      if (row.path.startsWith('/api/v2/')) {
        const name = ENGAGEMENT_METHODS[endpoint];
        return { name: `EngagementClient.${name ?? '?'}`, ok: !!name && typeof engagement[name] === 'function' };
      }
      const entry = registered.get(endpointShape(endpoint));
      return {
        name: entry ? `client.${entry.group}.${entry.method}` : 'no registry entry',
        ok: !!entry && typeof hosting[entry.group]?.[entry.method] === 'function',
      };
    };
    // Parameter names do not matter to the router; a trailing parameter may be a wildcard (refs with slashes).
    const emulatorRoute = (row: SpecRow): boolean =>
      emu.app.hasRoute({ method: row.method as 'GET', url: row.path }) ||
      emu.app.hasRoute({ method: row.method as 'GET', url: row.path.replace(/:[A-Za-z_]+$/, '*') });

    const failing: string[] = [];
    for (const row of SPEC_ROWS) {
      const method = clientMethod(row);
      const missing = [...(method.ok ? [] : [`client method (${method.name})`]), ...(emulatorRoute(row) ? [] : ['emulator route'])];
      if (missing.length) failing.push(`${row.document} / ${row.section}: ${endpointOf(row)} has no ${missing.join(' and no ')}`);
    }
    assert.equal(failing.length, 0, `${failing.length} of ${SPEC_ROWS.length} rows are not served:\n${failing.join('\n')}`);
  });
});
