// The files of a local folder as git would commit them: every level's
// `.gitignore`, `.git/info/exclude` and extra root patterns applied; modes
// from the file system (executable 100755, symlink 120000 with its target as
// content, else 100644); empty folders leave no trace. Each file's blob SHA is
// computed here, so unchanged files cost no request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { blobSha } from './hashing';
import { IgnoreRules, type IgnoreFile } from './ignoreRules';
import type { WorkspaceFile } from './commitWorkspace';

export interface FolderLimits {
  /** Refuse a folder with more files than this. */
  maxFiles?: number;
  /** Refuse any file larger than this many bytes. */
  maxFileBytes?: number;
}

/** A folder that cannot be committed as it is: too many files, or files too large (all of them named). */
export class FolderRefusedError extends Error {
  constructor(message: string, readonly offenders: readonly string[]) {
    super(offenders.length ? `${message}: ${offenders.slice(0, 10).join(', ')}${offenders.length > 10 ? ', …' : ''}` : message);
  }
}

export async function readFolderFiles(root: string, extraPatterns: readonly string[] = [], limits: FolderLimits = {}): Promise<WorkspaceFile[]> {
  const exclude = await fs.readFile(path.join(root, '.git', 'info', 'exclude'), 'utf8').catch(() => '');
  const ignoreFiles: IgnoreFile[] = [];
  const files: { rel: string; abs: string; mode: WorkspaceFile['mode'] }[] = [];
  // Folder by folder, so that a folder's .gitignore is known before its entries are judged.
  const walk = async (dir: string): Promise<void> => {
    const abs = path.join(root, dir);
    const gitignore = await fs.readFile(path.join(abs, '.gitignore'), 'utf8').catch(() => undefined);
    if (gitignore !== undefined) ignoreFiles.push({ dir, text: gitignore });
    const rules = new IgnoreRules(ignoreFiles, [...splitLines(exclude), ...extraPatterns]);
    const entries = await fs.readdir(abs, { withFileTypes: true });
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      const full = path.join(abs, e.name);
      if (e.isDirectory()) {
        if (!rules.ignores(rel, true)) await walk(rel);
      } else if (!rules.ignores(rel, false)) {
        if (e.isSymbolicLink()) files.push({ rel, abs: full, mode: '120000' });
        else if (e.isFile()) files.push({ rel, abs: full, mode: ((await fs.stat(full)).mode & 0o111) !== 0 ? '100755' : '100644' });
      }
    }
  };
  await walk('');

  if (limits.maxFiles !== undefined && files.length > limits.maxFiles) {
    throw new FolderRefusedError(`The folder holds ${files.length} files, more than the ${limits.maxFiles} allowed`, []);
  }
  const read = (f: (typeof files)[number]) => async (): Promise<Uint8Array> =>
    f.mode === '120000' ? Buffer.from(await fs.readlink(f.abs), 'utf8') : fs.readFile(f.abs);
  const out: WorkspaceFile[] = [];
  const tooLarge: string[] = [];
  for (const f of files) {
    const bytes = await read(f)();
    if (limits.maxFileBytes !== undefined && bytes.length > limits.maxFileBytes) tooLarge.push(f.rel);
    out.push({ path: f.rel, mode: f.mode, sha: blobSha(bytes), read: read(f) });
  }
  if (tooLarge.length) throw new FolderRefusedError(`Files larger than ${limits.maxFileBytes} bytes`, tooLarge);
  return out;
}

function splitLines(text: string): string[] {
  return text.split(/\r?\n/).filter((l) => l.trim() !== '');
}
