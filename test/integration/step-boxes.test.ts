// The steps of one question in VS Code's quick input (src/features/shared/stepBoxes.ts), answered as the
// keyboard answers them: Enter is VS Code's accept command, Escape its close command.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { registerConfirmations, shownForTests } from '../../src/features/shared/confirmation';
import { StepBoxes } from '../../src/features/shared/stepBoxes';
import { waitFor } from './views-support';

// This file's copy of the step boxes says each step once it is on screen with its starting choice (confirmation.ts).
registerConfirmations({ extensionMode: vscode.ExtensionMode.Test } as vscode.ExtensionContext);

// A box's show is sent to VS Code as it is called, so a command run after it reaches VS Code after it, as a key
// pressed once the box is on screen does.
const press = (key: 'Enter' | 'Escape') =>
  vscode.commands.executeCommand(key === 'Enter' ? 'workbench.action.acceptSelectedQuickOpenItem' : 'workbench.action.closeQuickOpen');

/** Whether `answer` has settled: a box that refused Enter leaves it pending. */
const settled = (answer: Promise<unknown>) => Promise.race([answer.then(() => true), new Promise<false>((r) => setImmediate(() => r(false)))]);

describe('Step boxes: the steps of one question in one quick input', function () {
  this.timeout(30_000);
  let steps: StepBoxes;
  beforeEach(() => (steps = new StepBoxes()));
  afterEach(() => steps.dispose());

  it('a pick, then a box with a value offered: Enter answers each with the item in front and the value offered', async () => {
    const picked = steps.pick([{ label: 'New Branch…' }, { label: 'master' }], { title: 'Step boxes: branch', ignoreFocusOut: true });
    await press('Enter');
    assert.equal((await picked)?.label, 'New Branch…');
    const start = steps.text({ title: 'Step boxes: start from', value: 'master', ignoreFocusOut: true });
    await press('Enter');
    assert.equal(await start, 'master');
  });

  it('a pick that starts on a given item (a filter’s current choice): Enter answers with that item, not the first', async () => {
    const items = [{ label: 'open' }, { label: 'closed' }, { label: 'all' }];
    const before = shownForTests().steps.length;
    const state = steps.pick(items, { title: 'Step boxes: state', start: items[2] });
    await waitFor('the state step on screen', async () => shownForTests().steps.length > before);
    await press('Enter');
    assert.equal((await state)?.label, 'all');
  });

  it('Enter on a value the step refuses leaves the box open with its answer pending; Escape then answers undefined', async () => {
    const name = steps.text({
      title: 'Step boxes: name',
      value: 'a..b',
      validateInput: (v) => (v.includes('..') ? 'Git refuses ".."' : undefined),
      ignoreFocusOut: true,
    });
    await press('Enter');
    assert.equal(await settled(name), false, 'a refused value is not an answer');
    await press('Escape');
    assert.equal(await name, undefined);
  });

  it('a pick of several: Enter answers with the items checked at first (their `picked`), in their order', async () => {
    const options = steps.pickMany([{ label: 'private' }, { label: 'auto_init', picked: true }, { label: 'has_issues', picked: true }], {
      title: 'Step boxes: options',
    });
    await press('Enter');
    assert.deepEqual(
      (await options)?.map((o) => o.label),
      ['auto_init', 'has_issues'],
    );
  });

  it('a pick closed with Escape answers undefined, and the next step still shows and answers', async () => {
    const picked = steps.pick([{ label: 'master' }], { title: 'Step boxes: closed' });
    await press('Escape');
    assert.equal(await picked, undefined);
    const again = steps.text({ title: 'Step boxes: again', value: 'x' });
    await press('Enter');
    assert.equal(await again, 'x');
  });
});
