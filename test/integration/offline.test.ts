// Offline as a state, not an error: ada reads through a second service whose
// address is a relay to the harness's emulator (relay-support.ts); the relay
// stops and starts again. While it is down the views keep the rows they read,
// marked with their age, one status bar item says the service is unreachable
// and no error notification shows; once it answers, the rows are read again
// and the item goes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { leaveRelay, readThroughRelay, type Relay } from './relay-support';
import { children, label, waitFor } from './views-support';

const RELEASES = 'repodesk.releases';

describe('Offline: the views keep what they read while the service does not answer', function () {
  this.timeout(90_000);
  let api: RepoDeskApi;
  let relay: Relay | undefined;
  const errors: string[] = [];
  const original = vscode.window.showErrorMessage;

  before(async () => {
    ({ api, relay } = await readThroughRelay());
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (m: string, ...rest: unknown[]) => {
      errors.push(m);
      return (original as (...a: unknown[]) => Thenable<unknown>).call(vscode.window, m, ...rest);
    };
  });

  after(async () => {
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    await leaveRelay(api, relay);
  });

  const reachability = async () => (await vscode.commands.executeCommand<string | undefined>('repodesk.testing.reachability')) ?? '';
  const mark = async () => (await vscode.commands.executeCommand<string | undefined>('repodesk.testing.offlineMark', RELEASES)) ?? '';

  it('stopped: the rows stay, marked offline, one status bar item says so, no error notification; started: read again, the item gone', async () => {
    const online = await waitFor('the releases read through the relay', async () => {
      const roots = (await children(RELEASES)).map(label);
      return roots.includes('Published') && roots;
    });
    assert.equal(await reachability(), '');
    assert.equal(await mark(), '');

    await relay!.down();
    await vscode.commands.executeCommand('repodesk.releases.refresh');
    assert.deepEqual((await children(RELEASES)).map(label), online, 'the rows read before are still shown');
    assert.match(await mark(), /^offline · read (just now|\d+ min ago)$/);
    assert.match(await reachability(), /^\$\(cloud-offline\) Relayed: unreachable · retrying at \d\d:\d\d:\d\d$/);
    // A second refresh while down: still the rows, still one item, and no toast for either.
    await vscode.commands.executeCommand('repodesk.releases.refresh');
    assert.deepEqual((await children(RELEASES)).map(label), online);
    assert.deepEqual(errors, []);

    await relay!.up();
    // The status bar item's click: try now.
    await vscode.commands.executeCommand('repodesk.reachability.tryNow');
    await waitFor('the item gone', async () => (await reachability()) === '');
    await waitFor('the releases read again, unmarked', async () => {
      const roots = (await children(RELEASES)).map(label);
      return roots.includes('Published') && (await mark()) === '';
    });
    assert.deepEqual(errors, []);
  });

  it('another repository made active while the service is down: Releases says nothing was read yet, not the rows of the one before', async () => {
    await waitFor("difference-engine's releases read through the relay", async () => (await children(RELEASES)).map(label).includes('Published'));
    await relay!.down();
    try {
      await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'ada', 'notes-on-the-engine');
      assert.deepEqual((await children(RELEASES)).map(label), ['Service unreachable — showing nothing read yet']);
      assert.deepEqual(errors, []);
    } finally {
      await relay!.up();
      await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
      await vscode.commands.executeCommand('repodesk.reachability.tryNow');
      await waitFor('the unreachable item gone', async () => (await reachability()) === '');
    }
  });
});
