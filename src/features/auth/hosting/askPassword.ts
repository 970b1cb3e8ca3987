// Sign-in with a user name and password: two steps of one quick input.
import * as vscode from 'vscode';
import { inSteps } from '../../shared/stepBoxes';

/** The user name (offered: `knownLogin`) and password for `host` as answered, or undefined when a step was closed. */
export async function askLoginAndPassword(host: string, knownLogin: string | undefined): Promise<{ login: string; password: string } | undefined> {
  return inSteps(async (steps) => {
    const login = await steps.text({
      title: vscode.l10n.t('Sign in with user name and password (1/2)'),
      prompt: vscode.l10n.t('User name on {0}', host),
      ignoreFocusOut: true,
      ...(knownLogin ? { value: knownLogin } : {}),
    });
    if (!login) return undefined;
    const password = await steps.text({
      title: vscode.l10n.t('Sign in with user name and password (2/2)'),
      prompt: vscode.l10n.t('Password of {0}', login),
      password: true,
      ignoreFocusOut: true,
    });
    return password ? { login: login.trim(), password } : undefined;
  });
}
