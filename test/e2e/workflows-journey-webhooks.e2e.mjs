// Journey: a webhook made through its wizard from the Webhooks node's inline
// button, shown in the tree at once, pinged (the outcome is said, the row
// shows the last delivery) and its delivery read; a repository's first webhook
// made before its Webhooks row was opened, counted and listed once. Clicks and
// keys only; the service's state is read through the API for the assertions.
/* global describe, it, before, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, openSignedIn, restorePanes } from './journeyChecks.mjs';
import { apiAsAda, openAndSignIn, openPane, palette, refusedWith, row, rows, typeStep } from './sidebar.mjs';
import { collapse, expand, makeWebhook, pingWebhook, startHookReceiver } from './journeySteps.mjs';

const REPO = '/repos/analytical-engines/difference-engine';

describe('Journey: a webhook', () => {
  after(() => restorePanes());
  /** A receiver on this machine that answers every delivery 200. */
  let receiver;
  let url = '';
  before(async () => {
    receiver = await startHookReceiver('/journey');
    url = receiver.url;
  });
  after(() => receiver.close());

  it('created through the wizard from the Webhooks row, it shows at once; Ping says the outcome and the row shows the last delivery; its delivery opens', async function () {
    this.timeout(180_000);
    const { page } = session;
    await openSignedIn(openAndSignIn);
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    // Start from none: the Webhooks node says so before the wizard.
    for (const h of await apiAsAda('GET', `${REPO}/hooks`)) await apiAsAda('DELETE', `${REPO}/hooks/${h.id}`);
    await openPane('Repositories');
    await collapse(await row('Repositories', /^Your repositories/));
    await expand(await row('Repositories', /^analytical-engines/));
    await expand(await row('Repositories', /^difference-engine/));
    const hooks = await row('Repositories', /^Webhooks/);
    await expand(hooks);
    await row('Repositories', 'No webhooks.');

    // The wizard speaks of the payload URL, not of `url`, and counts its steps.
    await makeWebhook(hooks, url, async () => {
      await typeStep('(2/6): Payload URL', 'ftp://example.com/hook');
      await refusedWith('http:// or https://');
    });

    // At once, from the service's answer: no refresh clicked.
    await row('Repositories', url, 10_000);
    assert.equal(await row('Repositories', 'No webhooks.', 1).catch(() => undefined), undefined, 'the empty message is gone');
    const [held] = await apiAsAda('GET', `${REPO}/hooks`);
    assert.equal(held?.config.url, url);
    assert.equal(held?.config.insecure_ssl, '0');
    assert.deepEqual(held?.events, ['push']);

    // Ping: the outcome is said (the delivery's status) and the row shows it.
    await pingWebhook(url);
    // The row shows the last delivery (drawn a moment after the word that it worked).
    const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pinged = await row('Repositories', new RegExp(`${escaped}.*200 · (just now|\\d+ min ago)`), 10_000);
    assert.doesNotMatch(await pinged.innerText(), /never delivered/);
    const deliveries = await apiAsAda('GET', `${REPO}/hooks/${held.id}/deliveries`);
    assert.ok(
      deliveries.filter((d) => d.event === 'ping' && d.status_code === 200).length >= 2,
      JSON.stringify(deliveries.map((d) => [d.event, d.status_code])),
    );

    // The delivery, read by a click on its row.
    await expand(pinged);
    const delivery = await row('Repositories', /^ping\s*200/);
    await delivery.click();
    await page.locator('.monaco-editor .view-lines', { hasText: '"event": "ping"' }).first().waitFor({ timeout: 15_000 });
    // Read-only, named for what it is, and closed without a question to save.
    const tab = page.locator('.tabs-container .tab.active');
    assert.match(await tab.innerText(), /delivery \d+ \(ping\)\.json/);
    await page.mouse.move(150, 700);
    console.log(`      screenshot: ${await screenshot('journey-webhook')}`);
    await tab.hover();
    await tab.locator('.tab-actions .action-label').first().click();
    await tab.waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'closing the delivery asks nothing');
    await expectCleanScreen(page);
    await collapse(await row('Repositories', /^difference-engine/));
  });

  it('the first webhook of a repository, made from its Webhooks row before the row was opened, counts as one; opened, it is listed once, with no Load more', async function () {
    this.timeout(120_000);
    const { page } = session;
    const other = '/repos/analytical-engines/analytical-engine';
    await openSignedIn(openAndSignIn);
    await palette('Notifications: Clear All Notifications');
    for (const h of await apiAsAda('GET', `${other}/hooks`)) await apiAsAda('DELETE', `${other}/hooks/${h.id}`);
    await openPane('Repositories');
    await collapse(await row('Repositories', /^Your repositories/));
    await expand(await row('Repositories', /^analytical-engines/));
    await collapse(await row('Repositories', /^difference-engine/));
    // No other journey opens this repository's Webhooks: its list was never read.
    await expand(await row('Repositories', /^analytical-engine(?!s)/));
    const hooks = await row('Repositories', /^Webhooks/);
    assert.equal(await hooks.getAttribute('aria-expanded'), 'false');
    await makeWebhook(hooks, url);

    // One hook on the service: the row says 1, not "1+" (more to load).
    await row('Repositories', /^Webhooks\s*1$/, 15_000);
    await expand(hooks);
    await row('Repositories', url, 10_000);
    const shown = await rows('Repositories');
    assert.equal(shown.filter((r) => r.includes(url)).length, 1, JSON.stringify(shown));
    assert.ok(!shown.some((r) => r.startsWith('Load more')), JSON.stringify(shown));
    assert.equal((await apiAsAda('GET', `${other}/hooks`)).length, 1);
    await page.mouse.move(150, 700);
    console.log(`      screenshot: ${await screenshot('journey-webhook-first')}`);
    await expectCleanScreen(page);
    await collapse(await row('Repositories', /^analytical-engine(?!s)/));
  });
});
