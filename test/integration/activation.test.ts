// The extension loads in a real VS Code: it activates, contributes its views
// and commands, and reads the service URL the runner configured.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'repodesk.repodesk';

describe('Activation', () => {
  it('activates and reports its five views', async () => {
    const extension = vscode.extensions.getExtension<{ viewIds: readonly string[] }>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded`);
    const api = await extension.activate();
    assert.equal(extension.isActive, true);
    assert.deepEqual([...api.viewIds], ['repodesk.repositories', 'repodesk.pullRequests', 'repodesk.reviewComments', 'repodesk.releases', 'repodesk.gitRefs']);
  });

  it('registers the commands of the views and the welcome content', async () => {
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const id of ['repodesk.signIn', 'repodesk.showLog', 'repodesk.configureService', 'repodesk.refresh']) {
      assert.ok(commands.has(id), `command ${id} is not registered`);
    }
  });

  it('talks to the emulator the runner started', () => {
    const emulatorUrl = process.env.REPODESK_TEST_EMULATOR_URL;
    assert.ok(emulatorUrl, 'REPODESK_TEST_EMULATOR_URL is not set in the extension host');
    const apiUrl = vscode.workspace.getConfiguration('repodesk').get<string>('hosting.apiUrl');
    assert.equal(apiUrl, emulatorUrl);
  });
});
