// The queued comments' list (the status bar item's click): send them now, or
// take one (its text copied, or discarded once confirmed). A comment the
// service refused shows its words; its text is never dropped without a click.
import * as vscode from 'vscode';
import { pickQueued } from '../../shared/queuedPick';
import type { SignedInAccount } from '../../shared/session/hostingSession';
import type { PendingReviews } from '../pendingReview/pendingReviews';
import type { Draft } from '../pendingReview/model/reviewRecord';
import type { PullKey } from '../stores/pullReviewComments';

type Row = vscode.QuickPickItem & { pull: PullKey; draft: Draft };

function where(d: Draft): string {
  const t = d.target;
  if (t.kind === 'line') return vscode.l10n.t('new thread on line {0} of {1}', t.line, t.path);
  if (t.kind === 'reply') return t.path ? vscode.l10n.t('reply in a thread of {0}', t.path) : vscode.l10n.t('reply in a thread');
  return vscode.l10n.t('comment in the conversation');
}

export async function showQueued(records: PendingReviews, queued: { account: SignedInAccount; pull: PullKey }[], send: () => Promise<void>): Promise<void> {
  const rows: Row[] = [];
  for (const { account, pull } of queued) {
    for (const d of records.record(pull)?.drafts ?? []) {
      rows.push({
        label: `${pull.owner}/${pull.repo}#${pull.number}: ${d.body.split('\n')[0]!.slice(0, 80)}`,
        description: where(d),
        detail: d.error ? vscode.l10n.t('Not posted: {0}', d.error) : vscode.l10n.t('Waiting for {0} to answer', account.serviceName),
        pull,
        draft: d,
      });
    }
  }
  const chosen = await pickQueued(vscode.l10n.t('Queued Comments'), rows);
  if (!chosen) return;
  if ('send' in chosen) {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sending queued comments…') }, send);
    return;
  }
  const { item: picked, action } = chosen;
  if (action === 'copy') {
    await vscode.env.clipboard.writeText(picked.draft.body);
    void vscode.window.showInformationMessage(vscode.l10n.t('The comment’s text is on the clipboard.'));
  } else {
    const yes = vscode.l10n.t('Discard');
    const sure = await vscode.window.showWarningMessage(
      vscode.l10n.t('Discard this queued comment? It was never posted.'),
      { modal: true, detail: picked.draft.body },
      yes,
    );
    if (sure !== yes) return;
    await records.remove(picked.pull, new Set([picked.draft.id]));
    if (records.drafts(picked.pull).length === 0) await records.end(picked.pull);
  }
}
