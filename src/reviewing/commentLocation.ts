// Where a review thread is, said one way everywhere: the thread's header in
// the editor, the Review Comments and Pull Requests views, the overview page
// and the line the Comments panel lists it on. The line is the one the
// comment was made on, read from its diff hunk (which ends at that line); an
// outdated comment also names the commit it was made on, since the line may
// hold other text now. Pure: tested in plain Node.
import { isOutdated, type PlacedComment, type PullSides } from './threadPlacement';
import { lineOfDiffHunk, shortSha } from '../util/viewFormat';

export type CommentLocation =
  { outdated: false; line: number | undefined; removed: boolean } | { outdated: true; line: number | undefined; removed: boolean; commit: string };

/** The location of a thread's root comment in a pull request. */
export function commentLocation(root: PlacedComment, pull: Pick<PullSides, 'headSha'>): CommentLocation {
  const was = lineOfDiffHunk(root.diff_hunk);
  const at = { line: was?.line, removed: was?.side === 'base' };
  return isOutdated(root, { headSha: pull.headSha, baseSha: '' })
    ? { outdated: true, ...at, commit: shortSha(root.original_commit_id) }
    : { outdated: false, ...at };
}

/** The phrases of a location, localized by the caller ({0} the line, {1} the commit). */
export interface LocationWords {
  line: string;
  removedLine: string;
  outdatedLine: string;
  outdatedRemovedLine: string;
  outdatedNoLine: string;
  noLine: string;
}

export const ENGLISH_LOCATION_WORDS: LocationWords = {
  line: 'line {0}',
  removedLine: 'removed line {0}',
  outdatedLine: 'line {0} of {1} (outdated)',
  outdatedRemovedLine: 'removed line {0} of {1} (outdated)',
  outdatedNoLine: 'made on {1} (outdated)',
  noLine: 'no line of the diff',
};

/** The location in words: "line 3", "line 3 of 1a2b3c4 (outdated)". */
export function describeLocation(loc: CommentLocation, words: LocationWords): string {
  const template =
    loc.line === undefined
      ? loc.outdated
        ? words.outdatedNoLine
        : words.noLine
      : loc.outdated
        ? loc.removed
          ? words.outdatedRemovedLine
          : words.outdatedLine
        : loc.removed
          ? words.removedLine
          : words.line;
  const args = [loc.line === undefined ? '' : String(loc.line), loc.outdated ? loc.commit : ''];
  return template.replace(/\{(\d)\}/g, (m, i: string) => args[Number(i)] ?? m);
}
