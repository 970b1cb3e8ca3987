// The files of a folder as git would commit them, read through a file system
// that knows no modes: VS Code's `workspace.fs` in the browser build and in a
// virtual workspace, where there is no disk to walk (folderFiles.ts reads
// one). The same rules as there: every level's `.gitignore`,
// `.git/info/exclude` and extra root patterns, the same limits, blob SHAs
// computed here. Without executable bits or link targets, every file reads as
// 100644 and a link as the file it points at; `keepBranchModes` then takes
// the modes the branch already has.
import { IgnoreRules, type IgnoreFile } from './ignoreRules';
import type { WorkspaceFile } from './commitWorkspace';
import type { RemoteEntry } from './changePlan';
import type { FolderLimits } from './folderRefused';
import { hashWithinLimits, patternLines } from './hashFolderFiles';

/** One entry of a folder as the file system lists it. */
export interface ReaderEntry {
  name: string;
  kind: 'file' | 'folder' | 'link' | 'other';
}

/** A folder's file system, by slash-separated paths from its root ('' is the root). */
export interface FolderReader {
  list(dir: string): Promise<ReaderEntry[]>;
  read(path: string): Promise<Uint8Array>;
}

/** The folder's files (all 100644), and the links found (whose content this file system cannot tell). */
export interface ReaderFiles {
  files: WorkspaceFile[];
  links: string[];
}

/** Files read at once: each read is a round trip to the workbench (and maybe a remote host). */
const READ_CONCURRENCY = 16;

export async function readFilesThrough(reader: FolderReader, extraPatterns: readonly string[] = [], limits: FolderLimits = {}): Promise<ReaderFiles> {
  const root = await reader.list('');
  const exclude = patternLines((await textIn(reader, root, '', ['.git', 'info', 'exclude'])) ?? '');
  const ignoreFiles: IgnoreFile[] = [];
  const paths: string[] = [];
  const links: string[] = [];
  // Folder by folder, so that a folder's .gitignore is known before its entries are judged.
  const walk = async (dir: string, listed: readonly ReaderEntry[]): Promise<void> => {
    const join = (name: string) => (dir ? `${dir}/${name}` : name);
    const gitignore = await textIn(reader, listed, dir, ['.gitignore']);
    if (gitignore !== undefined) ignoreFiles.push({ dir, text: gitignore });
    const rules = new IgnoreRules(ignoreFiles, [...exclude, ...extraPatterns]);
    const entries = [...listed].sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      // A link to a folder is a link too (git does not follow it).
      if (e.kind === 'link' && !rules.ignores(join(e.name), false)) links.push(join(e.name));
      if (e.kind === 'file' && !rules.ignores(join(e.name), false)) paths.push(join(e.name));
    }
    for (const e of entries) if (e.kind === 'folder' && !rules.ignores(join(e.name), true)) await walk(join(e.name), await reader.list(join(e.name)));
  };
  await walk('', root);

  const files = await hashWithinLimits(
    paths.map((path) => ({ path, mode: '100644' as const, read: () => reader.read(path) })),
    limits,
    READ_CONCURRENCY,
  );
  return { files, links };
}

/**
 * The files with the modes the branch's tree has (`remote`, the folder at
 * `prefix`): a file the branch holds as executable stays 100755, a new file
 * is 100644. A link the branch holds as a link is kept as it is there; a link
 * it does not hold is left out (its target cannot be read here, and
 * committing what it points at would turn it into a copy).
 */
export function keepBranchModes(found: ReaderFiles, remote: readonly RemoteEntry[], prefix = ''): WorkspaceFile[] {
  const base = prefix.replace(/^\/+|\/+$/g, '');
  const full = (p: string) => (base ? `${base}/${p}` : p);
  const theirs = new Map(remote.filter((e) => e.type === 'blob').map((e) => [e.path, e]));
  const files = found.files.map((f) => (theirs.get(full(f.path))?.mode === '100755' ? { ...f, mode: '100755' as const } : f));
  for (const link of found.links) {
    const held = theirs.get(full(link));
    if (held?.mode === '120000') {
      files.push({
        path: link,
        mode: '120000',
        sha: held.sha,
        read: () => Promise.reject(new Error(`${link} is a link the branch holds unchanged; its target is not read here.`)),
      });
    }
  }
  return files;
}

/** The text of the file at `names` under `dir` (whose entries are `listed`), looked up in each listing rather than read blindly: undefined when missing. */
async function textIn(reader: FolderReader, listed: readonly ReaderEntry[], dir: string, names: readonly string[]): Promise<string | undefined> {
  const [name, ...rest] = names;
  const entry = listed.find((e) => e.name === name);
  const path = dir ? `${dir}/${name}` : name!;
  if (rest.length === 0) return entry?.kind === 'file' ? new TextDecoder().decode(await reader.read(path)) : undefined;
  return entry?.kind === 'folder' ? textIn(reader, await reader.list(path), path, rest) : undefined;
}
