// Reading trees through the object reader: the tree objects are parsed here
// (git's binary format) and blob sizes asked for in one pipelined batch, so a
// recursive read of a large repository costs no process per subtree.
import { parseTree, type TreeEntry, type TreeMode } from './format';
import type { ObjectType } from './object-reader';
import type { GitRepository } from './repository';

export interface TreeListingEntry {
  path: string;
  mode: TreeMode;
  type: ObjectType;
  sha: string;
  /** Blobs only. */
  size?: number;
}

export interface TreeListing {
  sha: string;
  tree: TreeListingEntry[];
  truncated: boolean;
}

/** Parsed entries of a tree object (ObjectNotFoundError when missing or not a tree). */
export async function readTreeEntries(repo: GitRepository, sha: string): Promise<TreeEntry[]> {
  return parseTree((await repo.readObject(sha, 'tree')).content);
}

/** A tree's SHA for a tree SHA, or the commit's tree for a commit SHA (what the GET accepts). */
async function peelToTree(repo: GitRepository, sha: string): Promise<string> {
  const info = /^[0-9a-fA-F]{40}$/.test(sha) ? await repo.reader.info(sha.toLowerCase()) : null;
  if (info?.type !== 'commit') return sha.toLowerCase();
  const commit = await repo.readObject(info.sha, 'commit');
  return commit.content.toString('utf8', 5, 45);
}

/**
 * One level of a tree, or with `recursive` every entry below it in git's
 * order (a subtree right before its contents, as `ls-tree -r -t` lists them).
 * `limit` caps the entries and sets `truncated`.
 */
export async function readTree(repo: GitRepository, sha: string, options: { recursive?: boolean; limit?: number } = {}): Promise<TreeListing> {
  const treeSha = await peelToTree(repo, sha);
  const limit = options.limit ?? Infinity;
  const root = await readTreeEntries(repo, treeSha);
  const listing: TreeListingEntry[] = [];
  let truncated = false;

  // Fetch each depth level with all its requests in flight at once.
  const children = new Map<string, TreeEntry[]>([[treeSha, root]]);
  let level = root.filter((entry) => entry.type === 'tree');
  while (options.recursive && level.length > 0) {
    const unseen = [...new Set(level.map((entry) => entry.sha))].filter((s) => !children.has(s));
    const parsed = await Promise.all(unseen.map((s) => readTreeEntries(repo, s)));
    unseen.forEach((s, index) => children.set(s, parsed[index] ?? []));
    level = parsed.flat().filter((entry) => entry.type === 'tree');
    if (children.size > limit) break;
  }

  const walk = (entries: TreeEntry[], prefix: string): void => {
    for (const entry of entries) {
      if (listing.length >= limit) { truncated = true; return; }
      listing.push({ path: prefix + entry.name, mode: entry.mode, type: entry.type, sha: entry.sha });
      const sub = options.recursive && entry.type === 'tree' ? children.get(entry.sha) : undefined;
      if (sub) walk(sub, `${prefix}${entry.name}/`);
    }
  };
  walk(root, '');

  const blobs = listing.filter((entry) => entry.type === 'blob');
  const unique = [...new Set(blobs.map((entry) => entry.sha))];
  const infos = await repo.reader.infoMany(unique);
  const sizes = new Map(unique.map((s, index) => [s, infos[index]?.size ?? 0]));
  for (const entry of blobs) entry.size = sizes.get(entry.sha) ?? 0;
  return { sha: treeSha, tree: listing, truncated };
}
