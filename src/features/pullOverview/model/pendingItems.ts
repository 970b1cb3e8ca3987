// The page model with the pending review's drafts (count and the first
// PENDING_LISTED of them): a draft written on another head, or on a file no
// longer in the pull request, is listed as outdated, never left out.
import { PENDING_LISTED, type PageModel, type PendingItem } from './messages';

/** A draft as the pending review keeps it (src/features/review/stores/pendingDrafts.ts). */
export interface DraftLike {
  id: string;
  body: string;
  target: { kind: 'line'; path: string; line: number; commitId: string } | { kind: 'reply'; path?: string } | { kind: 'conversation' };
  error?: string;
  /** Queued while the service did not answer (listed apart from the review's drafts). */
  queued?: boolean;
}

function item(d: DraftLike, headSha: string, changed: ReadonlySet<string> | undefined): PendingItem {
  const t = d.target;
  const error = d.error ? { error: d.error } : {};
  if (t.kind === 'line') {
    const outdated = t.commitId !== headSha || (changed !== undefined && !changed.has(t.path));
    return { id: d.id, kind: 'line', path: t.path, line: t.line, body: d.body, outdated, ...error };
  }
  return { id: d.id, kind: t.kind, ...(t.kind === 'reply' && t.path ? { path: t.path } : {}), body: d.body, outdated: false, ...error };
}

/**
 * `drafts` undefined: no review pending. `queued`: the comments written while
 * the service did not answer (listed apart: they are no review's).
 */
export function withPending(model: PageModel, headSha: string, drafts: readonly DraftLike[] | undefined, queued: readonly DraftLike[] = []): PageModel {
  if (!drafts && queued.length === 0) return model;
  // The files list is the pull request's changed files (unless it could not be read).
  const changed = model.files.error !== undefined ? undefined : new Set(model.files.rows.map((f) => f.path));
  return {
    ...model,
    ...(drafts ? { pending: { count: drafts.length, items: drafts.slice(0, PENDING_LISTED).map((d) => item(d, headSha, changed)) } } : {}),
    ...(queued.length ? { queued: queued.map((d) => item(d, headSha, changed)) } : {}),
  };
}
