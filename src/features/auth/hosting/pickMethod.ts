// The choice of how to sign in: the browser (recommended), a token, or a
// user name and password. Loaded with the first sign-in.
import * as vscode from 'vscode';
import type { SignInMethod } from './sessionStore';

interface MethodItem extends vscode.QuickPickItem {
  method: SignInMethod;
}

/** Asks how to sign in to `host`; `shown` is called when the choices are on screen (VS Code made one active). */
export async function pickMethod(host: string, shown: () => void): Promise<SignInMethod | undefined> {
  const items: MethodItem[] = [
    {
      method: 'browser',
      label: `$(globe) ${vscode.l10n.t('Sign in with your browser')}`,
      detail: vscode.l10n.t("Approve RepoDesk on the service's page in your browser; recommended."),
    },
    { method: 'token', label: `$(key) ${vscode.l10n.t('Sign in with a token')}`, detail: vscode.l10n.t('Paste a personal access token.') },
    {
      method: 'password',
      label: `$(person) ${vscode.l10n.t('Sign in with user name and password')}`,
      detail: vscode.l10n.t('RepoDesk creates a token for itself and revokes it when you sign out.'),
    },
  ];
  let told = false;
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Sign in to {0}', host),
    ignoreFocusOut: true,
    // Called as an item becomes the active one: the first time, the list is on screen.
    onDidSelectItem: () => {
      if (!told) shown();
      told = true;
    },
  });
  return picked?.method;
}
