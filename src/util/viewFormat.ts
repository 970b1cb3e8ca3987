// Pure helpers for the RepoDesk tree views: sizes, ages, first lines, short
// SHAs, review-comment threads, diff-hunk line numbers and ref namespaces.
// No `vscode` here: tested in plain Node (test/unit/viewFormat.test.ts).
import { toBase64, utf8Bytes } from './bytes';

/** `1.5 KB`-style size (binary units, one decimal above bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export type AgeUnit = 'now' | 'min' | 'h' | 'd' | 'mo' | 'y';

/** How long ago, in the largest whole unit (the views word it through l10n). */
export function ageParts(iso: string, now: number = Date.now()): { n: number; unit: AgeUnit } {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return { n: 0, unit: 'now' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { n: minutes, unit: 'min' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { n: hours, unit: 'h' };
  const days = Math.floor(hours / 24);
  if (days < 30) return { n: days, unit: 'd' };
  const months = Math.floor(days / 30);
  if (months < 12) return { n: months, unit: 'mo' };
  return { n: Math.floor(days / 365), unit: 'y' };
}

// One formatter per display language: building an Intl.DateTimeFormat costs
// ~0.1 ms, and a hover text is made for every row of a 300-comment list.
const exactDateFormats = new Map<string, Intl.DateTimeFormat>();

/** The exact date and time in a display language (`vscode.env.language`), for a hover; text that is not a date is returned as it is. */
export function formatExactDate(iso: string, language: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  let format = exactDateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
    exactDateFormats.set(language, format);
  }
  return format.format(when);
}

/** The first non-empty line of a text, trimmed and cut to `max` characters. */
export function firstLine(text: string | null | undefined, max = 80): string {
  const line =
    (text ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

// A suggestion block (docs/service-api review comments: a ```suggestion fence holds the lines proposed), to its closing fence or the end.
const SUGGESTION_BLOCK = /^[ \t]*(`{3,}|~{3,})[ \t]*suggestion\b[^\n]*\n[\s\S]*?(?:^[ \t]*\1[ \t]*$|(?![\s\S]))/gm;

/**
 * A review comment's title: the first line of its text outside its suggestion blocks (firstLine), or undefined
 * when the comment is nothing but a suggestion (the caller names it "Suggested change").
 */
export function commentLine(body: string | null | undefined, max = 80): string | undefined {
  const text = body ?? '';
  const rest = firstLine(text.replace(SUGGESTION_BLOCK, ''), max);
  return rest || text.replace(SUGGESTION_BLOCK, '') === text ? rest : undefined;
}

export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

export interface ThreadComment {
  id: number;
  path: string;
  created_at: string;
  in_reply_to_id?: number | null | undefined;
  original_commit_id: string;
  original_position: number | null;
}

export interface ReviewThread<C extends ThreadComment> {
  /** The comment that started the thread; replies answer it. */
  root: C;
  /** Root first, then replies oldest first. */
  comments: C[];
}

export interface FileThreads<C extends ThreadComment> {
  path: string;
  threads: ReviewThread<C>[];
}

/**
 * Groups review comments by file, then by thread. A reply names its thread's
 * root in `in_reply_to_id`; a reply whose root is missing (deleted) starts a
 * thread of its own. Without `in_reply_to_id`, comments on the same place
 * (original commit and position) share a thread, as replies take their
 * parent's place. Files sorted by path, threads by their root's creation.
 */
export function groupReviewThreads<C extends ThreadComment>(comments: readonly C[]): FileThreads<C>[] {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const threads = new Map<string, ReviewThread<C>>();
  const sorted = [...comments].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  // A service that names the root of replies may leave the field out on the
  // roots themselves: once any comment has it, a comment without it is a root.
  const byReply = comments.some((c) => c.in_reply_to_id !== undefined && c.in_reply_to_id !== null);
  for (const c of sorted) {
    let key: string;
    if (c.in_reply_to_id !== undefined || byReply) {
      let rootId = c.id;
      let parent = c.in_reply_to_id !== null && c.in_reply_to_id !== undefined ? byId.get(c.in_reply_to_id) : undefined;
      while (parent) {
        rootId = parent.id;
        parent = parent.in_reply_to_id ? byId.get(parent.in_reply_to_id) : undefined;
      }
      key = `id:${rootId}`;
    } else {
      key = `at:${c.path}\n${c.original_commit_id}\n${c.original_position ?? ''}`;
    }
    const thread = threads.get(key);
    if (thread) thread.comments.push(c);
    else threads.set(key, { root: c, comments: [c] });
  }
  const files = new Map<string, ReviewThread<C>[]>();
  for (const t of threads.values()) {
    const list = files.get(t.root.path) ?? [];
    list.push(t);
    files.set(t.root.path, list);
  }
  return [...files.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([path, list]) => ({ path, threads: list }));
}

/**
 * The line a review comment points at, from its `diff_hunk` (which ends at
 * the commented line): the new file's line, or the old file's for a removed
 * line. Undefined when the hunk has no header.
 */
export function lineOfDiffHunk(hunk: string): { side: 'head' | 'base'; line: number } | undefined {
  const lines = hunk.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let headerAt = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i]!.startsWith('@@')) {
      headerAt = i;
      break;
    }
  }
  if (headerAt < 0) return undefined;
  const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(lines[headerAt]!);
  if (!m) return undefined;
  let oldLine = Number(m[1]) - 1;
  let newLine = Number(m[2]) - 1;
  let last: { side: 'head' | 'base'; line: number } | undefined;
  for (const l of lines.slice(headerAt + 1)) {
    if (l.startsWith('\\')) continue;
    if (l.startsWith('-')) last = { side: 'base', line: ++oldLine };
    else if (l.startsWith('+')) last = { side: 'head', line: ++newLine };
    else {
      oldLine++;
      last = { side: 'head', line: ++newLine };
    }
  }
  return last ?? { side: 'head', line: Math.max(1, newLine + 1) };
}

export interface RefGroup<R extends { ref: string }> {
  /** `heads`, `tags`, or another namespace under refs/. */
  namespace: string;
  refs: { short: string; ref: R }[];
}

/** Groups refs by namespace: branches, then tags, then the others by name; refs by short name. */
export function groupRefs<R extends { ref: string }>(refs: readonly R[]): RefGroup<R>[] {
  const groups = new Map<string, { short: string; ref: R }[]>();
  for (const r of refs) {
    const m = /^refs\/([^/]+)\/(.+)$/.exec(r.ref);
    const namespace = m ? m[1]! : r.ref.replace(/^refs\//, '');
    const short = m ? m[2]! : namespace;
    const list = groups.get(namespace) ?? [];
    list.push({ short, ref: r });
    groups.set(namespace, list);
  }
  const rank = (ns: string) => (ns === 'heads' ? 0 : ns === 'tags' ? 1 : 2);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([namespace, list]) => ({ namespace, refs: list.sort((x, y) => x.short.localeCompare(y.short)) }));
}

/** A square color swatch as an SVG data URI, for a label's `RRGGBB` color. */
export function colorSwatchDataUri(color: string): string {
  const hex = /^[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : '808080';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect x="2" y="2" width="12" height="12" rx="2" fill="#${hex}"/></svg>`;
  return `data:image/svg+xml;base64,${toBase64(utf8Bytes(svg))}`;
}

/** A label color as the user typed it (`#A1B2C3`, `a1b2c3`), or undefined when it is not 6 hex digits. */
export function normalizeColor(text: string): string | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec(text.trim());
  return m ? m[1]!.toLowerCase() : undefined;
}

/** Markdown's special characters escaped, for names inside a tooltip. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

/** The number of the pull request a review comment belongs to, from its `pull_request_url`. */
export function pullNumberOf(comment: { pull_request_url: string }): number {
  return Number(/\/pulls\/(\d+)$/.exec(comment.pull_request_url)?.[1]);
}
