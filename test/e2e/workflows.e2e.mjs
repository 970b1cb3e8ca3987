// What a user does in the sidebar, typed and clicked in the UI: create a
// repository, open pages in the browser, copy a clone URL, create a branch
// and a label, write release notes in an editor, and the filter buttons of
// the views' title bars. Each suite but the last signs in and opens the demo
// repository itself, so that the file passes alone or after any other file.
/* global after, before, describe, it */
import assert from 'node:assert/strict';
import { resultsDir, screenshot, session } from '../harness/e2eSession.mjs';
import {
  answerStep,
  apiAsAda,
  clickTitleAction,
  closePane,
  giveRoomTo,
  openAndSignIn,
  openFromRow,
  openPane,
  pane,
  refusedWith,
  row,
  typeStep,
} from './sidebar.mjs';
import { showOpenPulls } from './journeySteps.mjs';

/**
 * Makes difference-engine the active repository and shows it expanded: the
 * suites before this one choose other repositories and close panes.
 */
async function demoRepository() {
  await giveRoomTo('Repositories');
  const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
  if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
  const repo = await row('Repositories', /^difference-engine/);
  await repo.click();
  if ((await repo.getAttribute('aria-expanded')) !== 'true') await repo.locator('.monaco-tl-twistie').click();
  return repo;
}

/** Each suite's start: RepoDesk open, ada signed in and the demo repository active, whichever file ran before (or none). */
async function ready() {
  await openAndSignIn();
  await demoRepository();
}

describe('Create Repository, typed into its quick inputs', () => {
  before(ready);

  it('a name the service cannot take is refused in the input; a good one creates the repository, lists it and makes it active', async () => {
    const { page } = session;
    const name = `made-in-the-editor-${Date.now().toString(36)}`;
    await giveRoomTo('Repositories');
    await clickTitleAction('Repositories', 'Create Repository');

    await answerStep('(1/6)'); // the owner: ada, the first choice
    await typeStep('(2/6)', 'not a name');
    await refusedWith('Use letters, digits');
    console.log(`      screenshot: ${await screenshot('views-create-repository-refused')}`);
    await page.keyboard.press('Enter'); // refused: the step stays open
    await answerStep('(2/6)', name);
    await answerStep('(3/6)', 'Made from the Repositories view by the UI test');
    await answerStep('(4/6)', '');
    await answerStep('(5/6)'); // the options as offered: auto_init, issues, wiki, downloads
    await answerStep('(6/6)', '');

    await page.locator('.notification-toast', { hasText: `Created ada/${name}.` }).waitFor({ timeout: 30_000 });
    // The progress notification goes once the repository exists.
    await page.locator('.notification-toast', { hasText: `Creating ${name}` }).waitFor({ state: 'hidden', timeout: 10_000 });
    const created = await row('Repositories', `ada/${name}`);
    assert.match((await created.getAttribute('aria-label')) ?? '', /active/, 'the new repository is the active one');
    // The detail views follow it: Pull Requests names it and has none yet.
    const pulls = await openPane('Pull Requests');
    // The name first, the owner last: the most telling part survives a narrow sidebar.
    assert.match(await pulls.innerText(), new RegExp(`${name} · .* · ada$`, 'm'));
    await row('Pull Requests', 'No pull requests match this filter.');
    console.log(`      screenshot: ${await screenshot('views-create-repository-done')}`);
  });
});

describe('A repository’s inline actions', () => {
  before(ready);

  it('Open Repository in Browser opens its html_url in a new tab; Copy Clone URL puts its clone URL on the clipboard', async () => {
    const { page } = session;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    const repo = await row('Repositories', /^difference-engine/);
    const opened = await openFromRow(repo, 'Open Repository in Browser');
    assert.equal(opened.url(), `${session.emulatorUrl}/analytical-engines/difference-engine`);
    // The emulator's page of the repository, as the service's web site would show it.
    await opened.getByRole('heading', { name: /analytical-engines\/difference-engine/ }).waitFor({ timeout: 10_000 });
    await opened.getByText(`${session.emulatorUrl}/analytical-engines/difference-engine.git`).first().waitFor();
    await opened.screenshot({ path: `${resultsDir}/browser-repository-page.png` });
    await opened.close();

    await repo.hover();
    await repo.locator('.actions a[aria-label^="Copy Clone URL"]').click();
    await page.locator('.part.statusbar', { hasText: 'Copied' }).waitFor({ timeout: 10_000 });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${session.emulatorUrl}/analytical-engines/difference-engine.git`);
  });
});

describe('A pull request in the browser', () => {
  before(ready);

  it('Open Pull Request in Browser shows the pull request’s page with its title and changed files', async () => {
    await openPane('Pull Requests');
    const repo = await row('Repositories', /^difference-engine/);
    await repo.click();
    const pr = await row('Pull Requests', '#1 Tabulate polynomials');
    const opened = await openFromRow(pr, 'Open Pull Request in Browser');
    assert.equal(opened.url(), `${session.emulatorUrl}/analytical-engines/difference-engine/pull/1`);
    await opened.getByRole('heading', { name: /Tabulate polynomials by the method of differences/ }).waitFor({ timeout: 10_000 });
    await opened.getByText('src/differences/tabulate.js').first().waitFor();
    await opened.screenshot({ path: `${resultsDir}/browser-pull-request-page.png` });
    await opened.close();
  });
});

describe('Typed into quick inputs: a branch and a label', () => {
  before(ready);

  it('Create Branch… from the abbreviated SHA that the master row shows makes a branch at that commit', async () => {
    await demoRepository();
    // The Repositories pane, now long, would leave Git Refs too short to show master.
    await closePane('Repositories');
    await openPane('Git Refs');
    // A row's text is its label then its description (with or without a space between them).
    const master = await (await row('Git Refs', /^master\s*[0-9a-f]{7}/)).innerText();
    const short = /^master\s*([0-9a-f]{7})/.exec(master)?.[1];
    assert.ok(short, `no short SHA in ${master}`);
    await clickTitleAction('Git Refs', 'Create Branch');
    await typeStep('(1/2)', 'not a ref name');
    await refusedWith('Not a valid ref name');
    await answerStep('(1/2)', 'typed/from-the-ui');
    await answerStep('(2/2)', short);
    const made = await row('Git Refs', 'typed/from-the-ui');
    assert.match(await made.innerText(), new RegExp(`^typed/from-the-ui\\s*${short} · `));
    console.log(`      screenshot: ${await screenshot('views-branch-created')}`);
  });

  it('New Label… refuses a color that is not six hex digits, then creates the label with its swatch', async () => {
    const { page } = session;
    await openPane('Repositories');
    await demoRepository();
    const labels = await row('Repositories', /^Labels/);
    // Open, so that the new label's row is in sight.
    if ((await labels.getAttribute('aria-expanded')) !== 'true') await labels.locator('.monaco-tl-twistie').click();
    await labels.hover();
    await labels.locator('.actions a[aria-label^="New Label"]').click();
    await answerStep('New label: name', 'typed-in-the-ui');
    await typeStep('Label color', 'blue');
    await refusedWith('Use six hex digits');
    await page.keyboard.press('Enter'); // refused: the step stays
    await answerStep('Label color', '#0055aa');
    const made = await row('Repositories', /^typed-in-the-ui/);
    assert.match(await made.innerText(), /#0055aa/);
    assert.ok((await made.locator('.custom-view-tree-node-item-icon').count()) > 0, 'the new label has its swatch');
  });

  it('Edit Label… on a label row asks its name, then its color, each box in the place of the last: the row and the service show both changed', async () => {
    const name = `to-edit-${Date.now().toString(36)}`;
    await apiAsAda('POST', '/repos/analytical-engines/difference-engine/labels', { name, color: '336699' });
    await openPane('Repositories');
    await demoRepository();
    // Made elsewhere (on the service): shown after a refresh, as for a person.
    await clickTitleAction('Repositories', 'Refresh');
    const labels = await row('Repositories', /^Labels/);
    if ((await labels.getAttribute('aria-expanded')) !== 'true') await labels.locator('.monaco-tl-twistie').click();
    const label = await row('Repositories', new RegExp(`^${name}`));
    await label.hover();
    await label.locator('.actions a[aria-label^="Edit Label"]').click();
    await answerStep('Label name', `${name}-edited`);
    await answerStep('Label color', '#aa5500');
    const edited = await row('Repositories', new RegExp(`^${name}-edited`));
    assert.match(await edited.innerText(), /#aa5500/);
    const held = await apiAsAda('GET', `/repos/analytical-engines/difference-engine/labels/${name}-edited`);
    assert.equal(held.color, 'aa5500');
    console.log(`      screenshot: ${await screenshot('views-label-edited')}`);
  });
});

describe('Filter Pull Requests…, its five steps by keys', () => {
  before(ready);
  // A failure half-way leaves the filter on closed, and the window is shared: the tests after these find the
  // open pull requests listed, as on a fresh window.
  after(async () => {
    await openPane('Pull Requests');
    await showOpenPulls();
  });

  /** Enter on a pick step once its current choice is in front (the step starts on it), as a person checks first. */
  async function enterOnCurrent(step, choice) {
    const { page } = session;
    await typeStep(step);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: choice }).filter({ hasText: 'current' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
  }

  it('typed to closed, then Enter through every step keeps closed (each pick starts on the current choice); open again the same way', async () => {
    await openPane('Pull Requests');
    const header = pane('Pull Requests').locator('.pane-header').first();
    const one = pane('Pull Requests').locator('.monaco-list-row', { hasText: /^#1 / });
    await row('Pull Requests', /^#1 /);

    await clickTitleAction('Pull Requests', 'Filter Pull Requests');
    await answerStep('(1/5)', 'closed');
    await enterOnCurrent('(2/5)', 'created');
    await enterOnCurrent('(3/5)', 'desc');
    await answerStep('(4/5)');
    await answerStep('(5/5)');
    await header.filter({ hasText: /closed/ }).waitFor({ timeout: 15_000 });
    await one.waitFor({ state: 'detached', timeout: 15_000 });

    // Enter at every step: each one starts on what was chosen, so nothing changes.
    await clickTitleAction('Pull Requests', 'Filter Pull Requests');
    await enterOnCurrent('(1/5)', 'closed');
    await enterOnCurrent('(2/5)', 'created');
    await enterOnCurrent('(3/5)', 'desc');
    await answerStep('(4/5)');
    await answerStep('(5/5)');
    await session.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
    assert.match(await header.innerText(), /closed/);
    console.log(`      screenshot: ${await screenshot('views-pull-filter-closed')}`);

    await clickTitleAction('Pull Requests', 'Filter Pull Requests');
    await answerStep('(1/5)', 'open');
    for (const step of ['(2/5)', '(3/5)', '(4/5)', '(5/5)']) await answerStep(step);
    await row('Pull Requests', /^#1 /);
    assert.match(await header.innerText(), /open/);
  });
});

describe('Release notes written in an editor', () => {
  before(ready);

  it('Create Release… asks tag, target, name and kind, opens the notes in an editor, and ✓ in its title bar creates the draft with those notes', async () => {
    const { page } = session;
    await openPane('Releases');
    await clickTitleAction('Releases', 'Create Release');
    await answerStep('(1/5)', 'v9.9.9-typed');
    await answerStep('(2/5)'); // the default branch, offered
    await answerStep('(3/5)', 'Typed in the UI');
    await answerStep('(4/5)', 'Save as draft');

    // The message editor (Release notes: v9.9.9-typed), with ✓ and ✕ in its title bar while the user writes.
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-lines', { hasText: 'Release notes for v9.9.9-typed' }).waitFor({ timeout: 15_000 });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Written in the message editor.');
    console.log(`      screenshot: ${await screenshot('views-release-notes-editor')}`);
    await page.locator('.editor-actions a[aria-label^="Use This Message"]').click();

    // Room for the Releases tree: the Repositories pane closes too.
    const repos = pane('Repositories').locator('.pane-header').first();
    if ((await repos.getAttribute('aria-expanded')) === 'true') await repos.click();
    await row('Releases', /^Drafts/);
    const draft = await row('Releases', /^Typed in the UI/);
    assert.match(await draft.innerText(), /v9\.9\.9-typed/);
    const res = await fetch(`${session.emulatorUrl}/repos/analytical-engines/difference-engine/releases`, {
      headers: { authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`, 'user-agent': 'repodesk-e2e' },
    });
    const made = (await res.json()).find((r) => r.tag_name === 'v9.9.9-typed');
    assert.equal(made?.draft, true);
    assert.equal(made?.body, 'Written in the message editor.');
    // The message editor is closed without asking to save.
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'Release notes:' }).count(), 0);
  });
});

describe('Filter buttons in the views’ title bars', () => {
  it('with a node focused, the Pull Requests and Repositories filter buttons ask their first question', async () => {
    const { page } = session;
    for (const [title, nodeText, action, firstStep] of [
      ['Pull Requests', '#1 Tabulate polynomials', 'Filter Pull Requests', '(1/5)'],
      ['Repositories', /^difference-engine/, 'Filter Your Repositories', '(1/3)'],
    ]) {
      await openPane(title);
      await (await row(title, nodeText)).click(); // focus a node of the view
      await clickTitleAction(title, action);
      await typeStep(firstStep);
      await page.keyboard.press('Escape');
    }
  });
});
