// The pure rules of the routes served under `--vendor github` outside the
// documents (the vendor's clients call them: octokit, PyGithub): which
// contents paths are accepted, how large a written file may be, which root
// file is the readme, how a comparison's status is named and when it is
// paged, how a diff or patch web address is read, and how the commit list's
// time filters are read. No I/O here, so each rule has unit tests
// (emulator/test/unit/vendor-github/rules.test.ts, diff-file.test.ts).
import { positiveInt } from '../conventions/pagination';

/** The largest file a contents write accepts, decoded (10 MiB): larger ones are refused with 422 naming it. */
export const MAX_WRITE_BYTES = 10 * 1024 * 1024;

/** Files larger than this (1 MiB) are read with `encoding: 'none'` and empty `content`, as the vendor answers them. */
export const MAX_INLINE_BYTES = 1024 * 1024;

/** At most this many commits in a comparison, and files in a comparison or a commit, as the vendor caps them. */
export const MAX_COMPARE_COMMITS = 250;
export const MAX_DIFF_FILES = 300;

export type PathCheck = { ok: true; path: string; segments: string[] } | { ok: false; reason: string };

/**
 * A contents path as the URL gave it (decoded). `root` allows the empty path
 * (the repository's root directory, for reads); one trailing slash is
 * dropped. Refused: a NUL, a `..` or `.` segment, an empty segment, a
 * `.git` segment — nothing outside the tree, and nothing git cannot store.
 */
export function checkContentPath(raw: string, root: boolean): PathCheck {
  if (raw.includes('\0')) return { ok: false, reason: 'path must not contain a NUL byte' };
  const path = raw.endsWith('/') ? raw.slice(0, -1) : raw;
  if (path === '') return root ? { ok: true, path: '', segments: [] } : { ok: false, reason: 'path must not be empty' };
  const segments = path.split('/');
  if (segments.includes('..')) return { ok: false, reason: 'path must not contain a ".." segment' };
  if (segments.some((s) => s === '' || s === '.')) return { ok: false, reason: 'path must not contain an empty or "." segment' };
  if (segments.some((s) => s.toLowerCase() === '.git')) return { ok: false, reason: 'path must not contain a ".git" segment' };
  return { ok: true, path, segments };
}

/** Why a write of `bytes` bytes is refused, naming the limit; undefined when it fits. */
export function contentSizeProblem(bytes: number, limit = MAX_WRITE_BYTES): string | undefined {
  return bytes > limit ? `content is too large: ${bytes} bytes (maximum is ${limit} bytes)` : undefined;
}

/** The readme among a root directory's file names: `README.md`, else `README`, in any case; undefined when neither is there. */
export function pickReadme(names: readonly string[]): string | undefined {
  return names.find((n) => n.toLowerCase() === 'readme.md') ?? names.find((n) => n.toLowerCase() === 'readme');
}

export type CompareStatus = 'identical' | 'ahead' | 'behind' | 'diverged';

/** The status of `base...head`: head's commits that base lacks (ahead) and base's that head lacks (behind). */
export function compareStatus(aheadBy: number, behindBy: number): CompareStatus {
  if (aheadBy === 0) return behindBy === 0 ? 'identical' : 'behind';
  return behindBy === 0 ? 'ahead' : 'diverged';
}

/**
 * Whether a comparison's commits are asked for in pages. The vendor pages
 * them only when `page` or `per_page` is given ("Compare two commits": without
 * either, at most MAX_COMPARE_COMMITS); a malformed value counts as absent, as
 * the emulator's other lists read it (conventions/pagination.ts).
 */
export function comparePaged(query: unknown): boolean {
  const q = (query ?? {}) as Record<string, unknown>;
  return positiveInt(q.page) !== undefined || positiveInt(q.per_page) !== undefined;
}

/** Whether an answer of a comparison lists its files: unpaged always; paged only on page 1, as the vendor documents. */
export function compareListsFiles(paged: boolean, page: number): boolean {
  return !paged || page === 1;
}

/** `base...head` (three dots: from their merge base) split in two; undefined when it is not that form. */
export function splitBaseHead(spec: string): { base: string; head: string } | undefined {
  const at = spec.indexOf('...');
  if (at <= 0) return undefined;
  const base = spec.slice(0, at);
  const head = spec.slice(at + 3);
  if (head === '' || head.startsWith('.')) return undefined;
  return { base, head };
}

/**
 * One side of a comparison: `branch`, or `owner:branch` for a branch of
 * another repository of the same network (the vendor's form; a ref name never
 * holds a colon, so the first one splits). Undefined when either part is empty.
 */
export function splitOwnerRef(side: string): { owner: string | undefined; ref: string } | undefined {
  const colon = side.indexOf(':');
  if (colon < 0) return side === '' ? undefined : { owner: undefined, ref: side };
  const owner = side.slice(0, colon);
  const ref = side.slice(colon + 1);
  return owner === '' || ref === '' ? undefined : { owner, ref };
}

/**
 * A raw file's address after `raw/`, `<ref>/<path>`, read every way it can be:
 * the ref's leading segments, shortest first (a ref may hold slashes), each
 * with a non-empty path after it.
 */
export function splitRefAndPath(rest: string): Array<{ ref: string; path: string }> {
  const segments = rest.split('/');
  const ways: Array<{ ref: string; path: string }> = [];
  for (let i = 1; i < segments.length; i++) {
    const ref = segments.slice(0, i).join('/');
    const path = segments.slice(i).join('/');
    if (ref !== '' && path !== '') ways.push({ ref, path });
  }
  return ways;
}

/** The texts a pull request or a comparison has a web address for, as its `diff_url` and `patch_url` name them. */
export const DIFF_MEDIA = ['diff', 'patch'] as const;
export type DiffMedia = (typeof DIFF_MEDIA)[number];

/**
 * `<name>.diff` or `<name>.patch` (the end of a `diff_url` / `patch_url`)
 * split in the name and the text it asks for; undefined for any other ending
 * or an empty name.
 */
export function splitDiffFile(file: string): { name: string; media: DiffMedia } | undefined {
  for (const media of DIFF_MEDIA) {
    const suffix = `.${media}`;
    if (file.length > suffix.length && file.endsWith(suffix)) return { name: file.slice(0, -suffix.length), media };
  }
  return undefined;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A `since` / `until` filter (ISO 8601, `YYYY-MM-DDTHH:MM:SSZ` or a date) as
 * seconds since the epoch; null when absent, undefined when malformed.
 */
export function timeFilter(value: unknown): number | null | undefined {
  if (value === undefined) return null;
  const match = typeof value === 'string' ? ISO_TIME.exec(value) : null;
  if (!match) return undefined;
  // Without an offset it is UTC (Date.parse would read a time in the local zone; V8 reads `2026-01-06Z` as a date).
  const ms = Date.parse(match[4] === undefined ? `${match[0]}Z` : match[0]);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}
