// The files a commit changed, from the recursive trees of the commit and its
// first parent (the git data API has no per-commit file list): a path only
// in the commit was added, only in the parent removed, in both with another
// blob SHA or mode modified. Subtrees are left out (their files are listed).
import type { TreeEntry } from '../hosting';

export interface CommitFile {
  path: string;
  status: 'added' | 'removed' | 'modified';
}

const blobs = (entries: readonly TreeEntry[]) => new Map(entries.filter((e) => e.type !== 'tree').map((e) => [e.path, e]));

export function changedFiles(parent: readonly TreeEntry[], commit: readonly TreeEntry[]): CommitFile[] {
  const before = blobs(parent);
  const after = blobs(commit);
  const out: CommitFile[] = [];
  for (const [path, e] of after) {
    const was = before.get(path);
    if (!was) out.push({ path, status: 'added' });
    else if (was.sha !== e.sha || was.mode !== e.mode) out.push({ path, status: 'modified' });
  }
  for (const path of before.keys()) if (!after.has(path)) out.push({ path, status: 'removed' });
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
