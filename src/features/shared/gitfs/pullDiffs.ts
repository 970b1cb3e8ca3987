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

/** A diff of a pull request's file starting to open (`opened` undefined), open (true), or not opened (false). */
type PullDiffListener = (d: PullDiffOpening, opened?: boolean) => void;
const listeners = new Set<PullDiffListener>();

/**
 * Hears of a pull request's diff as it starts to open, before VS Code has read its sides (the inline threads read the
 * pull request and its review comments meanwhile, and draw the head side's), and again once it opened, or did not
 * (its sides could not be read, or it was no longer wanted).
 */
export function onPullDiff(listener: PullDiffListener): { dispose(): void } {
  listeners.add(listener);
  return { dispose: () => void listeners.delete(listener) };
}

/** Tells of a diff starting to open (`opened` undefined: it is remembered for its threads), then open or not. */
export function tellPullDiff(d: PullDiffOpening, opened?: boolean): void {
  if (opened === undefined) rememberPullDiff(d);
  for (const listener of listeners) listener(d, opened);
}
