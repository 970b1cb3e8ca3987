// Benchmark (never a test): several accounts at once in a real VS Code
// (code-server in Playwright-driven Chromium, as test/bench/views.mjs), against
// two emulators: "Local" (the API at the root) and "Enterprise" (the API under
// /api/v3). Accounts: ada on Local; ada and charles on Enterprise, all signed in
// through RepoDesk's Sign In (a token each). Two figures:
//   1. VS Code's activation of the extension → the first repository row of the
//      first group in Repositories, with one account (the services setting lists
//      Local only: the Enterprise sessions are kept but not offered) and with
//      three (both services), interleaved in one run, both without a kept
//      listing (repodesk.views.keepLastListing off: rows from the services in
//      both, not from what each group kept), BENCH_RELOADS loads each;
//   2. the rate limit an idle refresh of every group spends (Refresh
//      Repositories with nothing changed on either service), per account, from
//      each service's GET /rate_limit (goal 0), with the requests each service
//      logged.
// Needs `npm run build` first (`npm run bench -- accounts` builds and runs it).
//   BENCH_RELOADS=5 BENCH_REPOS=300 node test/bench/accounts.mjs
/* global window */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../harness/codeServer.mjs';
import { startEmulatorProcess } from '../harness/emulatorProcess.mjs';
import { hostActivationAfter, requestsSince, summarize, waitQuiet } from './views/logs.mjs';
import { api, createRepositories, createToken } from './views/seed.mjs';
import { median, onEnd, openWorkbench, runBench, say } from './views/session.mjs';
import { installHelpers, openContainer, pane, row } from './views/workbench.mjs';

const TIMING_LOG = 'repodesk.repodesk:debug';
const RELOADS = Number(process.env.BENCH_RELOADS ?? 5);
const REPOS = Number(process.env.BENCH_REPOS ?? 300);

let failurePage;

/** RepoDesk's Sign In from the command palette: the service, "Sign in with a token", the token, Enter. */
async function signInOn(page, service, token) {
  const quick = page.locator('.quick-input-widget');
  const input = quick.locator('.quick-input-box input').first();
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await input.waitFor({ timeout: 30_000 });
  await input.fill('>RepoDesk: Sign In');
  await quick.locator('.monaco-list-row', { hasText: 'RepoDesk: Sign In' }).filter({ hasNotText: 'Engagement' }).first().click();
  await quick.locator('.monaco-list-row', { hasText: service }).first().click();
  await quick.locator('.monaco-list-row', { hasText: 'Sign in with a token' }).first().click();
  const tokenBox = quick.locator('input[type=password], .quick-input-box input').first();
  await tokenBox.waitFor({ timeout: 30_000 });
  await tokenBox.fill(token);
  await page.keyboard.press('Enter');
  await quick.first().waitFor({ state: 'hidden', timeout: 30_000 });
}

async function main() {
  const load0 = os.loadavg();
  // Without --quiet: one log line per request, which figure 2 counts.
  const local = await startEmulatorProcess({ host: '127.0.0.2', quiet: false });
  onEnd(() => local.stop());
  const enterprise = await startEmulatorProcess({ host: '127.0.0.2', quiet: false, pathPrefix: '/api/v3' });
  onEnd(() => enterprise.stop());
  const enterpriseApi = `${enterprise.url}/api/v3`;
  say(`emulators ${local.url} and ${enterpriseApi}`);
  const tokens = {
    'ada (Local)': { apiUrl: local.url, token: await createToken(local.url) },
    'ada (Enterprise)': { apiUrl: enterpriseApi, token: await createToken(enterpriseApi) },
    'charles (Enterprise)': { apiUrl: enterpriseApi, token: await createToken(enterpriseApi, 'charles', 'charles-demo-password') },
  };
  await createRepositories(api(local.url, `token ${tokens['ada (Local)'].token}`), REPOS);
  say(`seeded ${REPOS} more repositories of ada on Local`);
  const remaining = async (who) => {
    const { apiUrl, token } = tokens[who];
    return (await api(apiUrl, `token ${token}`)('GET', '/rate_limit')).body.resources.core.remaining;
  };

  const services = (both) => [
    { name: 'Local', apiUrl: local.url, oauthClientId: JSON.parse(fs.readFileSync(path.join(local.dataDir, 'oauth-app.json'), 'utf8')).client_id },
    ...(both
      ? [
          {
            name: 'Enterprise',
            apiUrl: enterpriseApi,
            oauthClientId: JSON.parse(fs.readFileSync(path.join(enterprise.dataDir, 'oauth-app.json'), 'utf8')).client_id,
          },
        ]
      : []),
  ];
  const settings = {
    'repodesk.hosting.services': services(true),
    'repodesk.engagement.apiUrl': local.url,
    'repodesk.views.refreshIntervalSeconds': 0,
    'repodesk.views.keepLastListing': false,
  };
  const { codeServer, page, url } = await openWorkbench({
    settings,
    height: 2000,
    logLevel: TIMING_LOG,
    beforeLoad: async (p) => {
      failurePage = p;
      await installHelpers(p);
    },
  });
  await openContainer(page);
  await signInOn(page, 'Local', tokens['ada (Local)'].token);
  await row(page, 'Repositories', /ada\//, 120_000);
  await signInOn(page, 'Enterprise', tokens['ada (Enterprise)'].token);
  await signInOn(page, 'Enterprise', tokens['charles (Enterprise)'].token);
  // The status bar's account item: shown once there are several accounts, with the one signed in last in use.
  await page.locator('.part.statusbar .statusbar-item', { hasText: 'charles (Enterprise)' }).first().waitFor({ timeout: 60_000 });
  say('signed in: ada on Local, ada and charles on Enterprise');

  // ---- 1. activation → first row of the first group, one account and three, interleaved
  const settingsFile = path.join(codeServer.dirs.userData, 'User', 'settings.json');
  const useServices = (both) => {
    const current = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
    fs.writeFileSync(settingsFile, JSON.stringify({ ...current, 'repodesk.hosting.services': services(both) }, null, 2));
  };
  const variants = [
    { name: 'one account', both: false },
    { name: 'three accounts', both: true },
  ];
  const loads = [];
  const loadOnce = async (v) => {
    useServices(v.both);
    await page.goto(url);
    await page.waitForFunction(() => window.__repodeskLoad?.repo != null, undefined, { timeout: 120_000, polling: 100 });
    const l = await page.evaluate(() => ({ ...window.__repodeskLoad, timeOrigin: performance.timeOrigin }));
    const activation = await hostActivationAfter(codeServer.dirs.userData, 'repodesk.repodesk', Math.floor(l.timeOrigin));
    // The top row: the first account's group with three accounts, "Your repositories" with one.
    const top = (await pane(page, 'Repositories').locator('.monaco-list-row').first().textContent())?.trim().slice(0, 30);
    return {
      'activation→row': Math.round(l.repoEpoch - activation),
      'navigation→row': Math.round(l.repo),
      'top row': top,
      'first repository row': l.repoText.trim().slice(0, 30),
    };
  };
  // One unmeasured load of each: the code is in the file cache, the settings file was read once.
  for (const v of variants) await loadOnce(v);
  for (let i = 1; i <= RELOADS; i++) {
    for (const v of variants) {
      const entry = { load: i, variant: v.name, ...(await loadOnce(v)) };
      loads.push(entry);
      say(JSON.stringify(entry));
    }
  }

  // ---- 2. an idle refresh of every group (three accounts) spends no rate limit
  await page.waitForFunction(() => window.__repodeskLoad?.repo != null, undefined, { timeout: 120_000, polling: 100 });
  await row(page, 'Repositories', /Local · ada/, 60_000);
  await waitQuiet(local.output);
  await waitQuiet(enterprise.output);
  const before = Object.fromEntries(await Promise.all(Object.keys(tokens).map(async (k) => [k, await remaining(k)])));
  const marks = [local.output.length, enterprise.output.length];
  await pane(page, 'Repositories').locator('.pane-header').hover();
  await pane(page, 'Repositories').locator('.pane-header .action-label[aria-label="Refresh Repositories"]').click();
  await waitQuiet(local.output, { quietMs: 3000 });
  await waitQuiet(enterprise.output, { quietMs: 3000 });
  // The enterprise log's paths hold the prefix: without it, GET /rate_limit is told apart as on Local.
  const [sl, se] = [
    summarize(requestsSince(local.output, marks[0])),
    summarize(requestsSince(enterprise.output, marks[1]).map((r) => ({ ...r, url: r.url.replace(/^\/api\/v3/, '') }))),
  ];
  const after = Object.fromEntries(await Promise.all(Object.keys(tokens).map(async (k) => [k, await remaining(k)])));
  const refresh = Object.keys(tokens).map((k) => ({ account: k, 'rate limit used': before[k] - after[k] }));

  const load1 = os.loadavg();
  console.log(`\nload average ${load0[0].toFixed(1)} → ${load1[0].toFixed(1)}, ${RELOADS} loads each, ${REPOS} more repositories of ada on Local\n`);
  console.log('1. activation → first repository row of the first group (ms):');
  console.table(loads);
  for (const v of variants) {
    const xs = loads.filter((l) => l.variant === v.name).map((l) => l['activation→row']);
    console.log(`  ${v.name}: median ${median(xs)} ms (min ${Math.min(...xs)}, max ${Math.max(...xs)})`);
  }
  console.log('\n2. idle Refresh Repositories with three accounts:');
  console.table(refresh);
  console.log(`  Local: ${sl.requests} requests (${sl.notModified} × 304); Enterprise: ${se.requests} requests (${se.notModified} × 304)`);
  console.log(`  other statuses: ${[...sl.urls, ...se.urls].filter((u) => !u.endsWith(' 304')).join(', ') || '—'}`);
}

await runBench('accounts', main, {
  onFailure: () => failurePage?.screenshot({ path: path.join(repoRoot, 'test-results', 'bench-accounts-failure.png') }),
});
