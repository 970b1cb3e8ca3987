// Applies a suggested change to a file's text: the commented lines are
// replaced by the suggestion's lines only when they still read as they did
// when the comment was made; otherwise nothing changes and the caller says
// that the suggestion no longer applies. The file keeps its line endings
// (CRLF stays CRLF) and whether its last line ends with a newline.

export type ApplyResult = { ok: true; text: string } | { ok: false; reason: 'changed' | 'missing' };

/** The lines with their own endings ("a\r\n", "b\n", "c"). */
function linesWithEndings(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function ending(line: string): string {
  return line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') ? '\n' : '';
}

function content(line: string): string {
  return line.slice(0, line.length - ending(line).length);
}

/**
 * Replaces `oldLines` at `line` (1-based) with `newLines`. 'missing' when
 * the file has no such line, 'changed' when the lines there differ.
 */
export function applySuggestion(text: string, line: number, oldLines: readonly string[], newLines: readonly string[]): ApplyResult {
  const lines = linesWithEndings(text);
  const from = line - 1;
  if (from < 0 || from + oldLines.length > lines.length || oldLines.length === 0) return { ok: false, reason: 'missing' };
  for (let i = 0; i < oldLines.length; i++) {
    if (content(lines[from + i]!) !== oldLines[i]) return { ok: false, reason: 'changed' };
  }
  const lastEol = ending(lines[from + oldLines.length - 1]!);
  // New lines between take the replaced line's ending, or the file's first one (a last line has none).
  const eol = lastEol || (lines.map(ending).find((e) => e !== '') ?? '\n');
  const replaced = newLines.map((l, i) => l + (i === newLines.length - 1 ? lastEol : eol));
  const before = lines.slice(0, from);
  const after = lines.slice(from + oldLines.length);
  if (replaced.length === 0 && after.length === 0 && lastEol === '' && before.length > 0) {
    // The file's unterminated last line was removed: the line before becomes the last, without its newline.
    before[before.length - 1] = content(before[before.length - 1]!);
  }
  return { ok: true, text: [...before, ...replaced, ...after].join('') };
}
