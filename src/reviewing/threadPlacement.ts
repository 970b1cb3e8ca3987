// Which review threads a document of a pull request shows, and on which
// line. A document is one side of the pull request's diff (or of the diff of
// an older commit that an outdated comment was made on). A thread is current
// when its root's `commit_id` is the pull request's head and its `position`
// is set: its position maps to a line of the current diff. An outdated
// thread shows on the line of its `original_position` in the commit it was
// made on (read from its diff hunk, which ends at that line), and one on the
// head side also on that line number of the current head, marked outdated
// with the commit it was made on (commentLocation): the header, the views and
// the Comments panel then name the same line. A current thread whose position
// is beyond the diff, or whose file has no text diff, is listed without a
// line at the top of the current head. A thread made on an older head
// whose line the later commits left alone (lineMoves: `moved`) is current on
// the head, at its line's new place. Pure: tested in plain Node.
import { lineOfPosition, mapPositions, type DiffSide } from './diffPosition';
import { lineOfDiffHunk, type ReviewThread, type ThreadComment } from '../util/viewFormat';

export interface PlacedComment extends ThreadComment {
  position: number | null;
  commit_id: string;
  diff_hunk: string;
}

export interface DocumentSide {
  /** The commit the document shows the file at. */
  sha: string;
  side: DiffSide;
}

export type PlacementKind = 'current' | 'outdated' | 'unplaced';

export interface Placement<C extends PlacedComment> {
  thread: ReviewThread<C>;
  /** 1-based line; undefined when listed at the top without a line. */
  line: number | undefined;
  kind: PlacementKind;
}

export interface PullSides {
  headSha: string;
  baseSha: string;
}

export function isOutdated(c: PlacedComment, pull: PullSides): boolean {
  return c.position === null || c.commit_id !== pull.headSha;
}

/** The threads of one file that a document shows, with their lines. */
export function placeThreads<C extends PlacedComment>(
  threads: readonly ReviewThread<C>[],
  pull: PullSides,
  patch: string | null | undefined,
  doc: DocumentSide,
  /** Threads made on an older head whose line is still there: root id → its line on the current head. */
  moved?: ReadonlyMap<number, number>,
): Placement<C>[] {
  const map = mapPositions(patch);
  const atCurrentHead = doc.side === 'head' && doc.sha === pull.headSha;
  const atCurrentBase = doc.side === 'base' && doc.sha === pull.baseSha;
  const out: Placement<C>[] = [];
  for (const thread of threads) {
    const root = thread.root;
    if (!isOutdated(root, pull)) {
      const place = lineOfPosition(map, root.position!);
      if (place) {
        if ((place.side === 'head' && atCurrentHead) || (place.side === 'base' && atCurrentBase)) out.push({ thread, line: place.line, kind: 'current' });
      } else if (atCurrentHead) {
        out.push({ thread, line: undefined, kind: 'unplaced' });
      }
      continue;
    }
    const now = atCurrentHead ? moved?.get(root.id) : undefined;
    if (now !== undefined) {
      out.push({ thread, line: now, kind: 'current' });
      continue;
    }
    const was = lineOfDiffHunk(root.diff_hunk);
    if (was && was.side === doc.side && doc.sha === (was.side === 'head' ? root.original_commit_id : pull.baseSha)) {
      out.push({ thread, line: was.line, kind: 'outdated' });
    } else if (atCurrentHead && !(was?.side === 'base')) {
      // (A removed line's thread shows on the base side, in the same diff editor.)
      out.push({ thread, line: was?.line, kind: 'outdated' });
    }
  }
  return out;
}

/**
 * The threads on the lines an editor shows (within `margin` lines of a
 * visible range; a thread without a line sits at the top, line 1) apart from
 * the rest, in their order. With no visible range, every thread is in view.
 * VS Code's work for a new thread grows with the threads the document has,
 * so the ones on screen are handed over first.
 */
export function inViewFirst<T extends { line: number | undefined }>(
  placed: readonly T[],
  visible: readonly (readonly [number, number])[],
  margin: number,
): { inView: T[]; later: T[] } {
  if (visible.length === 0) return { inView: [...placed], later: [] };
  const inView: T[] = [];
  const later: T[] = [];
  for (const p of placed) {
    const line = p.line ?? 1;
    (visible.some(([first, last]) => line >= first - margin && line <= last + margin) ? inView : later).push(p);
  }
  return { inView, later };
}
