// The v3 client's contract with the service, run against the in-process
// emulator and its demo seed: every client method of src/hosting/registry.ts
// is called with a request that succeeds, its answer parsed by the client's
// schema, and each case asserts what only the right answer has. The cases are
// grouped by resource in the files beside this one; harness.ts checks after
// each case that the methods it names were answered with a success.
// Beyond the registry: release assets (upload_url, browser_download_url) are
// in ../emulator-release-assets.test.ts; the engagement (v2) client's contract
// is test/unit/engagement/client.test.ts, the OAuth web flow's
// test/unit/oauth/webFlow.test.ts.
import assert from 'node:assert/strict';
import { registeredEndpoints } from '../../../../src/hosting/registry';
import { contractSuite, type ContractGroup } from './harness';
import { accounts } from './accounts';
import { authorizations } from './authorizations';
import { gitData } from './git';
import { hooksStatsSearch } from './hooks-stats-search';
import { pullsAndComments } from './pulls-comments';
import { releasesAndLabels } from './releases-labels';
import { teamsAndMembers } from './teams-members';

const GROUPS: readonly ContractGroup[] = [authorizations, accounts, teamsAndMembers, pullsAndComments, gitData, releasesAndLabels, hooksStatsSearch];

describe('contract: every client method has a case that calls it', () => {
  it('each method of the registry is named by at least one case', () => {
    const called = new Set(GROUPS.flatMap((g) => g.cases.flatMap((c) => c.calls)));
    const missing = registeredEndpoints()
      .map((e) => `${e.group}.${e.method}`)
      .filter((m) => !called.has(m as never));
    assert.deepEqual(missing, [], `no contract case calls: ${missing.join(', ')}`);
  });
});

for (const group of GROUPS) contractSuite(group);
