// The page model with the pending review's drafts (count and the first
// PENDING_LISTED of them): a draft written on another head, or on a file no
// longer in the pull request, is listed as outdated, never left out.
import { PENDING_LISTED, type PageModel, type PendingItem } from './model/messages';
import type { PendingDraft, PendingDrafts } from '../shared/reviews/pendingDrafts';

function item(d: PendingDraft, headSha: string, changed: ReadonlySet<string> | undefined): PendingItem {
  const t = d.target;
  if (t.kind === 'line') {
    const outdated = t.commitId !== headSha || (changed !== undefined && !changed.has(t.path));
    return { id: d.id, kind: 'line', path: t.path, line: t.line, body: d.body, outdated, ...(d.error ? { error: d.error } : {}) };
  }
  return { id: d.id, kind: t.kind, ...(t.kind === 'reply' && t.path ? { path: t.path } : {}), body: d.body, outdated: false, ...(d.error ? { error: d.error } : {}) };
}

export function withPending(model: PageModel, headSha: string, pending: PendingDrafts | undefined): PageModel {
  const key = { owner: model.owner, repo: model.repo, number: model.number };
  if (!pending?.isActive(key)) return model;
  const drafts = pending.drafts(key);
  // The files list is the pull request's changed files (unless it could not be read).
  const changed = model.files.error ? undefined : new Set(model.files.rows.map((f) => f.path));
  return { ...model, pending: { count: drafts.length, items: drafts.slice(0, PENDING_LISTED).map((d) => item(d, headSha, changed)) } };
}
