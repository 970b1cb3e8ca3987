// A draft written on an older head, placed again on the new head: the same
// line of the same side when the new diff shows it with the same text, else
// the one line of that side with that text; undefined when the line no longer
// maps (changed, gone from the diff, or the file left the pull request).
import { mapPositions, positionOfLine, type DiffSide } from '../../../../reviewing/diffPosition';

const HUNK = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;

/** The text of the line at a position of a file's patch (without its +, - or space), or undefined for a hunk header, a marker or a position outside it. */
export function lineTextAt(patch: string | null | undefined, position: number): string | undefined {
  const map = mapPositions(patch);
  const line = map.lines[position - 1];
  if (!line || (line.kind !== 'added' && line.kind !== 'removed' && line.kind !== 'context')) return undefined;
  const raw = (patch ?? '').split('\n');
  const first = raw.findIndex((l) => HUNK.test(l));
  return raw[first + position]!.slice(1);
}

export interface LineOnOldHead {
  side: DiffSide;
  line: number;
  lineText?: string;
}

export function positionOnNewHead(draft: LineOnOldHead, newPatch: string | null | undefined): number | undefined {
  const map = mapPositions(newPatch);
  const same = positionOfLine(map, draft.side, draft.line);
  if (draft.lineText === undefined) return same;
  if (same !== undefined && lineTextAt(newPatch, same) === draft.lineText) return same;
  const side = draft.side === 'head' ? map.head : map.base;
  const found = [...side.values()].filter((p) => lineTextAt(newPatch, p) === draft.lineText);
  return found.length === 1 ? found[0] : undefined;
}
