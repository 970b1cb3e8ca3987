// Steps the UI journeys share (test/e2e and the browser build's test/web):
// a tree row opened or closed by its twistie, a quick pick's row picked, the
// demo repository made the active one, a local webhook receiver, and the
// engagement service's API as ada for the assertions.
import http from 'node:http';
import { session } from '../harness/e2eSession.mjs';
import { closePane, openPane, row } from './sidebar.mjs';

/** Opens a tree row by its twistie unless it is open. */
export async function expand(r) {
  if ((await r.getAttribute('aria-expanded')) !== 'true') await r.locator('.monaco-tl-twistie').click();
}

/** Closes a tree row by its twistie if it is open. */
export async function collapse(r) {
  if ((await r.getAttribute('aria-expanded')) === 'true') await r.locator('.monaco-tl-twistie').click();
}

/** Picks the quick pick's row whose label is `label` (a click, as a person does). */
export async function pick(label) {
  await session.page.locator('.quick-input-widget .monaco-list-row', { hasText: label }).first().click();
}

/** Makes analytical-engines/difference-engine the active repository by a click on its row; `closeAfter` closes Repositories to give the others room. */
export async function activeDemoRepository({ closeAfter = false } = {}) {
  await openPane('Repositories');
  await expand(await row('Repositories', /^analytical-engines(\s*\d+)?$/));
  await (await row('Repositories', /^difference-engine/)).click();
  if (closeAfter) await closePane('Repositories');
}

/** A receiver on this machine that answers every webhook delivery 200; `url` ends with `path`. */
export async function startHookReceiver(path) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('thanks'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The engagement service's v2 API as ada (its three credentials), for the assertions. */
export async function engagementAsAda(route) {
  const auth = await (
    await fetch(`${session.emulatorUrl}/api/v2/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' }),
    })
  ).json();
  const sep = route.includes('?') ? '&' : '?';
  return (await fetch(`${session.emulatorUrl}/api/v2${route}${sep}access_token=${auth.access_token}`)).json();
}
