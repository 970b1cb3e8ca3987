// The position ↔ line mapping of a review comment
// (docs/service-api/hosting/pulls §9: position n is the n-th line below the
// first `@@` header of the file's diff), checked against real `git diff`
// output: every position's line has the same text as that line of the file on
// its side, and every line maps back to its position.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { commentableRuns, lineOfPosition, mapPositions, positionOfLine, type PositionMap } from '../../../src/reviewing/diffPosition';
import { splitDiffByFile } from './splitDiff';

const run = promisify(execFile);

type Files = Record<string, string | null>;

/** Commits `base`, then `head` on top, in a fresh repository; returns the `git diff -M` between them. */
async function gitDiff(base: Files, head: Files): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-diffpos-'));
  const git = (...args: string[]) =>
    run('git', ['-c', 'core.autocrlf=false', '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      env: { ...process.env, GIT_DIR: undefined, GIT_INDEX_FILE: undefined } as NodeJS.ProcessEnv,
    });
  const write = (files: Files) => {
    for (const [name, content] of Object.entries(files)) {
      const p = path.join(dir, name);
      if (content === null) fs.rmSync(p, { force: true });
      else {
        fs.mkdirSync(path.dirname(p), { recursive: true });
        fs.writeFileSync(p, content);
      }
    }
  };
  try {
    await git('init', '-q');
    write(base);
    await git('add', '-A');
    await git('commit', '-q', '--allow-empty', '-m', 'base');
    write(head);
    await git('add', '-A');
    await git('commit', '-q', '--allow-empty', '-m', 'head');
    return (await git('diff', '-M', 'HEAD~1', 'HEAD')).stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const numbered = (n: number, prefix = 'line', eol = '\n') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}${eol}`).join('');

/** The file's lines as the diff shows them: split at `\n`, a `\r` kept. */
function fileLines(content: string): string[] {
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Every position against the file texts, and every line back to its position. */
function checkAgainstFiles(block: string, base: string, head: string): PositionMap {
  const map = mapPositions(block);
  const patchLines = block.slice(block.search(/^@@/m)).split('\n');
  const baseLines = fileLines(base);
  const headLines = fileLines(head);
  for (const l of map.lines) {
    const raw = patchLines[l.position]!;
    const place = lineOfPosition(map, l.position);
    if (l.kind === 'hunk' || l.kind === 'note') {
      assert.equal(place, undefined, `position ${l.position} (${raw}) has no line`);
      continue;
    }
    assert.ok(place, `position ${l.position} has a line`);
    const text = (place.side === 'head' ? headLines : baseLines)[place.line - 1];
    assert.equal(text, raw.slice(1), `position ${l.position} is ${place.side} line ${place.line}`);
    assert.equal(positionOfLine(map, place.side, place.line), l.position);
  }
  const added = patchLines.filter((l) => l.startsWith('+')).length;
  const removed = patchLines.filter((l) => l.startsWith('-')).length;
  const context = patchLines.slice(1).filter((l) => l.startsWith(' ')).length;
  assert.equal(map.head.size, added + context, 'head lines with a position: added and context');
  assert.equal(map.base.size, removed + context, 'base lines with a position: removed and context');
  return map;
}

describe('review comment position ↔ line (docs/service-api/hosting/pulls §9: lines below the first @@ header)', () => {
  it('several hunks: positions run on across hunk headers; the later headers have a position but no line; lines between hunks have none', async () => {
    const base = numbered(40);
    const head = base.replace('line 3\n', 'line three\n').replace('line 20\n', 'line 20\nline 20½\n').replace('line 37\n', '');
    const diff = await gitDiff({ 'a.txt': base }, { 'a.txt': head });
    const map = checkAgainstFiles(diff, base, head);
    assert.equal(map.lines.filter((l) => l.kind === 'hunk').length, 2, 'three hunks: two headers after the first');
    // Hunk 1: @@ -1,6 +1,6 @@ lines 1, 2, -3, +three, 4, 5, 6.
    assert.deepEqual(lineOfPosition(map, 1), { side: 'head', line: 1 });
    assert.deepEqual(lineOfPosition(map, 3), { side: 'base', line: 3 });
    assert.deepEqual(lineOfPosition(map, 4), { side: 'head', line: 3 });
    assert.equal(lineOfPosition(map, 8), undefined, 'position 8 is the second @@ header');
    assert.equal(positionOfLine(map, 'head', 12), undefined, 'line 12 is outside every hunk');
    assert.equal(positionOfLine(map, 'head', 21), 12, 'the added line 20½ counts past the second header');
    assert.deepEqual(commentableRuns(map, 'head'), [
      [1, 6],
      [18, 24],
      [35, 40],
    ]);
    assert.equal(lineOfPosition(map, map.lines.length + 1), undefined, 'beyond the diff');
    assert.equal(lineOfPosition(map, 0), undefined);
  });

  it('only additions (a new file): every line is on the head side, position n is line n', async () => {
    const head = numbered(7);
    const diff = await gitDiff({ 'keep.txt': 'x\n' }, { 'new.txt': head });
    const map = checkAgainstFiles(diff, '', head);
    for (let n = 1; n <= 7; n++) assert.deepEqual(lineOfPosition(map, n), { side: 'head', line: n });
    assert.equal(map.base.size, 0);
  });

  it('only deletions (a deleted file, and lines removed from a kept file): removed lines are on the base side', async () => {
    const base = numbered(12);
    const kept = base.replace('line 5\nline 6\n', '');
    const diff = await gitDiff({ 'gone.txt': base, 'kept.txt': base }, { 'gone.txt': null, 'kept.txt': kept });
    const files = splitDiffByFile(diff);
    const gone = checkAgainstFiles(files.get('gone.txt')!, base, '');
    for (let n = 1; n <= 12; n++) assert.deepEqual(lineOfPosition(gone, n), { side: 'base', line: n });
    assert.equal(gone.head.size, 0);
    const k = checkAgainstFiles(files.get('kept.txt')!, base, kept);
    assert.deepEqual(lineOfPosition(k, 4), { side: 'base', line: 5 });
    assert.deepEqual(lineOfPosition(k, 5), { side: 'base', line: 6 });
    assert.deepEqual(commentableRuns(k, 'base'), [[2, 9]]);
  });

  it('a renamed file with a change: keyed by its new name, lines of the new file on the head side', async () => {
    const base = numbered(30, 'row');
    const head = base.replace('row 15\n', 'row fifteen\n');
    const diff = await gitDiff({ 'old/name.txt': base }, { 'old/name.txt': null, 'new/name.txt': head });
    const files = splitDiffByFile(diff);
    assert.deepEqual([...files.keys()], ['new/name.txt']);
    assert.match(files.get('new/name.txt')!, /^rename from old\/name\.txt$/m);
    const map = checkAgainstFiles(files.get('new/name.txt')!, base, head);
    assert.equal(positionOfLine(map, 'head', 15), 5);
  });

  it('a pure rename has no hunk, so no position at all', async () => {
    const diff = await gitDiff({ 'a.txt': numbered(5) }, { 'a.txt': null, 'b.txt': numbered(5) });
    const map = mapPositions(splitDiffByFile(diff).get('b.txt'));
    assert.equal(map.lines.length, 0);
    assert.deepEqual(commentableRuns(map, 'head'), []);
  });

  it('no newline at the end: the "\\ No newline" marker takes a position but has no line', async () => {
    const base = 'one\ntwo\nthree';
    const head = 'one\ntwo\nthree\nfour';
    const diff = await gitDiff({ 'n.txt': base }, { 'n.txt': head });
    const map = checkAgainstFiles(diff, base, head);
    const notes = map.lines.filter((l) => l.kind === 'note').map((l) => l.position);
    assert.deepEqual(notes, [4, 7], 'after -three and after +four');
    assert.deepEqual(lineOfPosition(map, 5), { side: 'head', line: 3 });
    assert.deepEqual(lineOfPosition(map, 6), { side: 'head', line: 4 });
    assert.equal(lineOfPosition(map, 7), undefined);
  });

  it('CRLF: a carriage return stays part of the line, positions count at \\n', async () => {
    const base = numbered(10, 'crlf', '\r\n');
    const head = base.replace('crlf 4\r\n', 'crlf four\r\n');
    const diff = await gitDiff({ 'w.txt': base }, { 'w.txt': head });
    assert.match(diff, /\r\n/);
    const map = checkAgainstFiles(diff, base, head);
    assert.deepEqual(lineOfPosition(map, 4), { side: 'base', line: 4 });
    assert.deepEqual(lineOfPosition(map, 5), { side: 'head', line: 4 });
  });

  it('the patch of a pull request file (starting at @@) maps like the whole block; binary and empty patches have no positions', async () => {
    const base = numbered(9);
    const head = base.replace('line 2\n', 'line two\n');
    const block = await gitDiff({ 'p.txt': base }, { 'p.txt': head });
    const patch = block.slice(block.search(/^@@/m)).replace(/\n$/, '');
    assert.deepEqual(mapPositions(patch), mapPositions(block));
    assert.equal(mapPositions(undefined).lines.length, 0);
    assert.equal(mapPositions('Binary files a/x.png and b/x.png differ').lines.length, 0);
  });
});
