// The queued case notes' list (the status bar item's click): send them now,
// or take one (its text copied, or discarded once confirmed). A note the
// service refused (its case gone) shows the service's words; its text is
// never dropped without a click.
import * as vscode from 'vscode';
import type { QueuedNote } from '../model/queuedNotes';
import type { QueuedNotes } from './queuedNotes';

type Row = vscode.QuickPickItem & ({ send: true } | { note: QueuedNote });

export async function showQueuedNotes(queued: QueuedNotes): Promise<void> {
  const rows: Row[] = [{ label: vscode.l10n.t('$(cloud-upload) Send Now'), description: vscode.l10n.t('also those the service refused before'), send: true }];
  for (const note of queued.all()) {
    rows.push({
      label: `#${note.caseId}: ${note.text.split('\n')[0]!.slice(0, 80)}`,
      description: note.repo,
      detail: note.error
        ? vscode.l10n.t('Not added: {0}', note.error)
        : vscode.l10n.t('Waiting for {0} to answer', note.service.replace(/^\w+:\/\//, '').replace(/\/.*$/, '')),
      note,
    });
  }
  const picked = await vscode.window.showQuickPick(rows, { title: vscode.l10n.t('Queued Case Notes'), matchOnDescription: true, matchOnDetail: true });
  if (!picked) return;
  if ('send' in picked) {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sending queued case notes…') }, () =>
      queued.send(true),
    );
    return;
  }
  const copy = vscode.l10n.t('Copy Text');
  const discard = vscode.l10n.t('Discard…');
  const action = await vscode.window.showQuickPick([copy, discard], { title: picked.label });
  if (action === copy) await queued.copy(picked.note.key);
  else if (action === discard) await queued.discard(picked.note.key);
}
