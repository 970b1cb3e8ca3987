// Contents writes (outside the documents; octokit createOrUpdateFileContents
// / deleteFile, PyGithub create_file / update_file / delete_file): each one a
// real commit on the branch of the real repository. Every check — access,
// path, body, size, branch, the file's current blob against `sha` — runs
// before the first object is written, so a refused request writes nothing;
// the branch moves only if it still holds the tip the commit was made on
// (a write that lost a race is 409, as a stale `sha` is).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createBlob,
  createCommit,
  createRef,
  createTree,
  findRef,
  NotFastForwardError,
  ReferenceConflictError,
  ReferenceExistsError,
  updateRef,
  type CommitData,
  type GitIdentity,
} from '../../git';
import { decodeContent } from '../../git/blobs';
import type { EmulatorContext } from '../../server';
import { currentUser } from '../conventions/auth';
import { bodyHash } from '../conventions/conventions';
import { ApiError, missingField, notFound, validationFailed } from '../conventions/errors';
import { hasNul } from '../conventions/git-input';
import { isoTime } from '../conventions/time';
import { markPushed } from '../repos/store';
import { emitRefEvents } from '../gitdata/events';
import { asApiError, translated, type Open, type Opened, type RestParams } from './common';
import { contentPath, entryJson } from './contents';
import { entryAt, hasBranches, logOne, type PathEntry } from './git';
import { contentSizeProblem } from './rules';

const ZERO_SHA = '0'.repeat(40);

interface WriteBody {
  message: string;
  sha: string | undefined;
  branch: string | undefined;
  author: unknown;
  committer: unknown;
}

/** The body of a PUT or DELETE: `message` required, `sha` and `branch` strings when given, no NUL in the text git stores. */
function writeBody(req: FastifyRequest): { body: WriteBody; raw: Record<string, unknown> } {
  const raw = bodyHash(req, 'Content');
  if (typeof raw.message !== 'string') throw missingField('Content', 'message');
  for (const field of ['sha', 'branch'] as const) {
    if (raw[field] !== undefined && raw[field] !== null && typeof raw[field] !== 'string')
      throw validationFailed({ resource: 'Content', field, code: 'invalid' });
  }
  if (hasNul(raw.message)) throw validationFailed({ resource: 'Content', field: 'message', code: 'invalid', message: 'message must not contain a NUL byte' });
  const opt = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    body: { message: raw.message, sha: opt(raw.sha), branch: opt(raw.branch), author: raw.author ?? undefined, committer: raw.committer ?? undefined },
    raw,
  };
}

/** Where a write lands: the branch's tip and tree, or nothing yet (the first commit of an empty repository). */
async function branchTip(o: Opened, branch: string): Promise<{ sha: string; tree: string } | undefined> {
  const ref = await findRef(o.git, `refs/heads/${branch}`);
  if (ref) return { sha: ref.sha, tree: (await logOne(o.git, ref.sha)).tree };
  // An empty repository takes its first commit on any branch; elsewhere the branch must exist.
  if (!(await hasBranches(o.git))) return undefined;
  throw new ApiError(404, 'Branch not found', undefined, '/v3');
}

/** The file at the path on the tip: 422 when a directory (or a file on the way) is there, 409 when `sha` does not match it. */
async function currentFile(o: Opened, tree: string | undefined, path: string, segments: string[], sha: string | undefined): Promise<PathEntry | undefined> {
  const found = tree === undefined ? 'missing' : await entryAt(o.git, tree, segments);
  if (found === 'blocked' || (typeof found === 'object' && found.type !== 'blob'))
    throw validationFailed({ resource: 'Content', field: 'path', code: 'invalid', message: `path ${path} is not a file` });
  const file = found === 'missing' ? undefined : found;
  if (sha !== undefined && file?.sha !== sha.toLowerCase()) throw new ApiError(409, `${path} does not match ${sha}`, undefined, '/v3');
  return file;
}

/** The vendor's git commit of a write's answer (octokit's `commit` of createOrUpdateFileContents). */
function gitCommitJson(o: Opened, c: CommitData) {
  const person = (i: GitIdentity) => ({ name: i.name, email: i.email, date: isoTime(i.timestamp * 1000) });
  return {
    sha: c.sha,
    node_id: Buffer.from(`04:Commit${o.loaded.repo.id}:${c.sha}`).toString('base64'),
    url: `${o.api}/git/commits/${c.sha}`,
    html_url: `${o.b.web}/${o.full}/commit/${c.sha}`,
    author: person(c.author),
    committer: person(c.committer),
    tree: { sha: c.tree, url: `${o.api}/git/trees/${c.tree}` },
    message: c.message,
    parents: c.parents.map((p) => ({ url: `${o.api}/git/commits/${p}`, html_url: `${o.b.web}/${o.full}/commit/${p}`, sha: p })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
  };
}

interface Change {
  branch: string;
  parent: string | undefined;
  /** The tree entry to write: a blob's SHA, or null to delete. */
  entry: { path: string; mode: string; sha: string | null };
  body: WriteBody;
}

/** Writes the tree and the commit, then moves the branch only from the tip it was made on. */
async function commitChange(ctx: EmulatorContext, req: FastifyRequest, o: Opened, baseTree: string | undefined, change: Change): Promise<CommitData> {
  const tree = await translated(() => createTree(o.git, { base_tree: baseTree, tree: [{ ...change.entry, type: 'blob' }] }));
  // The committer is the caller unless given; the author is the committer unless given (as the vendor documents them).
  const user = currentUser(req);
  const login = user?.login ?? 'unknown';
  const caller = { name: user?.name ?? login, email: user?.email ?? `${login}@users.noreply.${new URL(ctx.baseUrl()).hostname}`, date: isoTime() };
  const committer = change.body.committer ?? caller;
  const author = change.body.author ?? committer;
  const commit = await translated(() =>
    createCommit(
      o.git,
      { message: change.body.message, tree: tree.sha, parents: change.parent ? [change.parent] : [], author, committer },
      { user: caller, now: new Date() },
    ),
  );
  const ref = `refs/heads/${change.branch}`;
  try {
    if (change.parent) await updateRef(o.git, ref, commit.sha, false);
    else await createRef(o.git, ref, commit.sha);
  } catch (error) {
    if (error instanceof NotFastForwardError || error instanceof ReferenceConflictError || error instanceof ReferenceExistsError)
      throw new ApiError(409, `${change.branch} moved while the change was written; read the file again`, undefined, '/v3');
    throw asApiError(error);
  }
  markPushed(ctx.db, o.loaded.repo.id);
  if (user) emitRefEvents(ctx, o.git, o.loaded.repo, o.loaded.owner, user, { ref, before: change.parent ?? ZERO_SHA, after: commit.sha, forced: false });
  return commit;
}

export function registerContentWrites(app: FastifyInstance, ctx: EmulatorContext, open: Open): void {
  app.put<RestParams>('/repos/:owner/:repo/contents/*', async (req, reply) => {
    const o = open(req, reply, req.params, 'push');
    const { path, segments } = contentPath(req.params['*'], false);
    const { body, raw } = writeBody(req);
    if (typeof raw.content !== 'string') throw missingField('Content', 'content');
    const bytes = await translated(async () => decodeContent(raw.content, 'base64', 'content'));
    const tooLarge = contentSizeProblem(bytes.length);
    if (tooLarge) throw validationFailed({ resource: 'Content', field: 'content', code: 'too_large', message: tooLarge });
    const branch = body.branch ?? o.loaded.repo.default_branch;
    const tip = await branchTip(o, branch);
    const existing = await currentFile(o, tip?.tree, path, segments, body.sha);
    if (existing && body.sha === undefined)
      throw validationFailed({ resource: 'Content', field: 'sha', code: 'missing_field', message: `"sha" wasn't supplied: ${path} exists` });
    // Every check has passed: from here on objects are written.
    const blob = await createBlob(o.git, raw.content, 'base64');
    const mode = existing?.mode ?? '100644';
    const commit = await commitChange(ctx, req, o, tip?.tree, { branch, parent: tip?.sha, entry: { path, mode, sha: blob.sha }, body });
    const content = entryJson(o, branch, path, { mode, type: 'blob', sha: blob.sha }, blob.size);
    return reply.code(existing ? 200 : 201).send({ content, commit: gitCommitJson(o, commit) });
  });

  app.delete<RestParams>('/repos/:owner/:repo/contents/*', async (req, reply) => {
    const o = open(req, reply, req.params, 'push');
    const { path, segments } = contentPath(req.params['*'], false);
    const { body } = writeBody(req);
    if (body.sha === undefined) throw missingField('Content', 'sha');
    const branch = body.branch ?? o.loaded.repo.default_branch;
    const tip = await branchTip(o, branch);
    if (!tip) throw notFound();
    const existing = await entryAt(o.git, tip.tree, segments);
    if (typeof existing !== 'object' || existing.type !== 'blob') throw notFound();
    await currentFile(o, tip.tree, path, segments, body.sha);
    const commit = await commitChange(ctx, req, o, tip.tree, { branch, parent: tip.sha, entry: { path, mode: existing.mode, sha: null }, body });
    return { content: null, commit: gitCommitJson(o, commit) };
  });
}
