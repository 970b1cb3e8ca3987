// Creating a tree as the spec states: start from base_tree (or from nothing,
// so every other file appears deleted), apply the entries — by content or by
// sha, never both; `sha: null` deletes; a nested path creates or rewrites
// the subtrees above it, also inside a tree given in the same request — and
// write the changed trees bottom-up with `git mktree -z --batch`.
// Every entry is checked before anything is written.
import { writeBlobs, decodeContent } from './blobs';
import { InvalidPathError, InvalidTreeEntryError, GitCommandError } from './errors';
import { TREE_MODES, typeOfMode, type TreeMode } from './format';
import type { ObjectType } from './object-reader';
import type { GitRepository } from './repository';
import { readTree, readTreeEntries, type TreeListing } from './tree-read';
import { spawnGit } from './run';

interface TreeEntryInput {
  path: unknown;
  mode: unknown;
  type?: unknown;
  sha?: unknown;
  content?: unknown;
}

export interface CreateTreeInput {
  tree: unknown;
  base_tree?: unknown;
}

interface CheckedEntry {
  segments: string[];
  mode: TreeMode;
  type: ObjectType;
  /** A SHA, null to delete, or undefined until the content's blob is written. */
  sha: string | null | undefined;
  content?: Buffer;
}

type Node = Leaf | Dir;
interface Leaf {
  kind: 'leaf';
  mode: TreeMode;
  type: ObjectType;
  sha: string;
}
interface Dir {
  kind: 'dir';
  sha?: string;
  children?: Map<string, Node>;
  changed: boolean;
}

/** Splits and checks a path: no leading/trailing slash, no empty, `.`, `..` or `.git` segment. */
export function checkTreePath(path: unknown, field: string): string[] {
  if (typeof path !== 'string' || path === '') throw new InvalidPathError(`${field} must be a non-empty string`, field);
  if (path.startsWith('/') || path.endsWith('/')) throw new InvalidPathError(`${field} must not start or end with a slash`, field);
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || segment.toLowerCase() === '.git' || segment.includes('\0')) {
      throw new InvalidPathError(`${field} contains a malformed path component`, field);
    }
  }
  return segments;
}

function checkEntry(raw: unknown, index: number): CheckedEntry {
  const field = `tree[${index}]`;
  if (typeof raw !== 'object' || raw === null) throw new InvalidTreeEntryError(`${field} must be an object`, field);
  const entry = raw as TreeEntryInput;
  const segments = checkTreePath(entry.path, `${field}.path`);
  if (typeof entry.mode !== 'string' || !(TREE_MODES as readonly string[]).includes(entry.mode)) {
    throw new InvalidTreeEntryError(`${field}.mode must be one of ${TREE_MODES.join(', ')}`, `${field}.mode`);
  }
  const mode = entry.mode as TreeMode;
  const type = typeOfMode(mode);
  if (entry.type !== undefined && entry.type !== type) {
    throw new InvalidTreeEntryError(`${field}.type must be ${type} for mode ${mode}`, `${field}.type`);
  }
  const hasSha = entry.sha !== undefined;
  const hasContent = entry.content !== undefined;
  if (hasSha && hasContent) throw new InvalidTreeEntryError(`${field} must have either sha or content, not both`, field);
  if (!hasSha && !hasContent) throw new InvalidTreeEntryError(`${field} must have sha or content`, field);
  if (hasContent) {
    if (type !== 'blob') throw new InvalidTreeEntryError(`${field}.content is only allowed for blobs`, `${field}.content`);
    return { segments, mode, type, sha: undefined, content: decodeContent(entry.content, 'utf-8', `${field}.content`) };
  }
  if (entry.sha !== null && typeof entry.sha !== 'string') throw new InvalidTreeEntryError(`${field}.sha must be a string or null`, `${field}.sha`);
  return { segments, mode, type, sha: entry.sha === null ? null : entry.sha.toLowerCase() };
}

async function checkShas(repo: GitRepository, entries: CheckedEntry[]): Promise<void> {
  await Promise.all(
    entries.map(async (entry, index) => {
      if (typeof entry.sha !== 'string') return;
      const field = `tree[${index}].sha`;
      if (entry.type === 'commit') {
        // A submodule's commit lives in another repository; only its form can be checked.
        if (!/^[0-9a-f]{40}$/.test(entry.sha)) throw new InvalidTreeEntryError(`${field} must be a 40-character SHA`, field);
        return;
      }
      await repo.requireObject(entry.sha, [entry.type], field);
    }),
  );
}

async function childrenOf(repo: GitRepository, dir: Dir): Promise<Map<string, Node>> {
  if (!dir.children) {
    const entries = dir.sha ? await readTreeEntries(repo, dir.sha) : [];
    dir.children = new Map(
      entries.map((e): [string, Node] => [
        e.name,
        e.type === 'tree' ? { kind: 'dir', sha: e.sha, changed: false } : { kind: 'leaf', mode: e.mode, type: e.type, sha: e.sha },
      ]),
    );
  }
  return dir.children;
}

/** The directory holding the entry's last segment; created (over a file, if need be) unless `create` is false. */
async function parentDir(repo: GitRepository, root: Dir, segments: string[], create: boolean): Promise<Dir | undefined> {
  let dir = root;
  const path: Dir[] = [root];
  for (const segment of segments.slice(0, -1)) {
    const children = await childrenOf(repo, dir);
    let next = children.get(segment);
    if (next?.kind !== 'dir') {
      if (!create) return undefined;
      next = { kind: 'dir', children: new Map(), changed: true };
      children.set(segment, next);
    }
    dir = next;
    path.push(dir);
  }
  for (const d of path) d.changed = true;
  return dir;
}

/** Writes changed trees bottom-up through one `mktree -z --batch`; an emptied subtree is dropped. */
class TreeWriter {
  private readonly child;
  private readonly waiting: Array<{ resolve(sha: string): void; reject(error: Error): void }> = [];
  private output = '';
  private stderr = '';

  constructor(repo: GitRepository) {
    this.child = spawnGit(repo.environment, repo.gitDir, ['mktree', '-z', '--batch']);
    this.child.stdin?.on('error', () => undefined);
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString('latin1');
      let newline;
      while ((newline = this.output.indexOf('\n')) >= 0) {
        const line = this.output.slice(0, newline);
        this.output = this.output.slice(newline + 1);
        this.waiting.shift()?.resolve(line);
      }
    });
    this.child.on('close', (code) => {
      for (const waiter of this.waiting.splice(0)) waiter.reject(new GitCommandError(['mktree'], this.stderr, code));
    });
  }

  write(lines: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin?.write(lines.map((line) => `${line}\0`).join('') + '\0');
    });
  }

  async writeDir(repo: GitRepository, dir: Dir): Promise<string | null> {
    if (!dir.changed && dir.sha) return dir.sha;
    // Siblings are written together: their trees travel through mktree's pipe without waiting for each other.
    const children = [...(await childrenOf(repo, dir))];
    const lines = await Promise.all(
      children.map(async ([name, node]) => {
        if (node.kind === 'leaf') return `${node.mode} ${node.type} ${node.sha}\t${name}`;
        const sha = await this.writeDir(repo, node);
        return sha ? `040000 tree ${sha}\t${name}` : undefined;
      }),
    );
    const present = lines.filter((line): line is string => line !== undefined);
    return present.length === 0 ? null : this.write(present);
  }

  close(): void {
    this.child.stdin?.end();
  }
}

/** Creates a tree from the API's input and returns its one-level listing. */
export async function createTree(repo: GitRepository, input: CreateTreeInput): Promise<TreeListing> {
  if (!Array.isArray(input.tree)) throw new InvalidTreeEntryError('tree must be an array', 'tree');
  const entries = input.tree.map((raw, index) => checkEntry(raw, index));
  const baseSha =
    input.base_tree === undefined || input.base_tree === null ? undefined : (await repo.requireObject(input.base_tree, ['tree'], 'base_tree')).sha;
  await checkShas(repo, entries);

  const withContent = entries.filter((entry) => entry.content !== undefined);
  const blobShas = await writeBlobs(
    repo,
    withContent.map((entry) => entry.content ?? Buffer.alloc(0)),
  );
  withContent.forEach((entry, index) => {
    entry.sha = blobShas[index];
  });

  const root: Dir = { kind: 'dir', sha: baseSha, changed: true };
  // Shallow paths first: a nested path then rewrites a tree given in the same request.
  const ordered = entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.segments.length - b.entry.segments.length || a.index - b.index);
  for (const { entry } of ordered) {
    const name = entry.segments[entry.segments.length - 1] ?? '';
    if (entry.sha === null) {
      const dir = await parentDir(repo, root, entry.segments, false);
      if (dir) (await childrenOf(repo, dir)).delete(name);
      continue;
    }
    const dir = await parentDir(repo, root, entry.segments, true);
    const children = await childrenOf(repo, dir ?? root);
    const sha = entry.sha ?? '';
    children.set(name, entry.type === 'tree' ? { kind: 'dir', sha, changed: false } : { kind: 'leaf', mode: entry.mode, type: entry.type, sha });
  }

  const writer = new TreeWriter(repo);
  try {
    // Everything deleted: the empty tree, which mktree's batch mode cannot write.
    const sha = (await writer.writeDir(repo, root)) ?? (await repo.runText(['hash-object', '-t', 'tree', '-w', '--stdin'], { input: '' })).trim();
    return await readTree(repo, sha);
  } finally {
    writer.close();
  }
}
