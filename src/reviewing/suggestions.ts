// Suggested changes in review comments: a fenced block whose info string is
// `suggestion` holds the lines that should replace the commented line. The
// body is read line by line as CommonMark reads fences (up to three spaces of
// indent, ``` or ~~~, a closing fence of the same character at least as
// long); a block that is never closed is not a suggestion and stays text.
// Other fenced blocks are skipped, so a suggestion quoted inside one is text.
// Pure: the threads, the overview page and the Apply command share it.

export type BodyPart = { kind: 'text'; text: string } | { kind: 'suggestion'; lines: string[] };

const OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/;

/** The body split into text and suggestion blocks, in order (line endings read as \n). */
export function splitSuggestions(body: string): BodyPart[] {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const parts: BodyPart[] = [];
  let text: string[] = [];
  const flushText = () => {
    if (text.length) parts.push({ kind: 'text', text: text.join('\n') });
    text = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!);
    if (!open) {
      text.push(lines[i]!);
      continue;
    }
    const fence = open[1]!;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end]!)) end++;
    if (end >= lines.length || open[2] !== 'suggestion') {
      // Another language's block (kept whole, fences included), or a fence never closed: text.
      const last = Math.min(end, lines.length - 1);
      text.push(...lines.slice(i, last + 1));
      i = last;
      continue;
    }
    flushText();
    parts.push({ kind: 'suggestion', lines: lines.slice(i + 1, end) });
    i = end;
  }
  flushText();
  return parts;
}

/** The suggestion blocks of a body, in order: each the lines that replace the commented line. */
export function parseSuggestions(body: string | null | undefined): string[][] {
  return splitSuggestions(body ?? '').flatMap((p) => (p.kind === 'suggestion' ? [p.lines] : []));
}

/**
 * The line a review comment suggests changing, from its diff hunk (which ends
 * at the commented line): its number and text in the new file. Undefined for
 * a removed line (a suggestion replaces a line of the head) or no hunk.
 */
export function suggestedLine(diffHunk: string): { line: number; text: string } | undefined {
  const lines = diffHunk.replace(/\r\n?/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;
  let headerAt = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (header.test(lines[i]!)) {
      headerAt = i;
      break;
    }
  }
  if (headerAt < 0) return undefined;
  let line = Number(header.exec(lines[headerAt]!)![1]) - 1;
  let last: { line: number; text: string } | undefined;
  for (const l of lines.slice(headerAt + 1)) {
    if (l.startsWith('\\')) continue;
    if (l.startsWith('-')) {
      last = undefined;
      continue;
    }
    last = { line: ++line, text: l.slice(1) };
  }
  return last;
}

/** A fence longer than any run of backticks in the lines, so the lines cannot close it. */
function fenceFor(lines: readonly string[]): string {
  const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))));
  return '`'.repeat(longest + 1);
}

/**
 * The body as Markdown in which each suggestion is drawn as a change: a
 * heading (`label`, localized by the caller), then a `diff` block of the old
 * lines (`-`) and the new ones (`+`). Without the old lines only the new ones
 * are listed. A body without a closed suggestion block comes back as it was.
 */
export function suggestionMarkdown(body: string | null | undefined, oldLines: readonly string[] | undefined, label: string): string {
  const parts = splitSuggestions(body ?? '');
  if (!parts.some((p) => p.kind === 'suggestion')) return body ?? '';
  return parts
    .map((p) => {
      if (p.kind === 'text') return p.text;
      const rows = [...(oldLines ?? []).map((l) => `-${l}`), ...p.lines.map((l) => `+${l}`)];
      const fence = fenceFor(rows);
      return [`**${label}**`, '', `${fence}diff`, ...rows, fence].join('\n');
    })
    .join('\n');
}
