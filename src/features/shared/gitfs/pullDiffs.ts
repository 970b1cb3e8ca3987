// Which pull request a `repodesk:` diff was opened for: a document at a
// commit of a repository does not name its pull request, so openDiff
// remembers it here and the inline review threads look it up.
export interface PullDiff {
  owner: string;
  repo: string;
  number: number;
  baseSha: string;
  headSha: string;
  /** The account the pull request was opened under (its diff and threads are read with it); none: the account in use. */
  accountId?: string | undefined;
}

const opened = new Map<string, PullDiff>();

const key = (owner: string, repo: string, sha: string, accountId: string | undefined) => `${accountId ?? ''} ${owner}/${repo}@${sha}`;

function rememberPullDiff(d: PullDiff): void {
  opened.set(key(d.owner, d.repo, d.headSha, d.accountId), d);
  opened.set(key(d.owner, d.repo, d.baseSha, d.accountId), d);
}

/** The pull request whose diff showed this commit (read with `accountId`), most recent first. */
export function pullDiffAt(owner: string, repo: string, sha: string, accountId?: string): PullDiff | undefined {
  return opened.get(key(owner, repo, sha, accountId));
}

/** A diff of a pull request's file about to open: the file's path besides its pull request and commits. */
export interface PullDiffOpening extends PullDiff {
  path: string;
}

const openingListeners = new Set<(d: PullDiffOpening) => void>();

/**
 * Hears of a pull request's diff as it starts to open, before VS Code has
 * read its sides: the inline threads read the pull request and its review
 * comments meanwhile instead of after the documents open.
 */
export function onPullDiffOpening(listener: (d: PullDiffOpening) => void): { dispose(): void } {
  openingListeners.add(listener);
  return { dispose: () => void openingListeners.delete(listener) };
}

export function rememberPullDiffOpening(d: PullDiffOpening): void {
  rememberPullDiff(d);
  for (const listener of openingListeners) listener(d);
}

const settledListeners = new Set<(d: PullDiffOpening, opened: boolean) => void>();

/** Hears of a diff announced as opening once VS Code has it (`opened`), or once it did not open (its sides could not be read, or it was no longer wanted). */
export function onPullDiffSettled(listener: (d: PullDiffOpening, opened: boolean) => void): { dispose(): void } {
  settledListeners.add(listener);
  return { dispose: () => void settledListeners.delete(listener) };
}

export function pullDiffSettled(d: PullDiffOpening, opened: boolean): void {
  for (const listener of settledListeners) listener(d, opened);
}
