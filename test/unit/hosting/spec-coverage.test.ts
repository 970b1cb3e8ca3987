import assert from 'node:assert/strict';
import { HostingClient } from '../../../src/hosting';
import { endpointShape, registeredEndpoints } from '../../../src/hosting/registry';
import { readSpecRows } from './specTables';

describe('spec coverage: a client method for every v3 endpoint row', () => {
  const conventions = readSpecRows('v3-conventions-auth-webhooks.md');
  const resources = readSpecRows('v3-repository-resources.md');
  const registered = new Map(registeredEndpoints().map((e) => [endpointShape(e.route), e]));
  const client = new HostingClient({ apiUrl: 'http://127.0.0.1:9', userAgentVersion: 'test' });

  it('reads the row counts the spec README announces (10 token rows, 82 endpoint rows + 5 statistics paths)', () => {
    assert.equal(conventions.length, 10);
    assert.equal(resources.filter((r) => r.section !== 'Statistics').length, 82);
    assert.equal(resources.filter((r) => r.section === 'Statistics').length, 5);
  });

  for (const row of [...conventions, ...resources]) {
    it(`${row.section}: ${row.endpoint} has a client method`, () => {
      const entry = registered.get(endpointShape(row.endpoint));
      assert.ok(entry, `no client method is registered for ${row.endpoint}`);
      const group = (client as unknown as Record<string, Record<string, unknown>>)[entry.group];
      assert.equal(typeof group?.[entry.method], 'function', `client.${entry.group}.${entry.method} is not a method`);
    });
  }

  it('webhooks (spec README): list services, create/list/get/edit/delete, tests and pings have methods', () => {
    const readme = ['GET /hooks', 'POST /repos/:owner/:repo/hooks', 'GET /repos/:owner/:repo/hooks', 'GET /repos/:owner/:repo/hooks/:id',
      'PATCH /repos/:owner/:repo/hooks/:id', 'DELETE /repos/:owner/:repo/hooks/:id', 'POST /repos/:owner/:repo/hooks/:id/tests', 'POST /repos/:owner/:repo/hooks/:id/pings'];
    for (const endpoint of readme) assert.ok(registered.get(endpointShape(endpoint)), `no method for ${endpoint}`);
  });
});
