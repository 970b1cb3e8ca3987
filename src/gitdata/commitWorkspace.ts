// Commits a set of files to a branch through the git data API, writing only
// what changed: the branch's tree is read once, each file is compared by its
// locally computed SHA, text files go inline in the new tree, binary files as
// blobs (in parallel, bounded), deletions as `sha: null` on `base_tree`. For N
// changed text files that is five requests whatever N: the ref, the tree, the
// new tree, the commit, the ref update. Every SHA the service answers is
// checked against the one computed here; a mismatch stops before the ref moves.
import { sameBytes, toBase64, utf8Bytes } from '../util/bytes';
import { ValidationFailedError, type HostingClient, type NewTreeEntry, type PersonInput } from '../hosting';
import { filesAfter, planChanges, type Change, type RemoteEntry } from './changePlan';
import { treeShaOfFiles, type GitFile } from './hashing';

/** A workspace file: its path (from the folder committed), mode, blob SHA, and its bytes on demand. */
export interface WorkspaceFile extends GitFile {
  read(): Promise<Uint8Array>;
}

/** What the branch holds now and what the commit would change: shown to the user before anything is written. */
export interface CommitPreview {
  owner: string;
  repo: string;
  branch: string;
  /** The commit the new one builds on (the branch's head, or the base of a new branch); undefined for a repository's first commit. */
  parent: string | undefined;
  /** True when the branch does not exist yet and is created at the new commit. */
  newBranch: boolean;
  /** The parent's root tree: the new tree is written on it (undefined: a first commit). */
  baseTree: string | undefined;
  remote: RemoteEntry[];
  changes: Change[];
  prefix: string;
  /** Requests spent so far. */
  requests: number;
}

export interface CommitOptions {
  message: string;
  author?: PersonInput;
  committer?: PersonInput;
  signal?: AbortSignal;
  /** Called as each step starts ("blobs", "tree", "commit", "ref"). */
  onStep?(step: 'blobs' | 'tree' | 'commit' | 'ref', detail?: string): void;
  /** Binary blobs uploaded at once (4 by default). */
  blobConcurrency?: number;
}

export interface CommitResult {
  commit: string;
  tree: string;
  parent: string | undefined;
  changes: Change[];
  /** Requests spent, preview included. */
  requests: number;
}

export class NothingToCommitError extends Error {
  constructor(branch: string) {
    super(`Nothing to commit: the files are the same as ${branch}.`);
  }
}

/** The branch moved since the preview; the commit exists, unreferenced, and can go elsewhere. */
export class NotFastForwardError extends Error {
  constructor(
    readonly branch: string,
    readonly commit: string,
    serviceMessage: string,
  ) {
    super(`${branch} has moved since the preview (${serviceMessage}).`);
  }
}

/** The service computed another SHA than git would: a bug somewhere, so nothing is referenced. */
export class ShaMismatchError extends Error {
  constructor(what: string, expected: string, got: string) {
    super(`The service's ${what} ${got} is not the ${expected} computed locally; the branch was not changed.`);
  }
}

/**
 * Reads the branch (or, for a new branch, `from`: a commit SHA) and compares
 * it with the files: two requests (the ref and the recursive tree; a
 * truncated tree is walked by subtree).
 */
export async function previewCommit(
  client: HostingClient,
  owner: string,
  repo: string,
  branch: string,
  files: readonly GitFile[],
  options: { prefix?: string; from?: string | null } = {},
): Promise<CommitPreview> {
  let requests = 0;
  let parent: string | undefined;
  const newBranch = options.from !== undefined;
  if (options.from !== undefined) parent = options.from ?? undefined;
  else {
    requests++;
    parent = (await client.git.getRef(owner, repo, `heads/${branch}`)).object.sha;
  }
  const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (parent === undefined) {
    // A repository's first commit: everything is added, on no tree.
    return { owner, repo, branch, parent, newBranch, baseTree: undefined, remote: [], changes: planChanges(files, [], prefix), prefix, requests };
  }
  const { sha: baseTree, entries, requests: treeRequests } = await readTree(client, owner, repo, parent);
  requests += treeRequests;
  return { owner, repo, branch, parent, newBranch, baseTree, remote: entries, changes: planChanges(files, entries, prefix), prefix, requests };
}

/**
 * The same changes on the branch's new head, when the branch moved since the
 * preview: possible only when no path the commit changes was changed on the
 * branch meanwhile (those paths are listed otherwise, and nothing is written).
 */
export async function rebasePreview(client: HostingClient, preview: CommitPreview): Promise<{ preview: CommitPreview } | { conflicts: string[] }> {
  const head = (await client.git.getRef(preview.owner, preview.repo, `heads/${preview.branch}`)).object.sha;
  const { sha: baseTree, entries, requests } = await readTree(client, preview.owner, preview.repo, head);
  const before = new Map(preview.remote.map((e) => [e.path, `${e.mode} ${e.sha}`]));
  const after = new Map(entries.map((e) => [e.path, `${e.mode} ${e.sha}`]));
  const theirs = new Set([...before.keys(), ...after.keys()].filter((p) => before.get(p) !== after.get(p)));
  const ours = preview.changes.flatMap((c) => (c.kind === 'renamed' ? [c.path, c.from] : [c.path]));
  const conflicts = ours.filter((p) => theirs.has(p));
  if (conflicts.length) return { conflicts };
  return { preview: { ...preview, parent: head, newBranch: false, baseTree, remote: entries, requests: preview.requests + 1 + requests } };
}

/** Writes the changes of a preview and moves (or creates) the branch: the new commit's SHA. */
export async function commitPreview(
  client: HostingClient,
  preview: CommitPreview,
  files: readonly WorkspaceFile[],
  options: CommitOptions,
): Promise<CommitResult> {
  const { owner, repo, branch, changes } = preview;
  if (changes.length === 0) throw new NothingToCommitError(branch);
  let requests = preview.requests;
  const byPath = new Map(files.map((f) => [preview.prefix ? `${preview.prefix}/${f.path}` : f.path, f]));
  const checkAbort = () => options.signal?.throwIfAborted();

  // Contents of added and modified files; binary ones become blobs first.
  const written = changes.filter((c): c is Extract<Change, { kind: 'added' | 'modified' }> => c.kind === 'added' || c.kind === 'modified');
  const contents = new Map<string, Uint8Array>();
  await Promise.all(written.map(async (c) => contents.set(c.path, await byPath.get(c.path)!.read())));
  const binary = written.filter((c) => inlineText(contents.get(c.path)!) === undefined);
  checkAbort();
  if (binary.length > 0) options.onStep?.('blobs', `${binary.length}`);
  await mapBounded(binary, options.blobConcurrency ?? 4, async (c) => {
    checkAbort();
    requests++;
    const created = await client.git.createBlob(owner, repo, toBase64(contents.get(c.path)!), 'base64');
    if (created.sha !== c.sha) throw new ShaMismatchError(`blob of ${c.path}`, c.sha, created.sha);
  });

  const entries: NewTreeEntry[] = [];
  for (const c of changes) {
    if (c.kind === 'deleted') {
      entries.push({ path: c.path, mode: c.oldMode as NewTreeEntry['mode'], type: 'blob', sha: null });
    } else if (c.kind === 'renamed') {
      // The content is already on the service: the new path by SHA, the old one deleted.
      entries.push({ path: c.path, mode: c.mode, type: 'blob', sha: c.sha });
      const old = preview.remote.find((e) => e.path === c.from);
      entries.push({ path: c.from, mode: (old?.mode ?? '100644') as NewTreeEntry['mode'], type: 'blob', sha: null });
    } else if (c.kind === 'mode') {
      entries.push({ path: c.path, mode: c.mode, type: 'blob', sha: c.sha });
    } else {
      const text = inlineText(contents.get(c.path)!);
      entries.push(text === undefined ? { path: c.path, mode: c.mode, type: 'blob', sha: c.sha } : { path: c.path, mode: c.mode, type: 'blob', content: text });
    }
  }
  checkAbort();
  options.onStep?.('tree');
  requests++;
  const tree = await client.git.createTree(owner, repo, entries, preview.baseTree);
  const expectedTree = treeShaOfFiles(filesAfter(preview.remote, changes)).sha;
  if (tree.sha !== expectedTree) throw new ShaMismatchError('tree', expectedTree, tree.sha);

  checkAbort();
  options.onStep?.('commit');
  requests++;
  const commit = await client.git.createCommit(owner, repo, {
    message: options.message,
    tree: tree.sha,
    parents: preview.parent ? [preview.parent] : [],
    ...(options.author ? { author: options.author } : {}),
    ...(options.committer ? { committer: options.committer } : {}),
  });

  // The last moment a cancel leaves the branch as it was.
  checkAbort();
  options.onStep?.('ref');
  requests++;
  if (preview.newBranch) {
    await client.git.createRef(owner, repo, `refs/heads/${branch}`, commit.sha);
  } else {
    try {
      await client.git.updateRef(owner, repo, `heads/${branch}`, commit.sha, false);
    } catch (err) {
      if (err instanceof ValidationFailedError && /fast.forward/i.test(err.message)) throw new NotFastForwardError(branch, commit.sha, err.message);
      throw err;
    }
  }
  return { commit: commit.sha, tree: tree.sha, parent: preview.parent, changes, requests };
}

/** The recursive tree of a commit or tree; a truncated answer is read again subtree by subtree. */
async function readTree(client: HostingClient, owner: string, repo: string, sha: string): Promise<{ sha: string; entries: RemoteEntry[]; requests: number }> {
  const tree = await client.git.getTree(owner, repo, sha, true);
  if (!tree.truncated) return { sha: tree.sha, entries: tree.tree.map(toEntry), requests: 1 };
  let requests = 1;
  const entries: RemoteEntry[] = [];
  const walk = async (treeSha: string, dir: string): Promise<void> => {
    requests++;
    const level = await client.git.getTree(owner, repo, treeSha, false);
    for (const e of level.tree) {
      const path = dir ? `${dir}/${e.path}` : e.path;
      entries.push(toEntry({ ...e, path }));
      if (e.type === 'tree') await walk(e.sha, path);
    }
  };
  await walk(tree.sha, '');
  return { sha: tree.sha, entries, requests };
}

function toEntry(e: { path: string; mode: string; type: string; sha: string }): RemoteEntry {
  return { path: e.path, mode: e.mode, type: e.type, sha: e.sha };
}

/** The bytes as a string when they are UTF-8 text that round-trips exactly (no NUL); undefined for binary. */
export function inlineText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return sameBytes(utf8Bytes(text), bytes) ? text : undefined;
  } catch {
    return undefined;
  }
}

async function mapBounded<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
