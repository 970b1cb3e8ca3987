// The Pull Requests view's test seams, registered only in ExtensionMode.Test
// and loaded then: their code is not read at activation.
import * as vscode from 'vscode';

export function registerPullsTestSeams(context: vscode.ExtensionContext, state: vscode.Memento, asAfterReload: () => void): void {
  context.subscriptions.push(
    // The next look is drawn as the first of a session (after a window reload).
    vscode.commands.registerCommand('repodesk.testing.pullRequestsAsAfterReload', asAfterReload),
    vscode.commands.registerCommand('repodesk.testing.workspaceState', (key?: string) => (key === undefined ? state.keys() : state.get(key))),
    // A record written as a test needs it (another account's pending review).
    vscode.commands.registerCommand('repodesk.testing.setWorkspaceState', (key: string, value: unknown) => state.update(key, value)),
  );
}
