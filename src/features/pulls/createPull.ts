// Create Pull Request…: head, base, title (from the head's last commit) and
// body asked (or given), then the pull request; a refusal says why, and one
// for a pull request of that head that exists already offers to open it.
import * as vscode from 'vscode';
import { ValidationFailedError, collect, type HostingClient, type PullRequest } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import { editMessage, keepMessage } from '../shared/messageEditor/messageEditor';
import { repositoryTarget, type RepoTarget } from '../shared/session/require';
import { notifyProgress, type PullFlow } from './pullFlow';

interface CreatePullAnswers {
  head: string;
  base: string;
  title: string;
  body?: string;
}

export async function createPull(flow: PullFlow, arg?: unknown): Promise<PullRequest | undefined> {
  const target = repositoryTarget(flow.session, flow.active);
  if (!target) return undefined;
  // Every answer given (scripts, tests), or only the head (after a commit or a new branch): the rest is asked.
  const given = givenAnswers<Partial<CreatePullAnswers>>(arg);
  const answers = given?.head && given.base && given.title ? (given as CreatePullAnswers) : await askNewPull(target, given?.head);
  if (!answers) return undefined;
  try {
    const pull = await notifyProgress(vscode.l10n.t('Creating pull request {0} ← {1}…', answers.base, answers.head), () =>
      target.client.pulls.create(target.owner, target.repo, answers),
    );
    flow.onChanged(pull);
    void vscode.window.showInformationMessage(vscode.l10n.t('Created pull request #{0}.', pull.number));
    return pull;
  } catch (err) {
    // Refused: the description is back in the editor at the next try.
    if (answers.body) keepMessage(descriptionKey(target, answers.head), answers.body);
    return void showCreateFailure(target, answers, err);
  }
}

/** What a new pull request's description is kept under: its repository and head (the base and title are asked again). */
const descriptionKey = (target: RepoTarget, head: string) => `pull:${target.owner}/${target.repo}:${head}`;

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

/** Head (a branch, or owner:branch of a fork), base (the default branch first), title (the head's last commit), body in an editor. */
async function askNewPull(target: RepoTarget, knownHead?: string): Promise<CreatePullAnswers | undefined> {
  const { client, owner, repo } = target;
  const [repository, heads] = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading branches…') }, () =>
    Promise.all([client.repos.get(owner, repo), collect(client.git.listRefs(owner, repo, 'heads'))]),
  );
  const names = heads.map((r) => r.ref.replace(/^refs\/heads\//, ''));
  const defaultBranch = repository.default_branch ?? 'master';
  const headPick =
    knownHead !== undefined
      ? { label: knownHead }
      : await vscode.window.showQuickPick(
          [...names.filter((n) => n !== defaultBranch).map((n) => ({ label: n })), { label: vscode.l10n.t("A fork's branch (owner:branch)…"), fork: true }],
          { title: vscode.l10n.t('Create Pull Request (1/4): head, the branch with the changes') },
        );
  if (!headPick) return undefined;
  const head =
    'fork' in headPick
      ? await vscode.window.showInputBox({
          title: vscode.l10n.t('Head: owner:branch'),
          ignoreFocusOut: true,
          validateInput: (v) => (/^[^:\s]+:[^\s]+$/.test(v) ? undefined : vscode.l10n.t('Type owner:branch.')),
        })
      : headPick.label;
  if (!head) return undefined;
  const basePick = await vscode.window.showQuickPick(
    [defaultBranch, ...names.filter((n) => n !== defaultBranch && n !== head)].map((n) => ({ label: n })),
    { title: vscode.l10n.t('Create Pull Request (2/4): base, where the changes go') },
  );
  if (!basePick) return undefined;
  const lastMessage = await lastCommitMessage(client, owner, repo, head, heads);
  const title = await vscode.window.showInputBox({
    title: vscode.l10n.t('Create Pull Request (3/4): title'),
    value: lastMessage.split('\n')[0] ?? '',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The title cannot be empty.')),
  });
  if (!title) return undefined;
  const body = await editMessage({
    key: descriptionKey(target, head),
    title: vscode.l10n.t('Description: {0} into {1}', head, basePick.label),
    initial: lastMessage.split('\n').slice(2).join('\n'),
    prompt: vscode.l10n.t(
      'Write the description (4/4) in the editor, then choose "{0}" in the status bar or ✓ in the editor\'s title bar.',
      vscode.l10n.t('Create Pull Request'),
    ),
    action: vscode.l10n.t('Create Pull Request'),
    cancelled: vscode.l10n.t('No pull request was created.'),
    // After a window reload: Create Pull Request… again from the same head, its description starting from the kept text.
    resume: { command: 'repodesk.pulls.create', args: [{ head }], title: vscode.l10n.t('Create Pull Request Again…') },
  });
  if (body === undefined) return undefined;
  return { head, base: basePick.label, title: title.trim(), ...(body.trim() ? { body } : {}) };
}

async function lastCommitMessage(
  client: HostingClient,
  owner: string,
  repo: string,
  head: string,
  heads: readonly { ref: string; object: { sha: string } }[],
): Promise<string> {
  const ref = heads.find((r) => r.ref === `refs/heads/${head}`);
  if (!ref) return '';
  try {
    return (await client.git.getCommit(owner, repo, ref.object.sha)).message;
  } catch {
    return '';
  }
}
