// "Open All Changes": every file of a pull request (or of a commit against
// its parent) in VS Code's multi-diff editor (`vscode.changes`), each side a
// `repodesk:` document as in the single diffs, so the comment threads of a
// pull request's files show on them the same way.
import * as vscode from 'vscode';
import { gitUri } from './gitFileSystem';
import { tellPullDiff, type PullDiffOpening } from './pullDiffs';

interface ChangedFile {
  filename: string;
  /** `added` has no base side, `removed` no head side. */
  status: string;
  /** A renamed file's name on the base side. */
  previous_filename?: string | undefined;
}

export interface AllChanges {
  owner: string;
  repo: string;
  baseSha: string;
  headSha: string;
  files: readonly ChangedFile[];
  /** The editor's title. */
  title: string;
  /** The pull request whose threads show on the files; none for a commit. */
  number?: number | undefined;
  accountId?: string | undefined;
}

/** Opens the multi-diff editor; resolves once VS Code has it. */
export async function openChanges(c: AllChanges): Promise<void> {
  const account = c.accountId;
  const opening: PullDiffOpening[] = [];
  const resources = c.files.map((f) => {
    const basePath = f.previous_filename ?? f.filename;
    // The pull request's number in both sides' URIs, as openDiff writes them: the same documents, its threads on them.
    const pull = c.number;
    const left = gitUri({ owner: c.owner, repo: c.repo, sha: c.baseSha, path: basePath, empty: f.status === 'added', account, pull });
    const right = gitUri({ owner: c.owner, repo: c.repo, sha: c.headSha, path: f.filename, empty: f.status === 'removed', account, pull });
    if (c.number !== undefined) {
      const d = { owner: c.owner, repo: c.repo, number: c.number, baseSha: c.baseSha, headSha: c.headSha, path: f.filename, accountId: account };
      opening.push(d);
      tellPullDiff(d);
    }
    return [right, left, right] as const;
  });
  let opened = false;
  try {
    await vscode.commands.executeCommand('vscode.changes', c.title, resources);
    opened = true;
  } finally {
    // The threads drawn for the files as they opened go with an editor that did not open.
    for (const d of opening) tellPullDiff(d, opened);
  }
}
