// Commits: read from the object itself (dates stay in their own offset) and
// created with `git commit-tree`, names, emails and dates passed in GIT_*
// variables so the SHA is exactly what git computes for them.
import { InvalidInputError } from './errors';
import { gitDate, identityFromInput, isoInZone, parseHeaders, parseIdentity, type GitIdentity } from './format';
import type { GitRepository } from './repository';
import { identityEnv } from './run';

export interface CommitData {
  sha: string;
  tree: string;
  parents: string[];
  author: GitIdentity;
  committer: GitIdentity;
  message: string;
}

export interface CreateCommitInput {
  message: unknown;
  tree: unknown;
  parents?: unknown;
  author?: unknown;
  committer?: unknown;
}

export interface CommitDefaults {
  /** The authenticated user, who becomes the author when none is given. */
  user: { name: string; email: string };
  /** The current time, for identities without a date. */
  now: Date;
}

export function parseCommit(sha: string, content: Buffer): CommitData {
  const { headers, message } = parseHeaders(content);
  const commit: CommitData = { sha, tree: '', parents: [], author: parseIdentity(''), committer: parseIdentity(''), message };
  for (const [key, value] of headers) {
    if (key === 'tree') commit.tree = value;
    else if (key === 'parent') commit.parents.push(value);
    else if (key === 'author') commit.author = parseIdentity(value);
    else if (key === 'committer') commit.committer = parseIdentity(value);
  }
  return commit;
}

export async function readCommit(repo: GitRepository, sha: string): Promise<CommitData> {
  const object = await repo.readObject(sha, 'commit');
  return parseCommit(object.sha, object.content);
}

function identityField(raw: unknown, field: string, now: Date): GitIdentity {
  if (typeof raw !== 'object' || raw === null) throw new InvalidInputError(`${field} must be an object`, field);
  const { name, email, date } = raw as Record<string, unknown>;
  if (typeof name !== 'string') throw new InvalidInputError(`${field}.name is required`, `${field}.name`);
  if (typeof email !== 'string') throw new InvalidInputError(`${field}.email is required`, `${field}.email`);
  if (date !== undefined && typeof date !== 'string') throw new InvalidInputError(`${field}.date must be an ISO 8601 string`, `${field}.date`);
  return identityFromInput({ name, email, date: date ?? now.toISOString() }, field);
}

/** Creates a commit; checks every input (tree, parents, identities) before git writes anything. */
export async function createCommit(repo: GitRepository, input: CreateCommitInput, defaults: CommitDefaults): Promise<CommitData> {
  if (typeof input.message !== 'string') throw new InvalidInputError('message is required', 'message');
  const tree = await repo.requireObject(input.tree, ['tree'], 'tree');
  const rawParents = input.parents ?? [];
  if (!Array.isArray(rawParents)) throw new InvalidInputError('parents must be an array of SHAs', 'parents');
  const parents = await Promise.all(rawParents.map((p, i) => repo.requireObject(p, ['commit'], `parents[${i}]`)));

  const nowIso = isoInZone(Math.floor(defaults.now.getTime() / 1000), '+0000');
  const author =
    input.author === undefined || input.author === null
      ? identityFromInput({ ...defaults.user, date: nowIso }, 'author')
      : identityField(input.author, 'author', defaults.now);
  const committer = input.committer === undefined || input.committer === null ? author : identityField(input.committer, 'committer', defaults.now);

  const args = ['commit-tree', tree.sha, ...parents.flatMap((p) => ['-p', p.sha])];
  const sha = (
    await repo.runText(args, {
      input: input.message,
      env: identityEnv({ ...author, date: gitDate(author) }, { ...committer, date: gitDate(committer) }),
    })
  ).trim();
  return readCommit(repo, sha);
}
