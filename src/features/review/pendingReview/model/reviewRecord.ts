// A pending review of one pull request, as kept in workspace storage: the
// drafts written since Start Review, in the order written, each with the head
// commit, path and diff position it was written against (the service has review
// comments but no review object: docs/service-api/hosting/pulls §7–§9, review
// comments). One record per account, repository and pull request, so 10,000
// drafts are one read. Pure: the host stores it, the tests build it.
import type { DiffSide } from '../../../../reviewing/diffPosition';

/** Where a draft goes when the review is submitted. */
export type DraftTarget =
  /** A new thread on a line of the diff. `lineText` is the line's text then, to find it again on a new head. */
  | { kind: 'line'; path: string; position: number; commitId: string; side: DiffSide; line: number; lineText?: string }
  /** A reply in an existing thread (its root comment's id). */
  | { kind: 'reply'; inReplyTo: number; path?: string }
  /** A comment in the pull request's conversation (the overview). */
  | { kind: 'conversation' };

export interface Draft {
  /** Local id, unique within the record. */
  id: string;
  /** The order written. */
  seq: number;
  body: string;
  target: DraftTarget;
  writtenAt: string;
  /** The service's message of the last attempt that failed. */
  error?: string;
  /** Set before a request is sent: a retry then looks for the comment on the service first. */
  tried?: boolean;
}

export interface ReviewRecord {
  v: 1;
  startedAt: string;
  nextSeq: number;
  drafts: Draft[];
  /** A summary whose drafts were not all posted yet: posted by the next Submit. */
  summary?: string;
  summaryTried?: boolean;
  summaryError?: string;
  /** Stored drafts this version could not read: written back as they were, never dropped. */
  unreadable?: unknown[];
}

/**
 * The storage spaces of records: the pending reviews, and the comments
 * written while the service did not answer (queued: posted, as a review
 * without a summary, once it answers).
 */
export type RecordSpace = 'repodesk.pendingReview' | 'repodesk.queuedComments';

/** The storage key of a pull request's pending review for one account (an id, no secret). */
export function recordKey(account: string, owner: string, repo: string, number: number, space: RecordSpace = 'repodesk.pendingReview'): string {
  return `${accountPrefix(account, space)}${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/${number}`;
}

/** What every record key of `account` starts with (and no other account's, nor another space's). */
export function accountPrefix(account: string, space: RecordSpace = 'repodesk.pendingReview'): string {
  return `${space}/${encodeURIComponent(account)}/`;
}

export function newRecord(now: string): ReviewRecord {
  return { v: 1, startedAt: now, nextSeq: 1, drafts: [] };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

function parseTarget(t: unknown): DraftTarget | undefined {
  if (!isObject(t)) return undefined;
  if (t.kind === 'conversation') return { kind: 'conversation' };
  if (t.kind === 'reply' && isCount(t.inReplyTo)) return { kind: 'reply', inReplyTo: t.inReplyTo, ...(typeof t.path === 'string' ? { path: t.path } : {}) };
  if (
    t.kind === 'line' &&
    typeof t.path === 'string' &&
    isCount(t.position) &&
    typeof t.commitId === 'string' &&
    (t.side === 'head' || t.side === 'base') &&
    isCount(t.line)
  ) {
    return {
      kind: 'line',
      path: t.path,
      position: t.position,
      commitId: t.commitId,
      side: t.side,
      line: t.line,
      ...(typeof t.lineText === 'string' ? { lineText: t.lineText } : {}),
    };
  }
  return undefined;
}

function parseDraft(d: unknown): Draft | undefined {
  if (!isObject(d) || typeof d.id !== 'string' || !isCount(d.seq) || typeof d.body !== 'string') return undefined;
  const target = parseTarget(d.target);
  if (!target) return undefined;
  return {
    id: d.id,
    seq: d.seq,
    body: d.body,
    target,
    writtenAt: typeof d.writtenAt === 'string' ? d.writtenAt : '',
    ...(typeof d.error === 'string' ? { error: d.error } : {}),
    ...(d.tried === true ? { tried: true } : {}),
  };
}

/**
 * A stored record read back: undefined when there is none or it is not a
 * record; drafts that cannot be read are counted in `unreadable` (and left in
 * storage by the caller), never silently dropped.
 */
export function parseRecord(raw: unknown): { record: ReviewRecord; unreadable: number } | undefined {
  if (!isObject(raw) || raw.v !== 1 || !Array.isArray(raw.drafts)) return undefined;
  const drafts = raw.drafts.map(parseDraft);
  const read = drafts.filter((d): d is Draft => d !== undefined);
  const unreadable = [...raw.drafts.filter((_, i) => drafts[i] === undefined), ...(Array.isArray(raw.unreadable) ? raw.unreadable : [])];
  const highest = read.reduce((m, d) => Math.max(m, d.seq), 0);
  const record: ReviewRecord = {
    v: 1,
    startedAt: typeof raw.startedAt === 'string' ? raw.startedAt : '',
    nextSeq: Math.max(isCount(raw.nextSeq) ? raw.nextSeq : 1, highest + 1),
    drafts: ordered(read),
    ...(typeof raw.summary === 'string' ? { summary: raw.summary } : {}),
    ...(raw.summaryTried === true ? { summaryTried: true } : {}),
    ...(typeof raw.summaryError === 'string' ? { summaryError: raw.summaryError } : {}),
    ...(unreadable.length ? { unreadable } : {}),
  };
  return { record, unreadable: unreadable.length };
}

/** The drafts in the order written. */
export function ordered(drafts: readonly Draft[]): Draft[] {
  return [...drafts].sort((a, b) => a.seq - b.seq);
}

export function addDraft(record: ReviewRecord, body: string, target: DraftTarget, now: string): { record: ReviewRecord; draft: Draft } {
  const seq = record.nextSeq;
  const draft: Draft = { id: `d${seq}`, seq, body, target, writtenAt: now };
  return { record: { ...record, nextSeq: seq + 1, drafts: [...record.drafts, draft] }, draft };
}

export function editDraft(record: ReviewRecord, id: string, body: string): ReviewRecord {
  return { ...record, drafts: record.drafts.map((d) => (d.id === id ? { ...d, body } : d)) };
}

export function removeDrafts(record: ReviewRecord, ids: ReadonlySet<string>): ReviewRecord {
  return { ...record, drafts: record.drafts.filter((d) => !ids.has(d.id)) };
}

/** A draft after an attempt: tried, and the service's message when it failed (none when it did not). */
export function markDraft(record: ReviewRecord, id: string, change: { tried?: boolean; error?: string | undefined }): ReviewRecord {
  return {
    ...record,
    drafts: record.drafts.map((d) => {
      if (d.id !== id) return d;
      const { error: _old, ...rest } = d;
      const error = 'error' in change ? change.error : d.error;
      return { ...rest, ...(change.tried || d.tried ? { tried: true } : {}), ...(error !== undefined ? { error } : {}) };
    }),
  };
}

/** Written against another commit than the head, or on a file no longer in the pull request. */
export function isOutdated(draft: Draft, headSha: string, changedPaths?: ReadonlySet<string>): boolean {
  if (draft.target.kind !== 'line') return false;
  return draft.target.commitId !== headSha || (changedPaths !== undefined && !changedPaths.has(draft.target.path));
}
