// What the editor's threads and the overview draw besides the service's
// comments: a pending review's drafts, and the comments queued while the
// service did not answer (marked `queued`, drawn as such). What is written
// still goes to the pending review alone: `isActive` and `add` are its.
import type * as vscode from 'vscode';
import type { PendingDraft, PendingDrafts } from './pendingDrafts';

export function withQueued(pending: PendingDrafts, queued: Pick<PendingDrafts, 'onDidChange' | 'drafts'>): PendingDrafts {
  const onDidChange: PendingDrafts['onDidChange'] = (listener, thisArgs, disposables) => {
    const both = [pending.onDidChange(listener, thisArgs), queued.onDidChange(listener, thisArgs)];
    const d: vscode.Disposable = { dispose: () => both.forEach((b) => b.dispose()) };
    disposables?.push(d);
    return d;
  };
  return {
    onDidChange,
    isActive: (pull) => pending.isActive(pull),
    drafts: (pull) => {
      const q = queued.drafts(pull);
      // Ids are unique within a record: a queued one's is kept apart from the review's.
      return q.length ? [...pending.drafts(pull), ...q.map((d): PendingDraft => ({ ...d, id: `queued:${d.id}`, queued: true }))] : pending.drafts(pull);
    },
    add: (pull, body, target) => pending.add(pull, body, target),
  };
}
