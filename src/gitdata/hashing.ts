// Git object hashing in TypeScript (no git process): the extension computes
// the SHAs of workspace files and trees itself, so it can skip uploading
// blobs the server already has. Formats as git writes them: "<type> <size>\0"
// then the body, hashed with SHA-1.
import { digest } from '../platform/digest';
import { compareBytes, concatBytes, fromHex, toHex } from '../util/bytes';

export type GitObjectType = 'blob' | 'tree' | 'commit' | 'tag';
type GitTreeMode = '100644' | '100755' | '040000' | '160000' | '120000';

const encoder = new TextEncoder();

function bytesOf(content: Uint8Array | string): Uint8Array {
  return typeof content === 'string' ? encoder.encode(content) : content;
}

/** SHA-1 of a git object of the given type and body. */
export function gitObjectSha(type: GitObjectType, body: Uint8Array | string): string {
  const bytes = bytesOf(body);
  return toHex(digest('sha1', [`${type} ${bytes.length}\0`, bytes]));
}

/** `git hash-object` of a file's content. */
export function blobSha(content: Uint8Array | string): string {
  return gitObjectSha('blob', content);
}

export interface GitTreeEntry {
  /** One path component: no slash, not empty. */
  name: string;
  mode: GitTreeMode | '40000';
  sha: string;
}

function isTreeMode(mode: string): boolean {
  return mode === '040000' || mode === '40000';
}

/**
 * Git's entry order: names compared byte by byte, a tree's name as if it
 * ended with "/" (so `a.txt` < `a/` < `a0`).
 */
export function compareTreeEntries(a: GitTreeEntry, b: GitTreeEntry): number {
  const key = (e: GitTreeEntry): Uint8Array => encoder.encode(isTreeMode(e.mode) ? `${e.name}/` : e.name);
  return compareBytes(key(a), key(b));
}

/** The body of a tree object: `<mode> <name>\0<20-byte sha>` per entry, in git's order. */
export function treeObject(entries: readonly GitTreeEntry[]): Uint8Array {
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.name === '' || entry.name.includes('/') || entry.name.includes('\0')) throw new Error(`invalid tree entry name: ${JSON.stringify(entry.name)}`);
    if (!/^[0-9a-f]{40}$/.test(entry.sha)) throw new Error(`invalid SHA for ${entry.name}: ${entry.sha}`);
    if (seen.has(entry.name)) throw new Error(`duplicate tree entry: ${entry.name}`);
    seen.add(entry.name);
  }
  const parts: Uint8Array[] = [...entries].sort(compareTreeEntries).flatMap((entry) => [
    // Git writes a tree's mode without the leading zero.
    encoder.encode(`${isTreeMode(entry.mode) ? '40000' : entry.mode} ${entry.name}\0`),
    fromHex(entry.sha),
  ]);
  return concatBytes(parts);
}

/** `git mktree` of the entries (which may come in any order). */
export function treeSha(entries: readonly GitTreeEntry[]): string {
  return gitObjectSha('tree', treeObject(entries));
}

export interface GitFile {
  /** Slash-separated path such as `src/a.ts`. */
  path: string;
  mode: Exclude<GitTreeMode, '040000'>;
  sha: string;
}

/** The root tree SHA of a set of files, and every subtree's SHA by its folder path ('' is the root). */
export function treeShaOfFiles(files: readonly GitFile[]): { sha: string; trees: Map<string, string> } {
  const folders = new Map<string, GitTreeEntry[]>([['', []]]);
  const folder = (dir: string): GitTreeEntry[] => {
    let entries = folders.get(dir);
    if (!entries) {
      entries = [];
      folders.set(dir, entries);
      const slash = dir.lastIndexOf('/');
      folder(slash < 0 ? '' : dir.slice(0, slash));
    }
    return entries;
  };
  for (const file of files) {
    const slash = file.path.lastIndexOf('/');
    folder(slash < 0 ? '' : file.path.slice(0, slash)).push({ name: file.path.slice(slash + 1), mode: file.mode, sha: file.sha });
  }
  // Deepest folders first, so each subtree's SHA is known before its parent's.
  const trees = new Map<string, string>();
  const ordered = [...folders.keys()].sort((a, b) => b.split('/').length - a.split('/').length || b.length - a.length);
  for (const dir of ordered) {
    const entries = folders.get(dir) ?? [];
    for (const [sub, sha] of trees) {
      const slash = sub.lastIndexOf('/');
      if (sub !== '' && (slash < 0 ? '' : sub.slice(0, slash)) === dir) entries.push({ name: sub.slice(slash + 1), mode: '040000', sha });
    }
    trees.set(dir, treeSha(entries));
  }
  return { sha: trees.get('') ?? treeSha([]), trees };
}

interface GitSignature {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Offset as git writes it, e.g. `+0100`, `-0500`. */
  timezone: string;
}

export interface CommitFields {
  tree: string;
  parents: readonly string[];
  author: GitSignature;
  committer: GitSignature;
  /** Stored byte for byte; `git commit` would add a final newline, the API does not. */
  message: string;
}

export function commitObject(commit: CommitFields): string {
  const sig = (s: GitSignature): string => `${s.name} <${s.email}> ${s.timestamp} ${s.timezone}`;
  return [
    `tree ${commit.tree}`,
    ...commit.parents.map((p) => `parent ${p}`),
    `author ${sig(commit.author)}`,
    `committer ${sig(commit.committer)}`,
    '',
    commit.message,
  ].join('\n');
}

/** `git commit-tree` of the same fields. */
export function commitSha(commit: CommitFields): string {
  return gitObjectSha('commit', commitObject(commit));
}
