// `@login` and `#number` in Markdown text: the one being typed at the cursor
// (for completion) and every one in a text (for hovers and diagnostics).
// Inside code spans and fenced code blocks they are plain text, and an @ in
// the middle of a word (an e-mail address) is not a mention.

type ReferenceKind = '@' | '#';

export interface Reference {
  kind: ReferenceKind;
  /** The login or the number's digits, without the sigil. */
  value: string;
  /** Offsets of the sigil and just past the value. */
  start: number;
  end: number;
}

const LOGIN = /[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/y;
const DIGITS = /[0-9]+/y;

/** Offsets [start, end) of code spans and fenced blocks, where nothing is a reference. */
function codeRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const fence = /^(```|~~~)[^\n]*\n[\s\S]*?(^\1[^\n]*$|(?![\s\S]))/gm;
  for (let m = fence.exec(text); m; m = fence.exec(text)) ranges.push([m.index, m.index + m[0].length]);
  const span = /(`+)[^`]*?\1/g;
  for (let m = span.exec(text); m; m = span.exec(text)) {
    if (!ranges.some(([a, b]) => m!.index >= a && m!.index < b)) ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

function startsReference(text: string, i: number): boolean {
  const before = i > 0 ? text[i - 1]! : ' ';
  return !/[A-Za-z0-9_`/&]/.test(before);
}

export function findReferences(text: string): Reference[] {
  const code = codeRanges(text);
  const found: Reference[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if ((ch !== '@' && ch !== '#') || !startsReference(text, i)) continue;
    if (code.some(([a, b]) => i >= a && i < b)) continue;
    const re = ch === '@' ? LOGIN : DIGITS;
    re.lastIndex = i + 1;
    const m = re.exec(text);
    if (!m) continue;
    const end = i + 1 + m[0].length;
    // `#12abc` is not a reference, nor is `@login` running into more word characters.
    if (end < text.length && /[A-Za-z0-9_]/.test(text[end]!)) continue;
    found.push({ kind: ch, value: m[0], start: i, end });
    i = end - 1;
  }
  return found;
}

/** The reference being typed just before `offset` (possibly only its sigil), or undefined. */
export function referenceBefore(text: string, offset: number): Reference | undefined {
  let i = offset;
  while (i > 0 && /[A-Za-z0-9-]/.test(text[i - 1]!)) i--;
  const sigil = text[i - 1];
  if (sigil !== '@' && sigil !== '#') return undefined;
  const start = i - 1;
  if (!startsReference(text, start)) return undefined;
  if (codeRanges(text).some(([a, b]) => start >= a && start < b)) return undefined;
  const value = text.slice(i, offset);
  if (sigil === '#' && !/^[0-9]*$/.test(value)) return undefined;
  return { kind: sigil, value, start, end: offset };
}

/** The reference under `offset` (for hovers). */
export function referenceAt(text: string, offset: number): Reference | undefined {
  return findReferences(text).find((r) => offset >= r.start && offset <= r.end);
}
