// Statistics (document 2: the five paths, 202 then 200) and webhooks (spec
// README) through the client, against the seeded emulator.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, NotFoundError, collect, type StatisticsProgress } from '../../../src/hosting';

const ORG = 'analytical-engines';
const REPO = 'difference-engine';

describe('v3 client statistics and webhooks against the emulator', () => {
  let emu: TestEmulator;
  let ada: HostingClient;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    ada = new HostingClient({
      apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' },
      statistics: { initialDelayMs: 50, maxDelayMs: 400, maxAttempts: 40 },
    });
  });
  after(() => emu.dispose());

  it('Statistics: the first request is 202 (computing); the client retries with backoff, reports progress, and returns the contributors', async () => {
    const progress: StatisticsProgress[] = [];
    const contributors = await ada.stats.contributors(ORG, REPO, { onProgress: (p) => progress.push(p) });
    assert.ok(progress.length >= 1, 'a 202 was reported as progress');
    assert.equal(progress[0]!.attempt, 1);
    assert.ok(contributors.length >= 2);
    const total = contributors.reduce((n, c) => n + c.total, 0);
    assert.ok(total > 0);
    assert.equal(typeof contributors[0]!.weeks[0]!.w, 'string');
  });

  it('Statistics: commit activity (52 weeks of 7 days), code frequency, participation (52 + 52) and punch card', async () => {
    const activity = await ada.stats.commitActivity(ORG, REPO);
    assert.equal(activity.length, 52);
    assert.ok(activity.every((w) => w.days.length === 7 && w.days.reduce((a, b) => a + b, 0) === w.total));
    const frequency = await ada.stats.codeFrequency(ORG, REPO);
    assert.ok(frequency.every(([, , deletions]) => deletions <= 0));
    const participation = await ada.stats.participation(ORG, REPO);
    assert.ok(participation.all.every((n, i) => n >= participation.owner[i]!));
    const card = await ada.stats.punchCard(ORG, REPO);
    assert.ok(card.every(([day, hour]) => day >= 0 && day <= 6 && hour >= 0 && hour <= 23));
  });

  it('Webhooks: GET /hooks lists web, irc and email with their default events', async () => {
    const services = await ada.hooks.listServices();
    const byName = new Map(services.map((s) => [s.name, s]));
    assert.deepEqual(byName.get('web')?.default_events, ['push']);
    assert.deepEqual(byName.get('irc')?.default_events, ['push', 'pull_request']);
    assert.deepEqual(byName.get('email')?.supported_events, ['push', 'public']);
  });

  it('Webhooks: create (default events), list, get, edit with add_events, test, ping, delete', async () => {
    const hook = await ada.hooks.create(ORG, REPO, { name: 'web', config: { url: 'http://127.0.0.1:9/hook', content_type: 'json', secret: 's3cret' } });
    assert.deepEqual(hook.events, ['push']);
    assert.ok((await collect(ada.hooks.list(ORG, REPO))).some((h) => h.id === hook.id));
    assert.equal((await ada.hooks.get(ORG, REPO, hook.id)).config.url, 'http://127.0.0.1:9/hook');
    const edited = await ada.hooks.update(ORG, REPO, hook.id, { add_events: ['issues'] });
    assert.deepEqual([...edited.events].sort(), ['issues', 'push']);
    await ada.hooks.test(ORG, REPO, hook.id);
    await ada.hooks.ping(ORG, REPO, hook.id);
    await ada.hooks.delete(ORG, REPO, hook.id);
    await assert.rejects(ada.hooks.get(ORG, REPO, hook.id), NotFoundError);
  });
});
