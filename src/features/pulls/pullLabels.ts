// Labels… on a pull request's row: the repository's labels in a quick pick,
// the pull request's own picked, and only what the user changed is written
// (docs/service-api issues labels: a pull request is an issue), so a label
// someone else added or removed meanwhile is left as it is.
import * as vscode from 'vscode';
import { collect, type HostingClient } from '../../hosting';
import { pickedChange } from '../../util/pickedChange';
import { colorSwatchDataUri } from '../../util/viewFormat';
import { errorText } from '../shared/failure';
import type { PullArg } from './pullArg';

/** Asks for the labels (or takes `given`), writes the change; resolves to the pull request's labels after, or undefined. */
export async function editPullLabels(client: HostingClient, { owner, repo, pull }: PullArg, given?: readonly string[]): Promise<string[] | undefined> {
  try {
    const [all, mine] = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading the labels of {0}/{1}…', owner, repo) },
      () => Promise.all([collect(client.labels.listForRepo(owner, repo)), collect(client.labels.listForIssue(owner, repo, pull.number))]),
    );
    const current = mine.map((l) => l.name);
    let picked = given;
    if (!picked) {
      if (all.length === 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('{0}/{1} has no labels yet: add some under the repository’s Labels group.', owner, repo));
        return undefined;
      }
      const chosen = await vscode.window.showQuickPick(
        all.map((l) => ({ label: l.name, picked: current.includes(l.name), iconPath: vscode.Uri.parse(colorSwatchDataUri(l.color)) })),
        { canPickMany: true, title: vscode.l10n.t('Labels of #{0}', pull.number), placeHolder: vscode.l10n.t('Pick the labels of the pull request') },
      );
      if (!chosen) return undefined;
      picked = chosen.map((c) => c.label);
    }
    const { add, remove } = pickedChange(current, picked);
    if (add.length) await client.labels.addToIssue(owner, repo, pull.number, add);
    for (const name of remove) await client.labels.removeFromIssue(owner, repo, pull.number, name);
    return (await collect(client.labels.listForIssue(owner, repo, pull.number))).map((l) => l.name);
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not change the labels of #{0}: {1}', pull.number, errorText(err)));
    return undefined;
  }
}
