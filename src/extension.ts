// Entry of the extension: wires the features together. Each feature lives in
// src/features/<name>/ and is the only code besides this file that imports
// `vscode`.
import * as vscode from 'vscode';
import { registerViews } from './features/views/registerViews';
import { createLogger } from './features/log/outputLog';

export interface RepoDeskApi {
  /** Ids of the views RepoDesk contributed and provides data for. */
  readonly viewIds: readonly string[];
}

export function activate(context: vscode.ExtensionContext): RepoDeskApi {
  const log = createLogger(context);
  log.info(`RepoDesk ${context.extension.packageJSON.version as string} activating`);

  const viewIds = registerViews(context);

  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.showLog', () => log.show()),
    vscode.commands.registerCommand('repodesk.configureService', async () => {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'repodesk.hosting');
    }),
  );
  return { viewIds };
}

export function deactivate(): void {}
