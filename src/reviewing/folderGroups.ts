// A pull request's changed files grouped by folder, for a tree that stays
// usable with thousands of files: one folder row a folder, with how many
// files it holds below, and a chain of folders that hold only one folder
// each drawn as one row ("src/features/pulls"), as VS Code's Explorer
// compacts them. Pure: the Changed files node draws it.

export interface FolderGroup<T> {
  /** The folder's path from the root ('' for the root), without a trailing slash. */
  path: string;
  /** What its row shows: the last part of the path, or the parts of a compacted chain ("a/b"). */
  name: string;
  folders: FolderGroup<T>[];
  /** The files right in this folder, by name. */
  files: T[];
  /** Every file in this folder and below. */
  count: number;
}

/** Below this many files a list is short enough to read flat (the folder shows in each row). */
export const FLAT_AT_MOST = 50;

/** Whether a list of `loaded` files (more to come or not) is drawn by folder. */
export function groupsByFolder(loaded: number, more: boolean): boolean {
  return more || loaded > FLAT_AT_MOST;
}

interface Building<T> {
  folders: Map<string, Building<T>>;
  files: T[];
}

/** By code unit, as the service compares paths; names of one folder, and paths of one pull request, are never equal. */
const byName = (a: string, b: string) => (a < b ? -1 : 1);

/** The folder tree of `items`, whose paths `pathOf` gives ("a/b/c.ts"); the root's own name is ''. */
export function groupByFolder<T>(items: readonly T[], pathOf: (item: T) => string): FolderGroup<T> {
  const root: Building<T> = { folders: new Map(), files: [] };
  for (const item of items) {
    const parts = pathOf(item).split('/');
    let at = root;
    for (const part of parts.slice(0, -1)) {
      let next = at.folders.get(part);
      if (!next) at.folders.set(part, (next = { folders: new Map(), files: [] }));
      at = next;
    }
    at.files.push(item);
  }
  const finish = (b: Building<T>, path: string, name: string): FolderGroup<T> => {
    // A folder with no file of its own and one folder inside is one row with it.
    if (path !== '' && b.files.length === 0 && b.folders.size === 1) {
      const [childName, child] = [...b.folders][0]!;
      return finish(child, `${path}/${childName}`, `${name}/${childName}`);
    }
    const folders = [...b.folders]
      .sort(([a], [c]) => byName(a, c))
      .map(([childName, child]) => finish(child, path === '' ? childName : `${path}/${childName}`, childName));
    // The files of one folder share their path up to their name.
    const files = [...b.files].sort((a, c) => byName(pathOf(a), pathOf(c)));
    const count = files.length + folders.reduce((n, f) => n + f.count, 0);
    return { path, name, folders, files, count };
  };
  return finish(root, '', '');
}
