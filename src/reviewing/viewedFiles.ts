// Which changed files of a pull request the user marked as viewed, kept per
// account and pull request: a mark holds the file's blob SHA at the head it
// was viewed on, so a file that changes again (another blob) reads as not
// viewed. The heads the user viewed files on are kept too (the last two), so
// "changes since my last review" can list the files whose blob differs
// between the head last viewed and the current one. Pure: the store that
// keeps it in workspace storage, the Pull Requests view and the overview
// page share it.

/** A changed file as the pull request's files list gives it (its blob SHA at the head). */
export interface HeadFile {
  filename: string;
  sha: string;
}

interface ViewedHead {
  sha: string;
  /** path → blob SHA of every changed file at that head. */
  blobs: Record<string, string>;
}

export interface PullViewed {
  /** path → the blob SHA the file had when marked viewed. */
  viewed: Record<string, string>;
  /** The heads files were viewed on, the latest last (at most two). */
  heads: ViewedHead[];
}

export const EMPTY_VIEWED: PullViewed = { viewed: {}, heads: [] };

/** The key of one pull request's record: service, account, repository, number. */
export function viewedKey(apiUrl: string, accountId: string | number, owner: string, repo: string, number: number): string {
  return `repodesk.viewedFiles:${apiUrl}|${accountId}|${owner}/${repo}#${number}`;
}

const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/** A stored record read back; anything malformed reads as nothing viewed. */
export function readViewed(raw: unknown): PullViewed {
  if (typeof raw !== 'object' || raw === null) return EMPTY_VIEWED;
  const r = raw as { viewed?: unknown; heads?: unknown };
  if (!isStringRecord(r.viewed) || !Array.isArray(r.heads)) return EMPTY_VIEWED;
  const heads = r.heads.filter(
    (h): h is ViewedHead => typeof h === 'object' && h !== null && typeof (h as ViewedHead).sha === 'string' && isStringRecord((h as ViewedHead).blobs),
  );
  return { viewed: { ...r.viewed }, heads };
}

export function isViewed(state: PullViewed, file: HeadFile): boolean {
  return state.viewed[file.filename] === file.sha;
}

function blobsOf(files: readonly HeadFile[]): Record<string, string> {
  return Object.fromEntries(files.map((f) => [f.filename, f.sha]));
}

/** The files marked viewed at this head (each with its blob SHA now); the head is remembered. */
export function markViewed(state: PullViewed, headSha: string, files: readonly HeadFile[], paths: readonly string[]): PullViewed {
  const now = blobsOf(files);
  const viewed = { ...state.viewed };
  for (const p of paths) {
    const sha = now[p];
    if (sha !== undefined) viewed[p] = sha;
  }
  const earlier = state.heads.filter((h) => h.sha !== headSha);
  return { viewed, heads: [...earlier.slice(-1), { sha: headSha, blobs: now }] };
}

export function unmarkViewed(state: PullViewed, paths: readonly string[]): PullViewed {
  const viewed = { ...state.viewed };
  for (const p of paths) delete viewed[p];
  return { viewed, heads: state.heads };
}

/** "3 of 12 viewed": the files viewed with the blob they have now, of all changed files. */
export function viewedProgress(state: PullViewed, files: readonly HeadFile[]): { viewed: number; total: number } {
  return { viewed: files.filter((f) => isViewed(state, f)).length, total: files.length };
}

export interface ChangeSince {
  path: string;
  /** The blob at the head last viewed (undefined: the file was not among the changes then). */
  before: string | undefined;
  /** The blob now (undefined: no longer among the changes). */
  after: string | undefined;
}

/**
 * The files whose blob differs between the last head viewed before this one
 * and this head (files new to the pull request and files no longer in it
 * included), sorted by path; undefined when no files were viewed at an
 * earlier head.
 */
export function changesSince(state: PullViewed, headSha: string, files: readonly HeadFile[]): { since: string; changes: ChangeSince[] } | undefined {
  const last = state.heads.filter((h) => h.sha !== headSha).pop();
  if (!last) return undefined;
  const now = blobsOf(files);
  const paths = [...new Set([...Object.keys(last.blobs), ...Object.keys(now)])].sort();
  const changes = paths.filter((p) => last.blobs[p] !== now[p]).map((p) => ({ path: p, before: last.blobs[p], after: now[p] }));
  return { since: last.sha, changes };
}
