// Questions of two steps asked in one quick input (src/features/shared/stepBoxes.ts), answered with the keys a
// person presses once each step is on screen: Enter is VS Code's accept command, Down its next-item command.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { registerConfirmations, shownForTests } from '../../src/features/shared/confirmation';
import { pickQueued } from '../../src/features/shared/queuedPick';
import { signInAsAdaWithDemoRepository, stepsShown, waitFor } from './views-support';

const repoNode = { repo: { owner: { login: 'analytical-engines', type: 'Organization' }, name: 'difference-engine' } };
const ADA = `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`;

// This file's own copy of the step boxes (imported from the source, not the extension's bundle) says its steps too.
registerConfirmations({ extensionMode: vscode.ExtensionMode.Test } as vscode.ExtensionContext);
const ownSteps = async () => shownForTests().steps;

/** Waits until `shown` says its `n`-th step since `before` steps is on screen, then presses `keys` in order. */
async function atStep(shown: () => Promise<string[]>, before: number, n: number, ...keys: string[]): Promise<void> {
  await waitFor(
    `step ${n} on screen`,
    async () => (await shown()).length >= before + n,
    15_000,
    async () => JSON.stringify((await shown()).slice(-3)),
  );
  for (const key of keys) await vscode.commands.executeCommand(key);
}

const ENTER = 'workbench.action.acceptSelectedQuickOpenItem';
const DOWN = 'quickInput.next';
const CLOSE = 'workbench.action.closeQuickOpen';

async function api<T>(route: string): Promise<T> {
  const res = await fetch(`${process.env.REPODESK_TEST_EMULATOR_URL}${route}`, { headers: { Authorization: ADA, 'User-Agent': 'repodesk-tests' } });
  assert.equal(res.status, 200, route);
  return (await res.json()) as T;
}

describe('Step boxes in the flows: two steps, one quick input', function () {
  this.timeout(60_000);

  before(() => signInAsAdaWithDemoRepository());

  it('Teams: a team, then its members as the next step, titled with their count, in the same quick input; Escape there changes nothing', async () => {
    const teams = await api<{ id: number; name: string }[]>('/orgs/analytical-engines/teams');
    const owners = teams.findIndex((t) => t.name === 'Owners');
    const members = await api<unknown[]>(`/teams/${teams[owners]!.id}/members`);
    const before = (await stepsShown()).length;
    const result = Promise.resolve(vscode.commands.executeCommand('repodesk.repo.teams', repoNode, undefined));
    await atStep(stepsShown, before, 1, ...Array<string>(owners).fill(DOWN), ENTER);
    await atStep(stepsShown, before, 2, CLOSE);
    assert.equal(await result, undefined);
    assert.deepEqual((await stepsShown()).slice(before), [
      'Teams of analytical-engines and difference-engine',
      members.length === 1 ? 'Owners: 1 member' : `Owners: ${members.length} members`,
    ]);
    const after = await vscode.commands.executeCommand<{ name: string; hasAccess: boolean }[]>('repodesk.repo.teams', repoNode, { list: true });
    assert.deepEqual(
      after
        ?.filter((t) => t.hasAccess)
        .map((t) => t.name)
        .sort(),
      teams.map((t) => t.name).sort(),
      'every team keeps its access',
    );
  });

  it('a queue’s list: Send Now is the first item; Enter answers it', async () => {
    const before = (await ownSteps()).length;
    const answer = pickQueued('Step boxes: queued (send)', [{ label: 'a/b#1: first' }, { label: 'a/b#1: second' }]);
    await atStep(ownSteps, before, 1, ENTER);
    assert.deepEqual(await answer, { send: true });
  });

  it('a queue’s list: an item, then Discard… from its own step; Escape on the second step answers nothing', async () => {
    const items = [{ label: 'a/b#1: first' }, { label: 'a/b#1: second' }];
    let before = (await ownSteps()).length;
    const discard = pickQueued('Step boxes: queued (discard)', items);
    await atStep(ownSteps, before, 1, DOWN, DOWN, ENTER);
    await atStep(ownSteps, before, 2, DOWN, ENTER);
    assert.deepEqual(await discard, { item: items[1], action: 'discard' });
    assert.deepEqual((await ownSteps()).slice(before), ['Step boxes: queued (discard)', 'a/b#1: second']);

    before = (await ownSteps()).length;
    const closed = pickQueued('Step boxes: queued (closed)', items);
    await atStep(ownSteps, before, 1, DOWN, ENTER);
    await atStep(ownSteps, before, 2, CLOSE);
    assert.equal(await closed, undefined);
  });
});
