// Create Pull Request…: with head, base and title given (scripts, tests), the
// pull request at once; a refusal says why, and one for a pull request of
// that head that exists already offers to open it. Without them (or with only
// the head, after a commit or a new branch) the form opens
// (src/features/createPullForm), run by its command's id: features do not
// import each other.
import * as vscode from 'vscode';
import { ValidationFailedError, collect, type PullRequest } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import { repositoryTarget, type RepoTarget } from '../shared/session/require';
import { notifyProgress, type PullFlow } from './pullFlow';

interface CreatePullAnswers {
  head: string;
  base: string;
  title: string;
  body?: string;
}

export async function createPull(flow: PullFlow, arg?: unknown): Promise<PullRequest | undefined> {
  const given = givenAnswers<Partial<CreatePullAnswers>>(arg);
  if (!given?.head || !given.base || !given.title) {
    await vscode.commands.executeCommand('repodesk.pulls.createForm', given?.head ? { head: given.head } : undefined);
    return undefined;
  }
  const target = repositoryTarget(flow.session, flow.active);
  if (!target) return undefined;
  const answers = given as CreatePullAnswers;
  try {
    const pull = await notifyProgress(vscode.l10n.t('Creating pull request {0} ← {1}…', answers.base, answers.head), () =>
      target.client.pulls.create(target.owner, target.repo, answers),
    );
    flow.onChanged(pull);
    void vscode.window.showInformationMessage(vscode.l10n.t('Created pull request #{0}.', pull.number));
    return pull;
  } catch (err) {
    return void showCreateFailure(target, answers, err);
  }
}

async function showCreateFailure(target: RepoTarget, answers: CreatePullAnswers, err: unknown): Promise<void> {
  const exists = err instanceof ValidationFailedError && err.errors.some((e) => /already exists/i.test(e.message ?? ''));
  const why =
    err instanceof ValidationFailedError
      ? err.errors
          .map((e) => e.message)
          .filter(Boolean)
          .join(' ')
      : '';
  const open = vscode.l10n.t('Open the Existing Pull Request');
  const picked = await vscode.window.showErrorMessage(
    vscode.l10n.t('Could not create the pull request: {0}', [errorText(err), why].filter(Boolean).join(' — ')),
    ...(exists ? [open] : []),
  );
  if (picked !== open) return;
  const existing = (await collect(target.client.pulls.list(target.owner, target.repo, { state: 'open', head: `${target.owner}:${answers.head}` })))[0];
  if (existing) await vscode.env.openExternal(vscode.Uri.parse(existing.html_url, true));
}
