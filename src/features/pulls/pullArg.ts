// The pull request a command acts on: a row of the Pull Requests view, or a
// plain { owner, repo, number } (from the overview page, tests or
// keybindings), read from the service first so the command sees its
// current title, body and head.
import * as vscode from 'vscode';
import type { PullRequest } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import type { HostingSession } from '../shared/session/hostingSession';
import { PullNode } from './pullNodes';

export interface PullArg {
  owner: string;
  repo: string;
  pull: PullRequest;
}

export async function pullOfArg(arg: unknown, session: HostingSession): Promise<PullArg | undefined> {
  if (arg instanceof PullNode) return arg;
  const given = givenAnswers<{ owner?: unknown; repo?: unknown; number?: unknown }>(arg);
  const client = session.client;
  if (!client || typeof given?.owner !== 'string' || typeof given.repo !== 'string' || typeof given.number !== 'number') return undefined;
  const { owner, repo, number } = given as { owner: string; repo: string; number: number };
  try {
    const pull = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading pull request #{0}…', number) },
      () => client.pulls.get(owner, repo, number),
    );
    return { owner, repo, pull };
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not read pull request #{0}: {1}', number, errorText(err)));
    return undefined;
  }
}
