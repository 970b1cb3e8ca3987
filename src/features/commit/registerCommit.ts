// Commands that turn a workspace folder into blobs, trees, commits and
// references through the git data API, for those who cannot or do not want
// to push with git: Commit Workspace to Branch…, Create Tag from Workspace
// Commit…, Upload Folder as New Repository…. Disabled in an untrusted
// workspace (it writes what a folder the user did not trust holds). Each
// command also takes its answers as a plain object (scripts and tests).
import * as vscode from 'vscode';
import type { CommitCommands } from './commitCommands';
import type { FeatureContext } from '../shared/featureContext';

export function registerCommit({
  extension: context,
  session,
  active,
  log,
  onCommitted,
}: Pick<FeatureContext, 'extension' | 'session' | 'active' | 'log'> & { onCommitted: () => void }): void {
  // The flows and the git data engine load with the first command, not at activation.
  let loaded: Promise<CommitCommands> | undefined;
  const commands = () => (loaded ??= import('./commitCommands.js').then((m) => m.commitCommands(session, active, onCommitted, log)));
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.commit.workspace', async (arg?: unknown) => (await commands()).workspace(arg)),
    vscode.commands.registerCommand('repodesk.commit.tag', async (arg?: unknown) => (await commands()).tag(arg)),
    vscode.commands.registerCommand('repodesk.commit.uploadFolder', async (arg?: unknown) => (await commands()).uploadFolder(arg)),
  );
}
