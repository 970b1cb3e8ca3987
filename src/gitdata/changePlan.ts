// What a commit of the workspace changes, compared with the branch's tree by
// path, SHA and mode: added, modified, deleted, mode changed, and renamed
// (a deleted path whose exact content reappears at one added path). Entries
// the workspace cannot hold (submodules, 160000) are kept as they are.
import { blobSha, type GitFile } from './hashing';

const EMPTY_BLOB = blobSha('');

/** An entry of the branch's recursive tree (GET /git/trees/:sha?recursive=1). */
export interface RemoteEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
}

export type Change =
  | { kind: 'added'; path: string; mode: GitFile['mode']; sha: string }
  | { kind: 'modified'; path: string; mode: GitFile['mode']; sha: string; oldSha: string }
  | { kind: 'mode'; path: string; mode: GitFile['mode']; sha: string; oldMode: string }
  | { kind: 'deleted'; path: string; oldSha: string; oldMode: string }
  | { kind: 'renamed'; path: string; from: string; mode: GitFile['mode']; sha: string };

/**
 * The changes that turn the branch's files into the workspace's. `prefix`
 * maps the workspace (or a chosen folder) to a folder of the repository:
 * only that folder's files are compared, and nothing outside it is deleted.
 */
export function planChanges(local: readonly GitFile[], remote: readonly RemoteEntry[], prefix = ''): Change[] {
  const base = prefix.replace(/^\/+|\/+$/g, '');
  const inScope = (p: string) => base === '' || p.startsWith(`${base}/`);
  const submodules = remote.filter((e) => e.mode === '160000').map((e) => e.path);
  const underSubmodule = (p: string) => submodules.some((s) => p === s || p.startsWith(`${s}/`));
  const theirs = new Map(remote.filter((e) => e.type === 'blob' && inScope(e.path)).map((e) => [e.path, e]));
  const ours = new Map<string, GitFile>();
  for (const f of local) {
    const path = base === '' ? f.path : `${base}/${f.path}`;
    if (!underSubmodule(path)) ours.set(path, { ...f, path });
  }

  const changes: Change[] = [];
  const added: Extract<Change, { kind: 'added' }>[] = [];
  for (const [path, f] of ours) {
    const t = theirs.get(path);
    if (!t) added.push({ kind: 'added', path, mode: f.mode, sha: f.sha });
    else if (t.sha !== f.sha) changes.push({ kind: 'modified', path, mode: f.mode, sha: f.sha, oldSha: t.sha });
    else if (t.mode !== f.mode) changes.push({ kind: 'mode', path, mode: f.mode, sha: f.sha, oldMode: t.mode });
  }
  const deleted = [...theirs.values()].filter((t) => !ours.has(t.path));
  // A rename: a deleted file's exact content at exactly one added path (and no
  // other deleted file with it). Empty files are never paired, as in git.
  const addedBySha = groupBy(added, (a) => a.sha);
  const deletedBySha = groupBy(deleted, (d) => d.sha);
  const renamedTo = new Set<string>();
  for (const d of deleted) {
    const targets = addedBySha.get(d.sha);
    if (d.sha !== EMPTY_BLOB && targets?.length === 1 && deletedBySha.get(d.sha)?.length === 1) {
      const a = targets[0]!;
      changes.push({ kind: 'renamed', path: a.path, from: d.path, mode: a.mode, sha: a.sha });
      renamedTo.add(a.path);
    } else {
      changes.push({ kind: 'deleted', path: d.path, oldSha: d.sha, oldMode: d.mode });
    }
  }
  changes.push(...added.filter((a) => !renamedTo.has(a.path)));
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The files of the branch after the changes (blobs only; submodules kept), for the local tree SHA. */
export function filesAfter(remote: readonly RemoteEntry[], changes: readonly Change[]): GitFile[] {
  const files = new Map<string, GitFile>();
  for (const e of remote) {
    if (e.type === 'blob' || e.mode === '160000') files.set(e.path, { path: e.path, mode: e.mode as GitFile['mode'], sha: e.sha });
  }
  for (const c of changes) {
    if (c.kind === 'deleted') files.delete(c.path);
    else {
      if (c.kind === 'renamed') files.delete(c.from);
      files.set(c.path, { path: c.path, mode: c.mode, sha: c.sha });
    }
  }
  return [...files.values()];
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
