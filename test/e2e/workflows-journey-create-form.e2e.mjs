// Journey walked by clicking and typing, as a person does: Create Pull
// Request from the Pull Requests view's title bar opens a form; a head with
// no commits that master lacks says "nothing to merge" and Create stays
// disabled; a head one commit ahead fills the title and description from
// that commit, the preview renders the description; a label is ticked and
// the pull request created: its overview opens, the view lists it and the
// service holds its title, body and label. The same head again is refused on
// the form in the service's words, the text kept; a window reload brings the
// form back with what was typed and the refusal. Screenshots in test-results/journey-create-form-*.png.
/* global describe, it, before, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, forgetNotifications } from './journeyChecks.mjs';
import { activeDemoRepository } from './journeySteps.mjs';
import { apiAsAda, clickTitleAction, openAndSignIn, openPane, palette, reloadWindow, row } from './sidebar.mjs';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const REPO_PATH = `/repos/${OWNER}/${REPO}`;
const run = Date.now().toString(36);
const NOTE = `form-note-${run}`;
const EVEN = `form-even-${run}`;
const SUBJECT = 'Note how the carry ripples';
const BODY = 'The carry ripples through the columns, one after another.';

const toast = (text) => session.page.locator('.notification-toast', { hasText: text });
const form = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
const formTab = () => session.page.locator('.tabs-container .tab', { hasText: `New Pull Request: ${OWNER}/${REPO}` });

/** A branch at master (nothing to merge) and one a commit ahead of it, made through the service's API as a script beside the user would. */
async function branches() {
  const master = (await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/master`)).object.sha;
  await apiAsAda('POST', `${REPO_PATH}/git/refs`, { ref: `refs/heads/${EVEN}`, sha: master });
  const parent = await apiAsAda('GET', `${REPO_PATH}/git/commits/${master}`);
  const tree = await apiAsAda('POST', `${REPO_PATH}/git/trees`, {
    base_tree: parent.tree.sha,
    tree: [{ path: `notes/${NOTE}.md`, mode: '100644', type: 'blob', content: '# The carry\n' }],
  });
  const commit = await apiAsAda('POST', `${REPO_PATH}/git/commits`, { message: `${SUBJECT}\n\n${BODY}\n`, tree: tree.sha, parents: [master] });
  await apiAsAda('POST', `${REPO_PATH}/git/refs`, { ref: `refs/heads/${NOTE}`, sha: commit.sha });
}

/** Opens the form from the Pull Requests view's title bar and waits for it to be drawn. */
async function openForm() {
  await openPane('Pull Requests');
  await clickTitleAction('Pull Requests', 'Create Pull Request');
  await form()
    .locator('h1', { hasText: `Create a pull request in ${OWNER}/${REPO}` })
    .waitFor({ timeout: 30_000 });
}

/** Chooses a head on the form, as a person picks it from the list. */
async function chooseHead(name) {
  await form().getByLabel('Head (the branch with the changes)').selectOption(name);
}

const openPullsOf = async (head) => (await apiAsAda('GET', `${REPO_PATH}/pulls?state=open&head=${OWNER}:${head}`)).filter((p) => p.head.ref === head);

describe('Journey: create a pull request on a form', () => {
  let pullNumber;

  before(async function () {
    this.timeout(60_000);
    await branches();
  });
  after(async function () {
    this.timeout(60_000);
    await palette('View: Close All Editors');
    // The demo repository as the journeys after this one expect it: the pull request closed, the branches gone.
    if (pullNumber) await apiAsAda('PATCH', `${REPO_PATH}/pulls/${pullNumber}`, { state: 'closed' });
    for (const b of [NOTE, EVEN]) await apiAsAda('DELETE', `${REPO_PATH}/git/refs/heads/${b}`).catch(() => undefined);
  });

  it('nothing to merge disables Create; one commit ahead fills title and description; a label ticked; created: its overview, the view and the service', async function () {
    this.timeout(150_000);
    const { page } = session;
    await openAndSignIn();
    await palette('View: Close All Editors');
    await forgetNotifications(page);
    await activeDemoRepository();
    await openForm();
    assert.equal(await form().getByLabel('Base (where the changes go)').inputValue(), 'master', 'the base is the default branch');

    // A head where master is: nothing to merge, Create disabled.
    await chooseHead(EVEN);
    await form()
      .locator('#compare', { hasText: `Nothing to merge: ${EVEN} has no commits that master does not have.` })
      .waitFor({ timeout: 30_000 });
    assert.equal(await form().getByRole('button', { name: 'Create Pull Request' }).isDisabled(), true, 'Create is disabled');
    console.log(`      screenshot: ${await screenshot('journey-create-form-nothing')}`);

    // One commit ahead: its subject and body.
    await chooseHead(NOTE);
    await form().locator('#compare', { hasText: 'Commits ahead of master: 1. Commits behind: 0.' }).waitFor({ timeout: 30_000 });
    const title = form().getByLabel('Title');
    const description = form().locator('#body');
    assert.equal(await title.inputValue(), SUBJECT, "the title is the commit's subject");
    assert.equal(await description.inputValue(), BODY, "the description is the commit's body");

    // The description as Markdown, then back to writing it.
    await description.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\n**Checked** against the drawings.');
    await form().getByRole('tab', { name: 'Preview' }).click();
    await form().locator('#body-panel strong', { hasText: 'Checked' }).waitFor({ timeout: 15_000 });
    console.log(`      screenshot: ${await screenshot('journey-create-form-preview')}`);
    await form().getByRole('tab', { name: 'Write' }).click();
    assert.equal(await form().locator('#body').inputValue(), `${BODY}\n\n**Checked** against the drawings.`, 'the text written is kept');

    await title.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' (on a form)');
    await form().getByLabel('enhancement').check();
    console.log(`      screenshot: ${await screenshot('journey-create-form-filled')}`);
    await form().getByRole('button', { name: 'Create Pull Request' }).click();

    const created = toast(/Created pull request #\d+\./);
    await created.waitFor({ timeout: 30_000 });
    pullNumber = Number((await created.innerText()).match(/#(\d+)/)[1]);
    // The form turned into the pull request's overview.
    await form()
      .locator('h1', { hasText: `${SUBJECT} (on a form)` })
      .waitFor({ timeout: 30_000 });
    assert.equal(await formTab().count(), 0, 'the form is closed');
    const pull = await apiAsAda('GET', `${REPO_PATH}/pulls/${pullNumber}`);
    assert.deepEqual(
      [pull.state, pull.head.ref, pull.base.ref, pull.title, pull.body],
      ['open', NOTE, 'master', `${SUBJECT} (on a form)`, `${BODY}\n\n**Checked** against the drawings.`],
    );
    const labels = await apiAsAda('GET', `${REPO_PATH}/issues/${pullNumber}/labels`);
    assert.deepEqual(
      labels.map((l) => l.name),
      ['enhancement'],
    );
    await openPane('Pull Requests');
    await row('Pull Requests', `#${pullNumber} ${SUBJECT} (on a form)`);
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-create-form-created')}`);
    await expectCleanScreen(page);
  });

  it("the same head again: refused on the form in the service's words, the text kept; a window reload brings the form back with it and the refusal", async function () {
    this.timeout(150_000);
    assert.ok(pullNumber, 'the pull request of the first step');
    const { page } = session;
    await palette('View: Close All Editors');
    await forgetNotifications(page);
    await openForm();
    await chooseHead(NOTE);
    await form().locator('#compare', { hasText: 'Commits ahead of master: 1.' }).waitFor({ timeout: 30_000 });
    const title = form().getByLabel('Title');
    await title.fill('Another try at the carry');
    await form().getByRole('button', { name: 'Create Pull Request' }).click();
    await form()
      .getByRole('alert')
      .filter({ hasText: `A pull request already exists for ${OWNER}:${NOTE}.` })
      .waitFor({ timeout: 30_000 });
    assert.equal(await title.inputValue(), 'Another try at the carry', 'the title typed is kept');
    assert.equal((await openPullsOf(NOTE)).length, 1, 'no second pull request');
    console.log(`      screenshot: ${await screenshot('journey-create-form-refused')}`);
    await expectCleanScreen(page);

    // The reload is not a step of RepoDesk's: from the palette.
    await reloadWindow();
    await formTab().first().waitFor({ timeout: 60_000 });
    await formTab().first().click();
    await form().getByLabel('Title').waitFor({ timeout: 60_000 });
    assert.equal(await form().getByLabel('Title').inputValue(), 'Another try at the carry', 'the title typed is back after the reload');
    assert.equal(await form().getByLabel('Head (the branch with the changes)').inputValue(), NOTE);
    // And why the last try was refused, in the service's words, until the branches change or Create is pressed.
    await form()
      .getByRole('alert')
      .filter({ hasText: `A pull request already exists for ${OWNER}:${NOTE}.` })
      .waitFor({ timeout: 10_000 });
    console.log(`      screenshot: ${await screenshot('journey-create-form-reloaded')}`);
    await expectCleanScreen(page);
  });
});
