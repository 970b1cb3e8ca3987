// Parses `git diff --full-index -M` output into the files of a pull request
// and answers the review-comment questions about a file's patch: which
// positions exist (lines below the first `@@` header, the header itself not
// counted) and the diff hunk up to a position.

type FileStatus = 'added' | 'modified' | 'removed' | 'renamed';

export interface FileDiff {
  filename: string;
  previous_filename: string | null;
  status: FileStatus;
  additions: number;
  deletions: number;
  /** From the first `@@` header to the end, without a trailing newline; null for binary files. */
  patch: string | null;
  /** Blob of the new side (the old side for a removed file); null when the diff does not say. */
  sha: string | null;
}

function stripPrefix(name: string, prefix: string): string {
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/** `diff --git a/P b/P` with both names equal: the name is the middle of the line. */
function nameFromGitLine(line: string): string {
  const rest = line.slice('diff --git '.length);
  const half = (rest.length - 1) / 2;
  return Number.isInteger(half) ? stripPrefix(rest.slice(0, half), 'a/') : stripPrefix(rest.split(' b/')[0] ?? rest, 'a/');
}

function parseBlock(lines: string[]): FileDiff {
  let oldName: string | null = null;
  let newName: string | null = null;
  let status: FileStatus = 'modified';
  let oldSha: string | null = null;
  let newSha: string | null = null;
  let i = 1;
  for (; i < lines.length && !lines[i]!.startsWith('@@'); i++) {
    const line = lines[i]!;
    if (line.startsWith('new file mode')) status = 'added';
    else if (line.startsWith('deleted file mode')) status = 'removed';
    else if (line.startsWith('rename from ')) {
      status = 'renamed';
      oldName = line.slice('rename from '.length);
    } else if (line.startsWith('rename to ')) newName = line.slice('rename to '.length);
    // git ends a `---`/`+++` name that holds a space with a tab (for patch); without this, a
    // changed `my file.txt` was listed as `my file.txt\t` and no review comment could find it.
    else if (line.startsWith('--- ') && line !== '--- /dev/null') oldName ??= stripPrefix(line.slice(4).replace(/\t$/, ''), 'a/');
    else if (line.startsWith('+++ ') && line !== '+++ /dev/null') newName ??= stripPrefix(line.slice(4).replace(/\t$/, ''), 'b/');
    else if (line.startsWith('index ')) {
      const m = /^index ([0-9a-f]+)\.\.([0-9a-f]+)/.exec(line);
      if (m) {
        oldSha = m[1]!;
        newSha = m[2]!;
      }
    }
  }
  const binary = lines.slice(1, i).some((l) => l.startsWith('Binary files'));
  const body = lines.slice(i);
  while (body.length && body[body.length - 1] === '') body.pop();
  let additions = 0;
  let deletions = 0;
  for (const line of body) {
    if (line.startsWith('+')) additions++;
    else if (line.startsWith('-')) deletions++;
  }
  const fallback = nameFromGitLine(lines[0]!);
  const filename = status === 'removed' ? (oldName ?? fallback) : (newName ?? fallback);
  const zero = /^0+$/;
  const sha = status === 'removed' ? oldSha : newSha;
  return {
    filename,
    previous_filename: status === 'renamed' ? oldName : null,
    status,
    additions,
    deletions,
    patch: binary || body.length === 0 ? (binary ? null : '') : body.join('\n'),
    sha: sha && !zero.test(sha) ? sha : null,
  };
}

export function parseDiff(text: string): FileDiff[] {
  const files: FileDiff[] = [];
  let block: string[] | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      if (block) files.push(parseBlock(block));
      block = [line];
    } else if (block) block.push(line);
  }
  if (block) files.push(parseBlock(block));
  return files;
}

/** Lines of a patch that carry positions: position n is lines[n] (lines[0] is the first `@@` header). */
export function patchLines(patch: string | null): string[] {
  return patch ? patch.split('\n') : [];
}

export function isValidPosition(patch: string | null, position: number): boolean {
  const lines = patchLines(patch);
  return Number.isInteger(position) && position >= 1 && position < lines.length;
}

/** The diff hunk shown with a comment: from the `@@` header of the position's hunk down to the position. */
export function diffHunk(patch: string | null, position: number): string {
  const lines = patchLines(patch);
  let start = position;
  while (start > 0 && !lines[start]!.startsWith('@@')) start--;
  return lines.slice(start, position + 1).join('\n');
}

/**
 * Where a comment's line is in a newer patch: the position whose hunk body
 * (the lines after its `@@` header, down to the line) is the same as the
 * comment's diff hunk; null when the line changed (the comment is outdated).
 */
export function relocatePosition(newPatch: string | null, oldHunk: string): number | null {
  const wanted = oldHunk.split('\n').slice(1);
  if (wanted.length === 0) return null;
  const lines = patchLines(newPatch);
  for (let header = 0; header < lines.length; header++) {
    if (!lines[header]!.startsWith('@@')) continue;
    const candidate = header + wanted.length;
    if (candidate >= lines.length) continue;
    if (wanted.every((l, k) => lines[header + 1 + k] === l)) return candidate;
  }
  return null;
}
