// Where a review comment sits in a file: its `position` counts lines down
// from the first `@@` hunk header of that file's diff, the header itself not
// counted (docs/service-api/hosting/pulls §9). Every later line counts,
// including the headers of later hunks and "\ No newline at end of file"
// markers, but only added, removed and context lines have a line in a file:
// added and context lines on the head side, removed lines on the base side.
// No `vscode` here: tested in plain Node against `git diff` output.

export type DiffSide = 'head' | 'base';

type DiffLineKind = 'context' | 'added' | 'removed' | 'hunk' | 'note';

interface DiffLine {
  position: number;
  kind: DiffLineKind;
  /** 1-based line in the base file (context and removed lines). */
  baseLine?: number;
  /** 1-based line in the head file (context and added lines). */
  headLine?: number;
}

export interface LinePlace {
  side: DiffSide;
  /** 1-based. */
  line: number;
}

export interface PositionMap {
  /** The lines that carry a position, in order (position n at index n - 1). */
  readonly lines: readonly DiffLine[];
  readonly head: ReadonlyMap<number, number>;
  readonly base: ReadonlyMap<number, number>;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * The positions of one file's diff: either the `patch` of a pull request's
 * file (which starts at the first `@@`) or that file's whole `git diff`
 * block (headers before the first `@@` are skipped). Lines end at `\n`; a
 * `\r` before it (a CRLF file) belongs to the line's text.
 */
export function mapPositions(patch: string | null | undefined): PositionMap {
  const lines: DiffLine[] = [];
  const head = new Map<number, number>();
  const base = new Map<number, number>();
  const text = patch ?? '';
  const raw = text.split('\n');
  if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();
  const first = raw.findIndex((l) => HUNK_HEADER.test(l));
  if (first < 0) return { lines, head, base };
  const start = HUNK_HEADER.exec(raw[first]!)!;
  let baseLine = Number(start[1]) - 1;
  let headLine = Number(start[2]) - 1;
  for (let i = first + 1; i < raw.length; i++) {
    const l = raw[i]!;
    const position = i - first;
    const header = HUNK_HEADER.exec(l);
    if (header) {
      baseLine = Number(header[1]) - 1;
      headLine = Number(header[2]) - 1;
      lines.push({ position, kind: 'hunk' });
    } else if (l.startsWith('+')) {
      headLine++;
      head.set(headLine, position);
      lines.push({ position, kind: 'added', headLine });
    } else if (l.startsWith('-')) {
      baseLine++;
      base.set(baseLine, position);
      lines.push({ position, kind: 'removed', baseLine });
    } else if (l.startsWith('\\')) {
      lines.push({ position, kind: 'note' });
    } else {
      baseLine++;
      headLine++;
      head.set(headLine, position);
      base.set(baseLine, position);
      lines.push({ position, kind: 'context', baseLine, headLine });
    }
  }
  return { lines, head, base };
}

/** The line a position points at: head side for added and context lines, base side for removed ones; undefined for a hunk header, a marker or a position beyond the diff. */
export function lineOfPosition(map: PositionMap, position: number): LinePlace | undefined {
  if (!Number.isInteger(position) || position < 1) return undefined;
  const l = map.lines[position - 1];
  if (!l) return undefined;
  if (l.headLine !== undefined) return { side: 'head', line: l.headLine };
  if (l.baseLine !== undefined) return { side: 'base', line: l.baseLine };
  return undefined;
}

/** The position of a line of one side, or undefined when no hunk shows it. A context line has the same position from either side. */
export function positionOfLine(map: PositionMap, side: DiffSide, line: number): number | undefined {
  return (side === 'head' ? map.head : map.base).get(line);
}

/** The lines of a side that can take a comment, as runs of consecutive 1-based lines [start, end]. */
export function commentableRuns(map: PositionMap, side: DiffSide): [number, number][] {
  const lines = [...(side === 'head' ? map.head : map.base).keys()].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const line of lines) {
    const last = runs[runs.length - 1];
    if (last && last[1] === line - 1) last[1] = line;
    else runs.push([line, line]);
  }
  return runs;
}
