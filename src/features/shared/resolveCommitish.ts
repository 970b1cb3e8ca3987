// What a user types as a commit (a SHA, an abbreviated SHA, a branch, a tag,
// `heads/x`), resolved to a full SHA, with the failure worded for the user.
import * as vscode from 'vscode';
import type { HostingClient } from '../../hosting';
import { CommitishError, resolveCommitish as resolveCommitishIn } from '../../gitdata/resolveCommitish';

/** A full SHA for what the user typed (SHA, abbreviated SHA, branch, tag, `heads/x`), or an error worded for the user. */
export async function resolveCommitish(client: HostingClient, owner: string, repo: string, text: string): Promise<string> {
  try {
    return await resolveCommitishIn(client.git, owner, repo, text);
  } catch (err) {
    if (!(err instanceof CommitishError)) throw err;
    switch (err.reason) {
      case 'ambiguous':
        throw new Error(vscode.l10n.t('{0} is ambiguous: {1}. Type more characters.', err.text, err.candidates.map((s) => s.slice(0, 12)).join(', ')));
      case 'not-found':
        throw new Error(
          err.walk.complete
            ? vscode.l10n.t('No commit starting with {0} in the history of any branch or tag.', err.text)
            : vscode.l10n.t(
                'No commit starting with {0} among the last {1} commits of the branches and tags; enter the full 40-character SHA.',
                err.text,
                err.walk.read,
              ),
        );
      default:
        throw new Error(vscode.l10n.t('No branch, tag or commit named "{0}".', err.text));
    }
  }
}
