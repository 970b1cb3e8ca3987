// Case notes written while the engagement service did not answer: kept (in
// workspace storage, by the host) and added once it answers, in the order
// written, each exactly once. A note is added with the case's update
// (docs/service-api/engagement/cases §4: `POST /api/v2/case/<id>` with
// `note=`), and the case read back lists its notes with their date and text
// (as a contact's, docs/service-api/engagement/contacts §1). A note sent
// before may have reached the service even though its answer never came back
// (a timeout), so before it is sent again the case's notes are read and it is
// looked for there. A refusal (the case gone: 404, conventions §6, §7) keeps
// the note with the service's words; no answer leaves it waiting.
export interface QueuedNote {
  /** Its own id (stable across reloads). */
  key: string;
  /** The engagement service it goes to (its base URL). */
  service: string;
  caseId: number;
  text: string;
  /** When it was written: this machine's clock, ms since the epoch. */
  writtenAt: number;
  /** The repository whose panel it was written in, `owner/name`. */
  repo: string;
  /** Sent at least once: its answer may have been lost, so the case is read before it is sent again. */
  tried?: boolean;
  /** The service's words when it refused it. */
  error?: string;
}

/** A note as the service lists it on its case (the date in ms since the epoch). */
export interface ServiceNote {
  date: number;
  text: string;
}

/**
 * How far the service's clock may be behind this machine's: a note dated
 * earlier than this before the queued one was written was written before it,
 * so it is not the queued one posted.
 */
export const CLOCK_SKEW_MS = 15 * 60_000;

const isNote = (v: unknown): v is QueuedNote => {
  const n = (v ?? {}) as Partial<QueuedNote>;
  return (
    typeof n.key === 'string' &&
    typeof n.service === 'string' &&
    Number.isInteger(n.caseId) &&
    typeof n.text === 'string' &&
    typeof n.writtenAt === 'number' &&
    typeof n.repo === 'string'
  );
};

/** The notes as stored (another version's or a damaged entry is left out: it cannot be sent or shown). */
export function parseQueued(stored: unknown): QueuedNote[] {
  return Array.isArray(stored) ? stored.filter(isNote) : [];
}

/** The list with `note` last (the order written is the order sent). */
export function queueNote(list: readonly QueuedNote[], note: QueuedNote): QueuedNote[] {
  return [...list, note];
}

/** The list with the note `key` changed: tried, or refused with the service's words (`error: undefined` clears them). */
export function markNote(list: readonly QueuedNote[], key: string, change: Pick<QueuedNote, 'tried'> | { error: string | undefined }): QueuedNote[] {
  return list.map((n) => {
    if (n.key !== key) return n;
    const next = { ...n, ...change };
    if (next.error === undefined) delete next.error;
    return next;
  });
}

/** The list without the notes of `keys`. */
export function dropNotes(list: readonly QueuedNote[], keys: ReadonlySet<string>): QueuedNote[] {
  return list.filter((n) => !keys.has(n.key));
}

/** What a send run takes for `service`: every note waiting, and the refused ones too when a person asked. */
export function toSend(list: readonly QueuedNote[], service: string, retryRefused: boolean): QueuedNote[] {
  return list.filter((n) => n.service === service && (retryRefused || n.error === undefined));
}

/** The services with a note waiting (not refused), in the order of their first note. */
export function servicesWaiting(list: readonly QueuedNote[]): string[] {
  return [...new Set(list.filter((n) => n.error === undefined).map((n) => n.service))];
}

/** The first wait before a service that did not answer is tried again, and the longest (as for the hosting services, src/util/reachability.ts). */
export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 300_000;

/** When a service that did not answer is tried again, after how many tries without an answer. */
export interface Retry {
  failures: number;
  nextTryAt: number;
}

/**
 * The retry after a request to a service got no answer at `now`: 5 s, then
 * twice as long each time, up to 5 minutes. A failure before the next try is
 * due (a Send Now meanwhile, a note queued) belongs to the same outage: it
 * does not move the next try, so only the tries back off.
 */
export function missedTry(before: Retry | undefined, now: number): Retry {
  if (before && now < before.nextTryAt) return before;
  const failures = (before?.failures ?? 0) + 1;
  return { failures, nextTryAt: now + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 10)) };
}

/**
 * Whether a request got no answer at all (connection refused, timed out, no
 * such host): the fetch failed (a TypeError, in Node's and the browsers'
 * words), or ky gave up waiting (its TimeoutError). Any answer, an error
 * status too, comes back as an EngagementError (src/engagement/errors.ts),
 * known here by its name: this module, loaded with the queue, does not load
 * the client's modules.
 */
export function noAnswer(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'TimeoutError' || (err.name === 'TypeError' && /fetch|network|load failed/i.test(err.message));
}

/** The service's words for a refusal: its statusMessage (an EngagementError's) when it sent one. */
export function refusalText(err: unknown): string {
  const said = (err as { statusMessage?: unknown } | undefined)?.statusMessage;
  if (typeof said === 'string' && said) return said;
  return err instanceof Error ? err.message : String(err);
}

/**
 * The index in `onService` of the queued note as posted, or -1: the same text
 * (trimmed), dated no earlier than it was written (less the clock skew), and
 * not already taken by another queued note of the same text (`taken`).
 */
export function findPosted(note: Pick<QueuedNote, 'text' | 'writtenAt'>, onService: readonly ServiceNote[], taken: ReadonlySet<number>): number {
  const text = note.text.trim();
  return onService.findIndex((s, i) => !taken.has(i) && s.text.trim() === text && s.date >= note.writtenAt - CLOCK_SKEW_MS);
}

/** The service's side of a send run, given by the host (the engagement client) or a test. */
export interface NotesService {
  /** The case's notes (`GET /api/v2/case/<id>`, cases §4). */
  notes(caseId: number): Promise<readonly ServiceNote[]>;
  /** Adds the note (`POST /api/v2/case/<id>` with `note=`, cases §4). */
  add(caseId: number, text: string): Promise<unknown>;
}

export type NoteStep =
  | { key: string; step: 'trying' }
  | { key: string; step: 'posted' }
  | { key: string; step: 'alreadyPosted' }
  | { key: string; step: 'refused'; message: string };

export interface SendOutcome {
  /** Added now, or found added by an earlier try. */
  posted: number;
  /** The service's words for each note it refused. */
  refused: string[];
  /** The service stopped answering: this note and those after it wait. */
  unanswered: boolean;
}

/**
 * Sends `notes` (one service's, in the order written), reporting each step as
 * it happens so the host stores it at once. A case's notes are read once, and
 * before any of its queued notes is sent in this run: a note posted now is
 * never taken for an earlier one's lost answer.
 */
export async function sendNotes(notes: readonly QueuedNote[], service: NotesService, report: (step: NoteStep) => Promise<void> | void): Promise<SendOutcome> {
  const outcome: SendOutcome = { posted: 0, refused: [], unanswered: false };
  const read = new Map<number, Promise<readonly ServiceNote[]>>();
  const taken = new Map<number, Set<number>>();
  // A case with a note tried before is read before any of its notes is sent.
  const readFirst = new Set(notes.filter((n) => n.tried).map((n) => n.caseId));
  for (const note of notes) {
    try {
      if (readFirst.has(note.caseId)) {
        if (!read.has(note.caseId)) read.set(note.caseId, service.notes(note.caseId));
        const onService = await read.get(note.caseId)!;
        const claimed = taken.get(note.caseId) ?? new Set<number>();
        taken.set(note.caseId, claimed);
        const at = note.tried ? findPosted(note, onService, claimed) : -1;
        if (at >= 0) {
          claimed.add(at);
          outcome.posted++;
          await report({ key: note.key, step: 'alreadyPosted' });
          continue;
        }
      }
      await report({ key: note.key, step: 'trying' });
      await service.add(note.caseId, note.text);
      outcome.posted++;
      await report({ key: note.key, step: 'posted' });
    } catch (err) {
      if (noAnswer(err)) {
        outcome.unanswered = true;
        return outcome;
      }
      const message = refusalText(err);
      outcome.refused.push(message);
      await report({ key: note.key, step: 'refused', message });
    }
  }
  return outcome;
}
