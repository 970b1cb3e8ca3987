// A suggestion committed to the pull request's head branch through the git
// data API, with the workspace commit's machinery (src/gitdata): the branch's
// tree is read, the file's blob at the branch head is changed by `change`
// (which refuses when the lines no longer read as suggested against), and
// the one changed file is written as a commit on the branch (a fast-forward:
// a branch that moved meanwhile is refused, nothing is lost).
import { fromBase64, utf8Bytes } from '../../../../util/bytes';
import { blobSha, commitPreview, planChanges, previewCommit, type CommitResult, type GitFile, type WorkspaceFile } from '../../../../gitdata';
import type { HostingClient, PersonInput } from '../../../../hosting';
import type { ApplyResult } from '../../../../reviewing/suggestionApply';

export type CommitSuggestionResult = { ok: true; commit: CommitResult } | { ok: false; reason: 'changed' | 'missing' };

export async function commitSuggestion(
  client: HostingClient,
  target: { owner: string; repo: string; branch: string; path: string },
  change: (text: string) => ApplyResult,
  message: string,
  author?: PersonInput,
): Promise<CommitSuggestionResult> {
  const { owner, repo, branch, path } = target;
  const preview = await previewCommit(client, owner, repo, branch, []);
  const entry = preview.remote.find((e) => e.path === path && e.type === 'blob');
  if (!entry) return { ok: false, reason: 'missing' };
  const blob = await client.git.getBlob(owner, repo, entry.sha);
  const text = blob.encoding === 'base64' ? new TextDecoder().decode(fromBase64(blob.content)) : blob.content;
  const applied = change(text);
  if (!applied.ok) return applied;
  const bytes = utf8Bytes(applied.text);
  // Every other file as the branch has it: only the changed one differs.
  const files: WorkspaceFile[] = preview.remote
    .filter((e) => e.type === 'blob')
    .map((e) => {
      const file: GitFile = { path: e.path, mode: e.mode as GitFile['mode'], sha: e.path === path ? blobSha(bytes) : e.sha };
      return { ...file, read: () => (e.path === path ? Promise.resolve(bytes) : Promise.reject(new Error(`${e.path} is not changed`))) };
    });
  const commit = await commitPreview(client, { ...preview, changes: planChanges(files, preview.remote) }, files, { message, ...(author ? { author } : {}) });
  return { ok: true, commit };
}
