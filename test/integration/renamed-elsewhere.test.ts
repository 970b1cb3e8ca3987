// A repository renamed on the service while it is the active one
// (docs/service-api/hosting/conventions §8: its old address answers 301,
// permanent): the next read follows the move, RepoDesk takes the new name,
// says so, and the Repositories view lists it under that name.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { asAda } from './service-support';
import { child, children, signInAsAdaWithDemoRepository, waitFor } from './views-support';

const REPOS = 'repodesk.repositories';
const RELEASES = 'repodesk.releases';

describe('Changed elsewhere: the active repository renamed on the service', function () {
  this.timeout(60_000);
  const stamp = Date.now().toString(36);
  const oldName = `renamed-later-${stamp}`;
  const newName = `renamed-now-${stamp}`;
  const said: string[] = [];
  const original = vscode.window.showInformationMessage;

  before(async () => {
    await signInAsAdaWithDemoRepository();
    await asAda('POST', '/user/repos', { name: oldName, auto_init: true });
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (m: string, ...rest: unknown[]) => {
      said.push(m);
      return (original as (...a: unknown[]) => Thenable<unknown>).call(vscode.window, m, ...rest);
    };
  });

  after(async () => {
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original;
    await asAda('DELETE', `/repos/ada/${newName}`).catch(() => asAda('DELETE', `/repos/ada/${oldName}`));
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
  });

  it('the next read follows the 301: the active repository takes the new name, RepoDesk says so, and Repositories lists it so', async () => {
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'ada', oldName);
    await vscode.commands.executeCommand('repodesk.releases.refresh');
    await children(RELEASES);
    await asAda('PATCH', `/repos/ada/${oldName}`, { name: newName });

    // A read of a view, as the periodic refresh does (its rows asked for, as a visible view's are).
    await vscode.commands.executeCommand('repodesk.releases.refresh');
    await children(RELEASES);
    const now = await waitFor('the active repository under its new name', async () => {
      const a = await vscode.commands.executeCommand<{ owner: string; name: string }>('repodesk.testing.activeRepository');
      return a?.name === newName && a;
    });
    assert.deepEqual(now, { owner: 'ada', name: newName });
    // Said once the new name is in use.
    await waitFor('RepoDesk saying so', async () => said.some((m) => m.includes(oldName)));
    assert.deepEqual(
      said.filter((m) => m.includes(oldName)),
      [`ada/${oldName} is now ada/${newName} on the service: RepoDesk shows it under its new name.`],
    );
    await waitFor('Repositories listing the new name', async () =>
      child(REPOS, await child(REPOS, undefined, /^Your repositories/), new RegExp(`^ada/${newName}`)).catch(() => undefined),
    );
  });
});
