// A pull request's life from the editor: Create Pull Request… (its answers
// given, else the form of src/features/createPullForm), Edit (title and
// body), Close, Reopen, and Merge (the merge commit's message editable; the
// head the user saw is sent, so a head that moved since is refused, 409,
// rather than merged unseen). The service's refusals become messages with
// the way out. Each command also takes its answers as a plain object, and
// the pull request as a row or as { owner, repo, number } (pullArg.ts).
import * as vscode from 'vscode';
import type { PullRequest } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import type { CommandHandler } from '../shared/lazyCommands';
import { editMessage, keepMessage } from '../shared/messageEditor/messageEditor';
import type { HostingSession } from '../shared/session/hostingSession';
import { repositoryTarget, type RepoTarget } from '../shared/session/require';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { refuseChangedElsewhere } from './changedElsewhere';
import { createPull } from './createPull';
import { mergePull, type MergeAnswers } from './mergePull';
import { pullOfArg, type PullArg } from './pullArg';
import { notifyProgress, type PullFlow } from './pullFlow';

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
  const flow: PullFlow = { session, active, onChanged };
  const targetOf = (node: PullArg): RepoTarget | undefined => repositoryTarget(session, active, { owner: node.owner, name: node.repo });
  return {
    'repodesk.pulls.create': (arg?: unknown) => createPull(flow, arg),
    'repodesk.pulls.edit': async (arg0?: unknown, arg?: unknown) => {
      const node = await pullOfArg(arg0, session);
      if (!node) return undefined;
      const target = targetOf(node);
      if (!target) return undefined;
      return editPull(flow, target, node.pull, givenAnswers<{ title?: string; body?: string }>(arg));
    },
    'repodesk.pulls.close': async (arg0?: unknown) => {
      const node = await pullOfArg(arg0, session);
      if (!node) return undefined;
      const target = targetOf(node);
      if (!target || refuseChangedElsewhere(node.pull, 'close', onChanged)) return undefined;
      return update(flow, target, node.pull, { state: 'closed' }, vscode.l10n.t('Closing pull request #{0}…', node.pull.number));
    },
    'repodesk.pulls.reopen': async (arg0?: unknown) => {
      const node = await pullOfArg(arg0, session);
      if (!node) return undefined;
      const target = targetOf(node);
      if (!target || refuseChangedElsewhere(node.pull, 'reopen', onChanged)) return undefined;
      return update(flow, target, node.pull, { state: 'open' }, vscode.l10n.t('Reopening pull request #{0}…', node.pull.number));
    },
    'repodesk.pulls.merge': async (arg0?: unknown, arg?: unknown) => {
      const node = await pullOfArg(arg0, session);
      if (!node) return undefined;
      const target = targetOf(node);
      return target ? mergePull(flow, target, node.pull, givenAnswers<MergeAnswers>(arg)) : undefined;
    },
  };
}

/** Edit: the title, then the body in an editor (or both given). */
async function editPull(
  flow: PullFlow,
  target: RepoTarget,
  pull: PullRequest,
  given: { title?: string; body?: string } | undefined,
): Promise<PullRequest | undefined> {
  const title = given
    ? given.title
    : await vscode.window.showInputBox({
        title: vscode.l10n.t('Pull request #{0}: title', pull.number),
        value: pull.title,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The title cannot be empty.')),
      });
  if (title === undefined && !given) return undefined;
  const descriptionKey = `pull:${target.owner}/${target.repo}#${pull.number}`;
  const body = given
    ? given.body
    : await editMessage({
        key: descriptionKey,
        title: vscode.l10n.t('Description: #{0}', pull.number),
        initial: pull.body ?? '',
        prompt: vscode.l10n.t(
          'Edit the description in the editor, then choose "{0}" in the status bar or ✓ in the editor\'s title bar.',
          vscode.l10n.t('Save Pull Request'),
        ),
        action: vscode.l10n.t('Save Pull Request'),
        cancelled: vscode.l10n.t('#{0} was not changed.', pull.number),
        resume: {
          command: 'repodesk.pulls.edit',
          args: [{ owner: target.owner, repo: target.repo, number: pull.number }],
          title: vscode.l10n.t('Edit #{0} Again…', pull.number),
        },
      });
  if (body === undefined && !given) return undefined;
  const saved = await update(
    flow,
    target,
    pull,
    { ...(title !== undefined ? { title: title.trim() } : {}), ...(body !== undefined ? { body } : {}) },
    vscode.l10n.t('Saving pull request #{0}…', pull.number),
  );
  // Refused: the description written is back in the editor at the next Edit.
  if (!saved && !given && body) keepMessage(descriptionKey, body);
  return saved;
}

async function update(
  flow: PullFlow,
  target: RepoTarget,
  pull: PullRequest,
  input: { title?: string; body?: string; state?: 'open' | 'closed' },
  title: string,
): Promise<PullRequest | undefined> {
  try {
    const updated = await notifyProgress(title, () => target.client.pulls.update(target.owner, target.repo, pull.number, input));
    flow.onChanged(updated);
    return updated;
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not change pull request #{0}: {1}', pull.number, errorText(err)));
    return undefined;
  }
}
