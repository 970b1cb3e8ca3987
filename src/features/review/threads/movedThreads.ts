// Threads made on an older head whose line the later commits left alone:
// the service may call them outdated (its own placement moves a thread only
// while the diff above its line reads the same), yet their line is on the
// current head. The file at the commit a thread was made on is compared with
// the head the document shows (lineMoves), and a line found there that the
// head's diff addresses (docs/service-api/hosting/pulls.md §9) is where the
// thread is current.
import * as vscode from 'vscode';
import type { ReviewComment } from '../../../hosting';
import { mapPositions, positionOfLine } from '../../../reviewing/diffPosition';
import { lineAfter } from '../../../reviewing/lineMoves';
import { isOutdated } from '../../../reviewing/threadPlacement';
import { lineOfDiffHunk, type ReviewThread } from '../../../util/viewFormat';
import { gitUri } from '../../shared/gitfs/gitFileSystem';
import type { DocumentPlace } from './documentPlace';

const linesOf = (text: string) => text.split(/\r?\n/);

/** Root id → line on the current head, for the document's outdated head-side threads whose line is still there. */
export async function movedThreads(
  document: Pick<vscode.TextDocument, 'getText'>,
  place: DocumentPlace,
  threads: readonly ReviewThread<ReviewComment>[],
): Promise<Map<number, number>> {
  const moved = new Map<number, number>();
  if (!place.current || place.side !== 'head' || !place.file?.patch) return moved;
  const pull = { headSha: place.head.sha, baseSha: place.base.sha };
  const candidates = threads
    .map((t) => ({ root: t.root, was: lineOfDiffHunk(t.root.diff_hunk) }))
    .filter(({ root, was }) => isOutdated(root, pull) && was?.side === 'head' && root.original_commit_id !== place.head.sha);
  if (candidates.length === 0) return moved;
  const map = mapPositions(place.file.patch);
  const now = linesOf(document.getText());
  const texts = new Map<string, Promise<string[] | undefined>>();
  const textAt = (sha: string) => {
    let t = texts.get(sha);
    if (!t) {
      const uri = gitUri({ owner: place.pull.owner, repo: place.pull.repo, sha, path: place.path, account: place.pull.accountId });
      // The file may not exist at that commit (renamed since): then nothing is known to have moved.
      t = Promise.resolve(vscode.workspace.fs.readFile(uri)).then(
        (bytes) => linesOf(new TextDecoder().decode(bytes)),
        () => undefined,
      );
      texts.set(sha, t);
    }
    return t;
  };
  for (const { root, was } of candidates) {
    const before = await textAt(root.original_commit_id);
    const line = before && was ? lineAfter(before, now, was.line) : undefined;
    if (line !== undefined && positionOfLine(map, 'head', line) !== undefined) moved.set(root.id, line);
  }
  return moved;
}
