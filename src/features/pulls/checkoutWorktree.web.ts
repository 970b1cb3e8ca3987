// The browser build's Checkout in a New Worktree: there is no local git or
// folder to add a worktree to (the menus do not offer it: repodesk.localFiles).
import * as vscode from 'vscode';
import type { OpenFolder } from './checkoutWorktree';

export type { OpenFolder };

export async function checkoutInWorktree(): Promise<string | undefined> {
  void vscode.window.showErrorMessage(vscode.l10n.t('Checkout in a New Worktree needs VS Code on the desktop, with git.'));
  return undefined;
}
