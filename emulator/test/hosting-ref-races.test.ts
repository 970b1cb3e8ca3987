// docs/service-api/hosting/git-data §5, under concurrent writers: many updates
// of one ref sent at once. Each update is a compare-and-swap on the value the
// handler checked, so exactly the updates that were fast-forwards when they
// were applied win, every other one is refused with 422, and no acknowledged
// update is lost (the ref ends at the last winner, which contains every other
// winner).
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const N = 12;
const REPO = '/repos/ada/ref-races';

describe('v3 references: concurrent updates of one ref', () => {
  let emu: TestEmulator;
  const ada = basic('ada');
  let tree: string;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    assert.equal((await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'ref-races', auto_init: true } })).status, 201);
    tree = (await call(emu, 'GET', `${REPO}/git/commits/${await tip()}`, { auth: ada })).json.tree.sha as string;
  });
  after(() => emu.dispose());

  async function tip(ref = 'heads/master'): Promise<string> {
    return (await call(emu, 'GET', `${REPO}/git/refs/${ref}`, { auth: ada })).json.object.sha as string;
  }
  async function commit(message: string, parent: string): Promise<string> {
    const made = await call(emu, 'POST', `${REPO}/git/commits`, { auth: ada, body: { message, tree, parents: [parent] } });
    assert.equal(made.status, 201);
    return made.json.sha as string;
  }
  const update = (sha: string) => call(emu, 'PATCH', `${REPO}/git/refs/heads/master`, { auth: ada, body: { sha } });
  const REFUSALS = ['Update is not a fast forward', 'Reference refs/heads/master changed during the update'];

  it(`PATCH /repos/:owner/:repo/git/refs/:ref — ${N} sibling commits at once: exactly one fast-forward wins (200), the other ${N - 1} get 422, the ref is the winner`, async () => {
    const base = await tip();
    const siblings: string[] = [];
    for (let i = 0; i < N; i++) siblings.push(await commit(`sibling ${i}`, base));
    const answers = await Promise.all(siblings.map(update));
    const winners = siblings.filter((_, i) => answers[i]!.status === 200);
    assert.equal(winners.length, 1, `statuses ${answers.map((a) => a.status).join(' ')}`);
    for (const a of answers.filter((x) => x.status !== 200)) {
      assert.equal(a.status, 422);
      assert.ok(REFUSALS.includes(a.json.message), a.json.message);
    }
    assert.equal(await tip(), winners[0]);
  });

  it(`PATCH /repos/:owner/:repo/git/refs/:ref — a chain of ${N} commits sent at once: every 200 was a fast-forward, the ref ends at the furthest winner, no acknowledged update lost`, async () => {
    const chain: string[] = [];
    let parent = await tip();
    for (let i = 0; i < N; i++) chain.push((parent = await commit(`chain ${i}`, parent)));
    const answers = await Promise.all(chain.map(update));
    const won = chain.map((_, i) => i).filter((i) => answers[i]!.status === 200);
    assert.ok(won.length >= 1, 'no update won');
    for (const i of won) assert.equal(answers[i]!.json.object.sha, chain[i]);
    for (const a of answers.filter((x) => x.status !== 200)) {
      assert.equal(a.status, 422);
      assert.ok(REFUSALS.includes(a.json.message), a.json.message);
    }
    // Each winner is an ancestor of the chain's later commits, so the last winner contains them all.
    assert.equal(await tip(), chain[Math.max(...won)]);
  });

  it(`POST /repos/:owner/:repo/git/refs — ${N} creates of one new ref at once: exactly one 201, the others 422 Reference already exists`, async () => {
    const base = await tip();
    const targets: string[] = [];
    for (let i = 0; i < N; i++) targets.push(await commit(`start ${i}`, base));
    const answers = await Promise.all(targets.map((sha) => call(emu, 'POST', `${REPO}/git/refs`, { auth: ada, body: { ref: 'refs/heads/raced', sha } })));
    const created = targets.filter((_, i) => answers[i]!.status === 201);
    assert.equal(created.length, 1, `statuses ${answers.map((a) => a.status).join(' ')}`);
    for (const a of answers.filter((x) => x.status !== 201)) assert.deepEqual([a.status, a.json.message], [422, 'Reference already exists']);
    assert.equal(await tip('heads/raced'), created[0]);
  });
});
