// What both folder readers (folderFiles.ts on a disk, folderReaderFiles.ts
// through VS Code's file system) do once a folder's files are listed: the
// limits checked, every file read and hashed a few at a time.
import { blobSha } from './hashing';
import type { WorkspaceFile } from './commitWorkspace';
import { FolderRefusedError, type FolderLimits } from './folderRefused';

/** A listed file: its path from the folder's root, its mode, and how to read its bytes. */
export interface ListedFile {
  path: string;
  mode: WorkspaceFile['mode'];
  read: () => Promise<Uint8Array>;
}

/**
 * The files with their blob SHAs, in the order listed. `concurrency` reads run
 * at once: the reads and the hashing overlap without opening every file at
 * once. Refused, naming the offenders, past `limits`.
 */
export async function hashWithinLimits(listed: readonly ListedFile[], limits: FolderLimits, concurrency: number): Promise<WorkspaceFile[]> {
  if (limits.maxFiles !== undefined && listed.length > limits.maxFiles) {
    throw new FolderRefusedError(`The folder holds ${listed.length} files, more than the ${limits.maxFiles} allowed`, []);
  }
  const out: WorkspaceFile[] = new Array(listed.length);
  const tooLarge: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < listed.length) {
      const i = next++;
      const f = listed[i]!;
      const bytes = await f.read();
      if (limits.maxFileBytes !== undefined && bytes.length > limits.maxFileBytes) tooLarge.push(f.path);
      out[i] = { path: f.path, mode: f.mode, sha: blobSha(bytes), read: f.read };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, listed.length) }, worker));
  tooLarge.sort();
  if (tooLarge.length) throw new FolderRefusedError(`Files larger than ${limits.maxFileBytes} bytes`, tooLarge);
  return out;
}

/** The patterns of an exclude file: its lines that are not blank. */
export function patternLines(text: string): string[] {
  return text.split(/\r?\n/).filter((l) => l.trim() !== '');
}
