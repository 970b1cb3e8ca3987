// A short word that something worked (a label created, signed in): in the
// status bar for a few seconds, where it neither interrupts nor needs a click.
// Under tests the texts are kept so that a test can see what the user saw, and
// so are the titles of the quick input steps put on screen: a test in the
// extension host cannot see the screen, so it presses Enter on a step once
// RepoDesk says the step is up, as a person waits for it.
import * as vscode from 'vscode';

const SHOWN_FOR_MS = 5000;
const recent: string[] = [];
const steps: string[] = [];
let keep = false;

export function confirmDone(text: string): void {
  if (keep) recent.push(text);
  vscode.window.setStatusBarMessage(`$(check) ${text}`, SHOWN_FOR_MS);
}

/**
 * Says that a quick input step is up. Said on the next turn: a quick pick
 * sends its starting choice to VS Code on a zero-delay timer after `show()`,
 * and Enter pressed before it arrives would take the first item instead.
 */
export function stepShown(title: string | undefined): void {
  if (keep) setTimeout(() => steps.push(title ?? ''), 0);
}

/** Under tests (ExtensionMode.Test) the confirmations and steps shown are kept for the test seams (testing/viewTestSeams.ts). */
export function registerConfirmations(context: vscode.ExtensionContext): void {
  keep = context.extensionMode === vscode.ExtensionMode.Test;
}

/** The confirmations shown so far and the titles of the quick input steps (kept under tests only). */
export const shownForTests = () => ({ confirmations: [...recent], steps: [...steps] });
