// Where a workspace commit starts, and how far that start is from the
// default branch (counted by walking the commits, newest first).
import assert from 'node:assert/strict';
import { aheadBehind, defaultStartPoint, type WalkCommit } from '../../../src/gitdata';

/** A history from "sha: parent parent" lines; each commit's time is its line number (later lines newer). */
function history(lines: string[]): { read: (sha: string) => Promise<WalkCommit>; reads: string[] } {
  const commits = new Map<string, WalkCommit>();
  lines.forEach((line, i) => {
    const [sha, parents = ''] = line.split(':');
    commits.set(sha!.trim(), { parents: parents.trim() ? parents.trim().split(/\s+/) : [], time: i * 1000 });
  });
  const reads: string[] = [];
  return {
    reads,
    read: async (sha) => {
      reads.push(sha);
      const c = commits.get(sha);
      if (!c) throw new Error(`no commit ${sha}`);
      return c;
    },
  };
}

// a1 ← a2 ← … main line; b* and c* are branches.
const LINE = ['a1:', 'a2: a1', 'a3: a2', 'b1: a3', 'a4: a3', 'b2: b1', 'a5: a4', 'b3: b2', 'a6: a5'];

describe('gitdata: the base of a workspace commit', () => {
  it("the start offered: the workspace's branch when the service has it, else the default branch", () => {
    const onService = ['docs/notation', 'gear-train', 'master'];
    assert.equal(defaultStartPoint('gear-train', onService, 'master'), 'gear-train');
    assert.equal(defaultStartPoint('local-only', onService, 'master'), 'master');
    assert.equal(defaultStartPoint(undefined, onService, 'master'), 'master');
    assert.equal(defaultStartPoint('master', onService, 'master'), 'master');
    assert.equal(defaultStartPoint('gear', onService, 'trunk'), 'trunk', "a name that is only part of a branch's is not that branch");
  });

  it('ahead/behind: the same commit is level, without reading anything', async () => {
    const h = history(LINE);
    assert.deepEqual(await aheadBehind(h.read, 'a6', 'a6'), { ahead: 0, behind: 0 });
    assert.deepEqual(h.reads, []);
  });

  it('ahead/behind: a branch off the main line (3 ahead, 3 behind), and the other way round', async () => {
    assert.deepEqual(await aheadBehind(history(LINE).read, 'b3', 'a6'), { ahead: 3, behind: 3 });
    assert.deepEqual(await aheadBehind(history(LINE).read, 'a6', 'b3'), { ahead: 3, behind: 3 });
  });

  it('ahead/behind: an ancestor is only behind, a descendant only ahead', async () => {
    assert.deepEqual(await aheadBehind(history(LINE).read, 'a3', 'a6'), { ahead: 0, behind: 3 });
    assert.deepEqual(await aheadBehind(history(LINE).read, 'a6', 'a4'), { ahead: 2, behind: 0 });
  });

  it('ahead/behind: the walk stops at the commits both have (the older history is not read)', async () => {
    const h = history(LINE);
    await aheadBehind(h.read, 'b3', 'a6');
    assert.ok(!h.reads.includes('a1'), `read: ${h.reads.join(' ')}`);
    assert.ok(h.reads.includes('a3'), 'the merge base is read');
  });

  it('ahead/behind: a merge commit counts the commits of both its parents once', async () => {
    const merged = [...LINE, 'm1: a6 b3', 'c1: m1'];
    assert.deepEqual(await aheadBehind(history(merged).read, 'c1', 'a6'), { ahead: 5, behind: 0 });
    assert.deepEqual(await aheadBehind(history(merged).read, 'c1', 'b3'), { ahead: 5, behind: 0 });
    assert.deepEqual(await aheadBehind(history(merged).read, 'b3', 'm1'), { ahead: 0, behind: 4 });
  });

  it('ahead/behind: each commit is read once, also one reached from both sides', async () => {
    const h = history([...LINE, 'm1: a6 b3', 'c1: m1']);
    await aheadBehind(h.read, 'c1', 'b3');
    assert.ok(h.reads.includes('b3') && h.reads.includes('a3'));
    assert.deepEqual(
      h.reads.filter((sha, i) => h.reads.indexOf(sha) !== i),
      [],
    );
  });

  it('ahead/behind: unrelated histories count every commit of each', async () => {
    const two = ['x1:', 'y1:', 'x2: x1', 'y2: y1', 'y3: y2'];
    assert.deepEqual(await aheadBehind(history(two).read, 'x2', 'y3'), { ahead: 2, behind: 3 });
  });

  it('ahead/behind: undefined when it takes more commits than the budget (and no more are read)', async () => {
    const long = Array.from({ length: 50 }, (_, i) => (i === 0 ? 'n0:' : `n${i}: n${i - 1}`));
    const h = history([...long, 'side: n0']);
    assert.equal(await aheadBehind(h.read, 'n49', 'side', 10), undefined);
    assert.equal(h.reads.length, 10);
    assert.deepEqual(await aheadBehind(history([...long, 'side: n0']).read, 'n49', 'side', 52), { ahead: 49, behind: 1 });
    assert.equal(await aheadBehind(history(LINE).read, 'b3', 'a6', 1), undefined, 'the two tips alone exceed a budget of one');
  });

  it('ahead/behind: a commit reached on one side, then the other, is counted for neither', async () => {
    // b-side commit older than a main-line commit that descends from it (a merge brings it in later).
    const crossing = ['r:', 'p: r', 'q: p', 'm: q p', 't: m'];
    assert.deepEqual(await aheadBehind(history(crossing).read, 't', 'p'), { ahead: 3, behind: 0 });
    assert.deepEqual(await aheadBehind(history(crossing).read, 'p', 't'), { ahead: 0, behind: 3 });
  });
});
