// The Repositories view's test seams, registered only in ExtensionMode.Test
// and loaded then: their code is not read at activation.
import * as vscode from 'vscode';

export function registerRepositoriesTestSeams(
  context: vscode.ExtensionContext,
  view: { description(): string | undefined; asAfterReload(): void; whenKept(): Promise<unknown> },
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.testing.repositoriesDescription', () => view.description()),
    // The next look is drawn as the first of a session (after a window reload).
    vscode.commands.registerCommand('repodesk.testing.repositoriesAsAfterReload', () => view.asAfterReload()),
    // Settles once the last listing read is written for the next session's first look.
    vscode.commands.registerCommand('repodesk.testing.repositoriesKept', () => view.whenKept()),
  );
}
