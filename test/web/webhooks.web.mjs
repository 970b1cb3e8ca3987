// A webhook from the browser build: after browserBuild.web.mjs (signed in),
// made through its wizard from the Webhooks row's inline button, shown at
// once and held by the service, then pinged: the outcome is said.
/* global describe, it, before, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, restorePanes } from '../e2e/journeyChecks.mjs';
import { apiAsAda, openPane, palette, row } from '../e2e/sidebar.mjs';
import { expand, makeWebhook, pingWebhook, startHookReceiver } from '../e2e/journeySteps.mjs';

const REPO = '/repos/analytical-engines/difference-engine';

describe('RepoDesk in the browser: a webhook', () => {
  after(() => restorePanes());
  /** A receiver on this machine that answers every delivery 200. */
  let receiver;
  let url = '';
  before(async () => {
    receiver = await startHookReceiver('/web');
    url = receiver.url;
  });
  after(() => receiver.close());

  it('made through the wizard from the Webhooks row, it shows at once and the service holds it; Ping says the delivery’s status', async function () {
    this.timeout(180_000);
    const { page } = session;
    await palette('View: Close All Editors');
    for (const h of await apiAsAda('GET', `${REPO}/hooks`)) await apiAsAda('DELETE', `${REPO}/hooks/${h.id}`);
    await openPane('Repositories');
    await expand(await row('Repositories', /^analytical-engines/));
    await expand(await row('Repositories', /^difference-engine/));
    const hooks = await row('Repositories', /^Webhooks/);
    await expand(hooks);
    await makeWebhook(hooks, url);

    await row('Repositories', url, 15_000);
    const [held] = await apiAsAda('GET', `${REPO}/hooks`);
    assert.equal(held?.config.url, url);
    assert.deepEqual(held?.events, ['push']);

    await pingWebhook(url);
    const deliveries = await apiAsAda('GET', `${REPO}/hooks/${held.id}/deliveries`);
    assert.ok(
      deliveries.some((d) => d.event === 'ping' && d.status_code === 200),
      JSON.stringify(deliveries.map((d) => [d.event, d.status_code])),
    );
    await page.mouse.move(150, 700);
    console.log(`      screenshot: ${await screenshot('web-webhook')}`);
    await apiAsAda('DELETE', `${REPO}/hooks/${held.id}`);
    await expectCleanScreen(page);
  });
});
