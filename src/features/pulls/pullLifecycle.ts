// A pull request's life from the editor: Create Pull Request… (head, base,
// title from the head's last commit, body in an editor), Edit (title and
// body), Close, Reopen, and Merge (the merge commit's message editable; the
// head the user saw is sent, so a head that moved since is refused, 409,
// rather than merged unseen). The service's refusals become messages with
// the way out. Each command also takes its answers as a plain object, and
// the pull request as a row or as { owner, repo, number } (pullArg.ts).
import * as vscode from 'vscode';
import { HostingError, ValidationFailedError, collect, type HostingClient, type PullRequest } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import type { CommandHandler } from '../shared/lazyCommands';
import { editMessage, keepMessage } from '../shared/messageEditor/messageEditor';
import { editInEditor } from '../shared/notesEditor';
import type { HostingSession } from '../shared/session/hostingSession';
import { repositoryTarget, type RepoTarget } from '../shared/session/require';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { pullOfArg, type PullArg } from './pullArg';

interface CreatePullAnswers {
  head: string;
  base: string;
  title: string;
  body?: string;
}
interface MergeAnswers {
  commitMessage?: string;
  deleteBranch?: boolean;
}

/** The commands of a pull request's life (registered by registerPulls, loaded on first use). */
export type PullLifecycleCommand = 'repodesk.pulls.create' | 'repodesk.pulls.edit' | 'repodesk.pulls.close' | 'repodesk.pulls.reopen' | 'repodesk.pulls.merge';

/**
 * Their handlers; `onChanged` shows the changed pull request at once (from
 * the write's answer) and re-reads the views a change shows in (pull
 * requests, git refs); without a pull request it only re-reads them.
 */
export function pullLifecycleCommands(
  session: HostingSession,
  active: ActiveRepository,
  onChanged: (pull?: PullRequest) => void,
): Record<PullLifecycleCommand, CommandHandler> {
  const progress = <T>(title: string, task: () => Promise<T>) => vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
  const targetOf = (node: PullArg): RepoTarget | undefined => repositoryTarget(session, active, { owner: node.owner, name: node.repo });

  const handlers = {
    'repodesk.pulls.create': async (arg?: unknown) => {
      const target = repositoryTarget(session, active);
      if (!target) return undefined;
      // Every answer given (scripts, tests), or only the head (after a commit or a new branch): the rest is asked.
      const given = givenAnswers<Partial<CreatePullAnswers>>(arg);
      const answers = given?.head && given.base && given.title ? (given as CreatePullAnswers) : await askNewPull(target, given?.head);
      if (!answers) return undefined;
      try {
        const pull = await progress(vscode.l10n.t('Creating pull request {0} ← {1}…', answers.base, answers.head), () =>
          target.client.pulls.create(target.owner, target.repo, answers),
        );
        onChanged(pull);
        void vscode.window.showInformationMessage(vscode.l10n.t('Created pull request #{0}.', pull.number));
        return pull;
      } catch (err) {
        return void showCreateFailure(target, answers, err);
      }
    },
    'repodesk.pulls.edit': async (arg0?: unknown, arg?: unknown) => {
      const node = await pullOfArg(arg0, session);
      if (!node) return undefined;
      const target = targetOf(node);
      if (!target) return undefined;
      const given = givenAnswers<{ title?: string; body?: string }>(arg);
      const title = given
        ? given.title
        : await vscode.window.showInputBox({
            title: vscode.l10n.t('Pull request #{0}: title', node.pull.number),
            value: node.pull.title,
            ignoreFocusOut: true,
            validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The title cannot be empty.')),
          });
      if (title === undefined && !given) return undefined;
      const body = given
        ? given.body
        : await editInEditor(
            node.pull.body ?? '',
            vscode.l10n.t('Save Pull Request'),
            vscode.l10n.t(
              'Edit the description in the editor, then choose "{0}" in the status bar or ✓ in the editor\'s title bar.',
              vscode.l10n.t('Save Pull Request'),
            ),
          );
      if (body === undefined && !given) return undefined;
      return update(
        target,
        node.pull,
        { ...(title !== undefined ? { title: title.trim() } : {}), ...(body !== undefined ? { body } : {}) },
        vscode.l10n.t('Saving pull request #{0}…', node.pull.number),
      );
    },
    'repodesk.pulls.close': async (arg0?: unknown) => {
      const node = await pullOfArg(arg0, session);
      if (!node) return undefined;
      const target = targetOf(node);
      return target ? update(target, node.pull, { state: 'closed' }, vscode.l10n.t('Closing pull request #{0}…', node.pull.number)) : undefined;
    },
    'repodesk.pulls.reopen': async (arg0?: unknown) => {
      const node = await pullOfArg(arg0, session);
      if (!node) return undefined;
      const target = targetOf(node);
      return target ? update(target, node.pull, { state: 'open' }, vscode.l10n.t('Reopening pull request #{0}…', node.pull.number)) : undefined;
    },
    'repodesk.pulls.merge': async (arg0?: unknown, arg?: unknown) => {
      const node = await pullOfArg(arg0, session);
      if (!node) return undefined;
      const target = targetOf(node);
      return target ? merge(target, node.pull, givenAnswers<MergeAnswers>(arg)) : undefined;
    },
  };

  async function update(
    target: RepoTarget,
    pull: PullRequest,
    input: { title?: string; body?: string; state?: 'open' | 'closed' },
    title: string,
  ): Promise<PullRequest | undefined> {
    try {
      const updated = await progress(title, () => target.client.pulls.update(target.owner, target.repo, pull.number, input));
      onChanged(updated);
      return updated;
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not change pull request #{0}: {1}', pull.number, errorText(err)));
      return undefined;
    }
  }

  async function merge(target: RepoTarget, pull: PullRequest, given?: MergeAnswers): Promise<{ sha: string } | undefined> {
    const suggested = `${pull.title}\n\n${pull.body ?? ''}`.trimEnd() + '\n';
    const key = `merge:${target.owner}/${target.repo}#${pull.number}`;
    const message = given
      ? given.commitMessage
      : await editMessage({
          key,
          title: vscode.l10n.t('Merge message: #{0}', pull.number),
          initial: suggested,
          prompt: vscode.l10n.t(
            "Edit the message of the merge commit of #{0} ({1} into {2}), then choose ✓ in the editor's title bar; ✕ or closing the tab cancels.",
            pull.number,
            pull.head.label,
            pull.base.label,
          ),
          refuseEmpty: vscode.l10n.t('The merge message is empty: write at least its first line. Nothing was merged.'),
          cancelled: vscode.l10n.t('Merge cancelled: #{0} was not merged.', pull.number),
        });
    if (message === undefined && !given) return undefined;
    try {
      const result = await progress(vscode.l10n.t('Merging pull request #{0}…', pull.number), () =>
        target.client.pulls.merge(target.owner, target.repo, pull.number, {
          ...(message?.trim() ? { commit_message: message.trim() } : {}),
          sha: pull.head.sha,
        }),
      );
      // The answer says it is merged: the row shows it so until the list is read again.
      onChanged({ ...pull, state: 'closed', merged_at: new Date().toISOString() });
      await offerBranchDeletion(target, pull, given);
      return result;
    } catch (err) {
      if (!given && message) keepMessage(key, message);
      const refresh = vscode.l10n.t('Refresh');
      const explain =
        err instanceof HostingError && err.status === 409
          ? vscode.l10n.t('Its head changed since you read it: refresh, review the new commits, and merge again.')
          : err instanceof HostingError && err.status === 405
            ? vscode.l10n.t('It cannot be merged as it is (closed, or conflicting with its base).')
            : '';
      // The offer stays up without holding the command (it returns at once).
      const kept = !given && message ? vscode.l10n.t('Your message is kept for the next try.') : '';
      void vscode.window
        .showErrorMessage(`${vscode.l10n.t('Could not merge #{0}: {1} {2}', pull.number, errorText(err), explain).trim()} ${kept}`.trim(), refresh)
        .then((picked) => {
          if (picked === refresh) onChanged();
        });
      return undefined;
    }
  }

  async function offerBranchDeletion(target: RepoTarget, pull: PullRequest, given?: MergeAnswers): Promise<void> {
    // Only a branch of this repository (a fork's branch is not ours to delete).
    if (pull.head.repo?.full_name !== `${target.owner}/${target.repo}`) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Merged #{0}.', pull.number));
      return;
    }
    const remove = vscode.l10n.t('Delete Branch {0}', pull.head.ref);
    const wanted = given
      ? given.deleteBranch === true
      : (await vscode.window.showInformationMessage(vscode.l10n.t('Merged #{0}.', pull.number), remove)) === remove;
    if (!wanted) return;
    try {
      await target.client.git.deleteRef(target.owner, target.repo, `heads/${pull.head.ref}`);
      onChanged();
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not delete the branch {0}: {1}', pull.head.ref, errorText(err)));
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

  return handlers;
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
  const body = await editInEditor(
    lastMessage.split('\n').slice(2).join('\n'),
    vscode.l10n.t('Create Pull Request'),
    vscode.l10n.t(
      'Write the description (4/4) in the editor, then choose "{0}" in the status bar or ✓ in the editor\'s title bar.',
      vscode.l10n.t('Create Pull Request'),
    ),
  );
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
