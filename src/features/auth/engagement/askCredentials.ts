// The engagement service's sign-in questions (its user name, API key and password), three steps of one quick input.
import * as vscode from 'vscode';
import { inSteps } from '../../shared/stepBoxes';

export interface EngagementCredentials {
  userName: string;
  apiKey: string;
  password: string;
}

/** The credentials for the service at `target` as answered, or undefined when a step was closed. */
export async function askCredentials(target: string): Promise<EngagementCredentials | undefined> {
  return inSteps(async (steps) => {
    const ask = (step: number, prompt: string, password: boolean) =>
      steps.text({
        title: vscode.l10n.t('Sign in to the engagement service ({0}/3)', step),
        prompt,
        password,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('This cannot be empty.')),
      });
    const userName = await ask(1, vscode.l10n.t('User name on {0}', target), false);
    const apiKey = userName && (await ask(2, vscode.l10n.t('API key of {0}', userName), true));
    const password = apiKey && (await ask(3, vscode.l10n.t('Password of {0}', userName!), true));
    return userName && apiKey && password ? { userName: userName.trim(), apiKey: apiKey.trim(), password } : undefined;
  });
}
