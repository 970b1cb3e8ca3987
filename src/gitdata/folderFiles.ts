// The files of a local folder as git would commit them: every level's
// `.gitignore`, `.git/info/exclude` and extra root patterns applied; modes
// from the file system (executable 100755, symlink 120000 with its target as
// content, else 100644); empty folders leave no trace. Each file's blob SHA is
// computed here, so unchanged files cost no request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { IgnoreRules, type IgnoreFile } from './ignoreRules';
import type { WorkspaceFile } from './commitWorkspace';
import type { FolderLimits } from './folderRefused';
import { hashWithinLimits, patternLines } from './hashFolderFiles';

export { FolderRefusedError, type FolderLimits } from './folderRefused';

export async function readFolderFiles(root: string, extraPatterns: readonly string[] = [], limits: FolderLimits = {}): Promise<WorkspaceFile[]> {
  const exclude = await fs.readFile(path.join(root, '.git', 'info', 'exclude'), 'utf8').catch(() => '');
  const ignoreFiles: IgnoreFile[] = [];
  const files: { rel: string; abs: string; mode: WorkspaceFile['mode'] }[] = [];
  // Folder by folder, so that a folder's .gitignore is known before its entries are judged.
  const walk = async (dir: string): Promise<void> => {
    const abs = path.join(root, dir);
    const gitignore = await fs.readFile(path.join(abs, '.gitignore'), 'utf8').catch(() => undefined);
    if (gitignore !== undefined) ignoreFiles.push({ dir, text: gitignore });
    const rules = new IgnoreRules(ignoreFiles, [...patternLines(exclude), ...extraPatterns]);
    const entries = await fs.readdir(abs, { withFileTypes: true });
    const sorted = entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    // The modes of a folder's files are read together; its subfolders after, in order.
    const kept = sorted.filter((e) => (e.isFile() || e.isSymbolicLink()) && !rules.ignores(dir ? `${dir}/${e.name}` : e.name, false));
    const modes = await Promise.all(
      kept.map(async (e) =>
        e.isSymbolicLink() ? ('120000' as const) : ((await fs.stat(path.join(abs, e.name))).mode & 0o111) !== 0 ? ('100755' as const) : ('100644' as const),
      ),
    );
    kept.forEach((e, i) => files.push({ rel: dir ? `${dir}/${e.name}` : e.name, abs: path.join(abs, e.name), mode: modes[i]! }));
    for (const e of sorted) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory() && !rules.ignores(rel, true)) await walk(rel);
    }
  };
  await walk('');

  const read = (f: (typeof files)[number]) => async (): Promise<Uint8Array> =>
    f.mode === '120000' ? Buffer.from(await fs.readlink(f.abs), 'utf8') : fs.readFile(f.abs);
  // 64 at a time: a local disk answers fast, and the hashing overlaps the reads.
  return hashWithinLimits(
    files.map((f) => ({ path: f.rel, mode: f.mode, read: read(f) })),
    limits,
    64,
  );
}
