// "Open Pull Request" from the palette: the number of a pull request of the
// active repository. Loaded on first use (registerPullOverview.ts).
import * as vscode from 'vscode';
import type { RepoRef } from '../shared/selection/activeRepository';
import type { PullKeyParts } from './overviewLoader';

export async function askPullNumber(repo: RepoRef): Promise<PullKeyParts | undefined> {
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Open Pull Request of {0}/{1}', repo.owner, repo.name),
    prompt: vscode.l10n.t("The pull request's number"),
    validateInput: (v) => (/^\s*#?[1-9]\d*\s*$/.test(v) ? undefined : vscode.l10n.t('Type a pull request number.')),
  });
  return typed ? { owner: repo.owner, repo: repo.name, number: Number(typed.trim().replace(/^#/, '')) } : undefined;
}
