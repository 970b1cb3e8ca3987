// What a user types where a commit is wanted ("create a branch from…", "move
// the ref to…"): a full SHA, a branch or tag name, `heads/x`/`tags/x`, or an
// abbreviated SHA as the views show them. The git data API only reads full
// SHAs and has no "find by prefix" or commit listing, so an abbreviated SHA
// is matched against the refs' tips and then the history behind the
// branches, walked breadth-first through `GET /git/commits/:sha` within a
// request budget (commits are immutable, so the ETag cache makes a repeated
// walk cheap).

/** The part of the v3 git data client this needs (HostingClient.git fits). */
export interface CommitishSource {
  getRef(owner: string, repo: string, ref: string): Promise<{ ref: string; object: { sha: string; type: string } }>;
  listRefs(owner: string, repo: string): AsyncIterable<{ ref: string; object: { sha: string; type: string } }>;
  getCommit(owner: string, repo: string, sha: string): Promise<{ sha: string; parents: readonly { sha: string }[] }>;
}

/** Why a name gave no commit; the fields let the UI word it in the user's language. */
export class CommitishError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-a-name' | 'not-found' | 'ambiguous',
    readonly text: string,
    /** 'ambiguous': the matching SHAs. */
    readonly candidates: readonly string[] = [],
    /** 'not-found': commits read while walking, and whether the whole history was walked. */
    readonly walk: { read: number; complete: boolean } = { read: 0, complete: false },
  ) {
    super(message);
    this.name = 'CommitishError';
  }
}

export interface ResolveOptions {
  /** Most commits read while walking history for an abbreviated SHA. */
  maxCommits?: number;
}

const FULL_SHA = /^[0-9a-f]{40}$/i;
const ABBREVIATED_SHA = /^[0-9a-f]{4,39}$/i;

/** The full SHA of a commit named by a user. Throws CommitishError when there is none or several. */
export async function resolveCommitish(git: CommitishSource, owner: string, repo: string, text: string, options: ResolveOptions = {}): Promise<string> {
  const t = text.trim();
  if (FULL_SHA.test(t)) return t.toLowerCase();
  const named = await resolveRefName(git, owner, repo, t);
  if (named) return named;
  if (!ABBREVIATED_SHA.test(t)) throw new CommitishError(`No branch, tag or commit named "${t}".`, 'not-a-name', t);
  const prefix = t.toLowerCase();
  const maxCommits = options.maxCommits ?? 200;

  const refs: { ref: string; object: { sha: string; type: string } }[] = [];
  for await (const r of git.listRefs(owner, repo)) refs.push(r);
  const tips = new Set(refs.filter((r) => r.object.type === 'commit').map((r) => r.object.sha));
  const atTips = [...tips].filter((sha) => sha.startsWith(prefix));
  if (atTips.length === 1) return atTips[0]!;
  if (atTips.length > 1) throw ambiguous(t, atTips);

  // Breadth-first from the branch tips (then tags), nearest commits first.
  const heads = refs.filter((r) => r.ref.startsWith('refs/heads/') && r.object.type === 'commit').map((r) => r.object.sha);
  const queue = [...new Set([...heads, ...tips])];
  const seen = new Set(queue);
  let read = 0;
  while (queue.length > 0 && read < maxCommits) {
    const commit = await git.getCommit(owner, repo, queue.shift()!);
    read++;
    for (const p of commit.parents) {
      if (seen.has(p.sha)) continue;
      if (p.sha.startsWith(prefix)) return p.sha;
      seen.add(p.sha);
      queue.push(p.sha);
    }
  }
  const complete = queue.length === 0;
  const where = complete ? 'in the history of any branch or tag' : `among the last ${read} commits of the branches and tags`;
  throw new CommitishError(`No commit starting with ${t} ${where}; enter the full 40-character SHA.`, 'not-found', t, [], { read, complete });
}

/** A branch or tag (or `heads/x`, `tags/x`, `refs/...`) to the SHA it points at, or undefined. */
async function resolveRefName(git: CommitishSource, owner: string, repo: string, name: string): Promise<string | undefined> {
  const bare = name.replace(/^refs\//, '');
  const candidates = bare.startsWith('heads/') || bare.startsWith('tags/') || name.startsWith('refs/') ? [bare] : [`heads/${bare}`, `tags/${bare}`];
  for (const ref of candidates) {
    try {
      return (await git.getRef(owner, repo, ref)).object.sha;
    } catch (err) {
      // Not this reading (404); try the next. Any other failure is the user's to see.
      if ((err as { status?: unknown }).status !== 404) throw err;
    }
  }
  return undefined;
}

function ambiguous(text: string, shas: readonly string[]): CommitishError {
  return new CommitishError(`${text} is ambiguous: ${shas.map((s) => s.slice(0, 12)).join(', ')}. Type more characters.`, 'ambiguous', text, shas);
}
