// The queued case notes' list (the status bar item's click): send them now,
// or take one (its text copied, or discarded once confirmed). A note the
// service refused (its case gone) shows the service's words; its text is
// never dropped without a click.
import * as vscode from 'vscode';
import { pickQueued } from '../../shared/queuedPick';
import type { QueuedNote } from '../model/queuedNotes';
import type { QueuedNotes } from './queuedNotes';

type Row = vscode.QuickPickItem & { note: QueuedNote };

export async function showQueuedNotes(queued: QueuedNotes): Promise<void> {
  const rows: Row[] = [];
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
  const chosen = await pickQueued(vscode.l10n.t('Queued Case Notes'), rows);
  if (!chosen) return;
  if ('send' in chosen) {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sending queued case notes…') }, () =>
      queued.send(true),
    );
    return;
  }
  if (chosen.action === 'copy') await queued.copy(chosen.item.note.key);
  else await queued.discard(chosen.item.note.key);
}
