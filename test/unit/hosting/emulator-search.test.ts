// Legacy search (document 2, deprecated; its own result shapes and paging)
// through the client against the seeded emulator.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, NotFoundError, collect } from '../../../src/hosting';

describe('v3 client legacy search against the emulator (document 2)', () => {
  let emu: TestEmulator;
  let ada: HostingClient;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    ada = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
  });
  after(() => emu.dispose());

  it('GET /legacy/repos/search/:keyword: repositories in the legacy shape (owner as a string, score)', async () => {
    const repos = await ada.search.repositories('engine');
    assert.ok(repos.some((r) => r.name === 'difference-engine' && r.owner === 'analytical-engines'), JSON.stringify(repos.map((r) => r.name)));
    assert.ok(repos.every((r) => typeof r.score === 'number'));
  });

  it('GET /legacy/user/search/:keyword: users in the legacy shape (id as a string)', async () => {
    const users = await ada.search.users('ada');
    const found = users.find((u) => u.login === 'ada');
    assert.ok(found);
    assert.equal(typeof found.id, 'string');
  });

  it('GET /legacy/issues/search/:owner/:repository/:state/:keyword: issues with labels as strings', async () => {
    const pulls = await collect(ada.pulls.list('analytical-engines', 'difference-engine', { state: 'all' }));
    const word = pulls[0]!.title.split(/\s+/).find((w) => w.length > 3)!;
    const state = pulls[0]!.state;
    const issues = await ada.search.issues('analytical-engines', 'difference-engine', state, word);
    assert.ok(issues.length >= 1, `no issue found for "${word}"`);
    assert.ok(issues.every((i) => i.state === state && Array.isArray(i.labels)));
  });

  it('GET /legacy/user/email/:email: the @ stays unencoded and finds the user; an unknown address is NotFoundError', async () => {
    const user = await ada.search.userByEmail('ada@analytical-engines.test');
    assert.equal(user.login, 'ada');
    assert.equal(typeof user.id, 'number');
    await assert.rejects(ada.search.userByEmail('nobody@analytical-engines.test'), NotFoundError);
  });
});
