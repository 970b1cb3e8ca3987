// Forks requested at the same time (the services' documents leave forks out; as the real service, a fork that already
// exists is answered with that fork, 202): whatever the interleaving, every
// request gets 202 and the same fork, and the network holds one fork.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

describe('v3 forks requested concurrently', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('POST /repos/:owner/:repo/forks — three at once by one user: 202 each, one fork, the same one each time', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => call(emu, 'POST', '/repos/ada/notes-on-the-engine/forks', { auth: basic('grace') })));
    assert.deepEqual(
      answers.map((a) => a.status),
      [202, 202, 202],
      answers.map((a) => a.json.message ?? a.json.full_name).join(', '),
    );
    assert.deepEqual(new Set(answers.map((a) => a.json.full_name)), new Set(['grace/notes-on-the-engine']));
    assert.deepEqual(new Set(answers.map((a) => a.json.id)).size, 1);
    const forks = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine/forks')).json as Array<{ full_name: string }>;
    assert.deepEqual(
      forks.map((f) => f.full_name),
      ['grace/notes-on-the-engine'],
    );
    assert.equal((await call(emu, 'GET', '/repos/ada/notes-on-the-engine')).json.forks_count, 1);
    assert.deepEqual(
      fs.readdirSync(path.join(emu.dataDir, 'git')).filter((n) => n.startsWith('.tmp-')),
      [],
    );
  });

  it('POST /repos/:owner/:repo/forks — five at once into an organization: 202 each, one fork', async () => {
    const answers = await Promise.all(
      ['ada', 'ada', 'ada', 'ada', 'ada'].map((login) =>
        call(emu, 'POST', '/repos/ada/bernoulli-numbers/forks', { auth: basic(login), body: { organization: 'analytical-engines' } }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      [202, 202, 202, 202, 202],
      answers.map((a) => a.json.message ?? a.json.full_name).join(', '),
    );
    assert.equal(new Set(answers.map((a) => a.json.id)).size, 1);
    assert.equal(answers[0]!.json.full_name, 'analytical-engines/bernoulli-numbers');
  });
});
