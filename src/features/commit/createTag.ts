// Create Tag from Commit…: a tag at a ref or (abbreviated) SHA, lightweight
// (a refs/tags reference to the commit) or annotated (a tag object with a
// message, POST .../git/tags, whose tagger the service takes from the
// signed-in user, then the reference to it).
import * as vscode from 'vscode';
import { errorText } from '../shared/failure';
import { editMessage } from '../shared/messageEditor/messageEditor';
import { tagNameRefusal } from '../shared/refNameText';
import { resolveCommitish } from '../shared/resolveCommitish';
import { offeredStart } from '../shared/git/offeredStart';
import type { RepoTarget } from '../shared/session/require';
import { inSteps, type StepBoxes } from '../shared/stepBoxes';

export interface TagAnswers {
  sha?: string;
  from?: string;
  tag?: string;
  /** An annotated tag's message; without it, the tag is lightweight. */
  message?: string;
}

/** Where the tag goes: offered, as Commit Workspace to Branch offers a start, the workspace's branch (else the default branch). */
async function askFrom(target: RepoTarget, steps: StepBoxes): Promise<string | undefined> {
  const offered = await offeredStart(target).catch(() => undefined);
  return steps.text({
    title: vscode.l10n.t('Create Tag: from'),
    prompt: [vscode.l10n.t('A branch, tag or (abbreviated) SHA'), offered?.why].filter(Boolean).join('. '),
    value: offered?.start ?? '',
    ignoreFocusOut: true,
  });
}

/** The commit SHA tagged, or undefined (cancelled, or the user was told why). */
export async function createTag(target: RepoTarget, onCreated: () => void, given?: TagAnswers): Promise<string | undefined> {
  const lightweight = vscode.l10n.t('Lightweight');
  const annotated = vscode.l10n.t('Annotated (with a message)');
  // The questions are steps of one quick input: each box shows in the place of the last.
  const asked = await inSteps(async (steps) => {
    const from = given?.sha ?? given?.from ?? (await askFrom(target, steps));
    if (!from) return undefined;
    const name =
      given?.tag ??
      (await steps.text({
        title: vscode.l10n.t('Create Tag: name'),
        placeHolder: vscode.l10n.t('e.g. v1.0.0'),
        ignoreFocusOut: true,
        validateInput: tagNameRefusal,
      }));
    if (!name) return undefined;
    // Asked when the name was asked (a script gives a message, or none for a lightweight tag).
    if (given?.tag !== undefined) return { from, name };
    const kind = (await steps.pick([{ label: lightweight }, { label: annotated }], { title: vscode.l10n.t('Create Tag {0}: kind', name) }))?.label;
    return kind ? { from, name, kind } : undefined;
  });
  if (!asked) return undefined;
  const { from, name, kind } = asked;
  let message = given?.message;
  if (given?.tag === undefined) {
    if (kind === annotated) {
      message = await editMessage({
        key: `tag:${target.owner}/${target.repo}:${name}`,
        title: vscode.l10n.t('Tag message: {0}', name),
        initial: '',
        prompt: vscode.l10n.t(
          'Write the message of tag {0} in the editor, then choose "{1}" in the status bar or ✓ in the editor\'s title bar.',
          name,
          vscode.l10n.t('Create Tag'),
        ),
        action: vscode.l10n.t('Create Tag'),
        refuseEmpty: vscode.l10n.t('The tag message is empty: write at least its first line. Nothing was tagged.'),
        cancelled: vscode.l10n.t('Nothing was tagged.'),
      });
      if (!message?.trim()) return undefined;
    }
  }
  try {
    const sha = await resolveCommitish(target.client, target.owner, target.repo, from);
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating tag {0}…', name) }, async () => {
      const object = message?.trim()
        ? (await target.client.git.createTag(target.owner, target.repo, { tag: name, message: message.trim(), object: sha, type: 'commit' })).sha
        : sha;
      await target.client.git.createRef(target.owner, target.repo, `refs/tags/${name}`, object);
    });
    onCreated();
    void vscode.window.showInformationMessage(vscode.l10n.t('Tagged {0} as {1}.', sha.slice(0, 7), name));
    return sha;
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not create the tag {0}: {1}', name, errorText(err)));
    return undefined;
  }
}
