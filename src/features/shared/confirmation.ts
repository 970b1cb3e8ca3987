// A short word that something worked (a label created, signed in): in the
// status bar for a few seconds, where it neither interrupts nor needs a click.
// Under tests the texts are kept so that a test can see what the user saw.
import * as vscode from 'vscode';

const SHOWN_FOR_MS = 5000;
const recent: string[] = [];
let keep = false;

export function confirmDone(text: string): void {
  if (keep) recent.push(text);
  vscode.window.setStatusBarMessage(`$(check) ${text}`, SHOWN_FOR_MS);
}

/** Test seam: `repodesk.testing.confirmations` returns the confirmations shown so far (only in ExtensionMode.Test). */
export function registerConfirmations(context: vscode.ExtensionContext): void {
  if (context.extensionMode !== vscode.ExtensionMode.Test) return;
  keep = true;
  context.subscriptions.push(vscode.commands.registerCommand('repodesk.testing.confirmations', () => [...recent]));
}
