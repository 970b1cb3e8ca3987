import assert from 'node:assert/strict';
import { ancestors, FIRST_COMMIT_TIME, historyStream, planHistory, pullCommits } from '../../../src/scenario/history';
import { scenarioSchema, type ScenarioRepository } from '../../../src/scenario/schema';

function repo(fields: Record<string, unknown>): ScenarioRepository {
  return scenarioSchema.parse({ users: [], repositories: [{ owner: 'o', name: 'r', ...fields }] }).repositories[0]!;
}

/** The seed time of these plans (Unix seconds). */
const NOW = 1_790_000_000;

const who = (login: string) => ({ name: login.toUpperCase(), email: `${login}@e.test` });

describe('scenario history plan', () => {
  it('commits continue their branch, a new branch starts from its parents, trees carry files forward and delete', () => {
    const plan = planHistory(
      repo({
        commits: [
          { id: 'a', author: 'u', message: 'a', files: { 'x.txt': '1', 'y.txt': '2' } },
          { id: 'b', author: 'u', message: 'b', files: { 'y.txt': null } },
          { id: 'c', branch: 'topic', parents: ['a'], author: 'u', message: 'c', files: { 'z.txt': '3' } },
          { id: 'm', parents: ['b', 'c'], author: 'u', message: 'merge' },
        ],
        branches: { other: 'b' },
      }),
      NOW,
    );
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(
      [...plan.ids],
      [
        ['a', 1],
        ['b', 2],
        ['c', 3],
        ['m', 4],
      ],
    );
    assert.deepEqual(plan.parents.slice(1), [[], [1], [1], [2, 3]]);
    assert.deepEqual([...plan.trees[2]!], [['x.txt', '1']]);
    assert.deepEqual(
      [...plan.trees[3]!],
      [
        ['x.txt', '1'],
        ['y.txt', '2'],
        ['z.txt', '3'],
      ],
    );
    assert.deepEqual(
      [...plan.tips],
      [
        ['master', 4],
        ['topic', 3],
        ['other', 2],
      ],
    );
    assert.deepEqual([...ancestors(plan, 4)].sort(), [1, 2, 3, 4]);
    assert.deepEqual(pullCommits(plan, 3, 2), [3]);
    assert.deepEqual(pullCommits(plan, 2, 4), []);
  });

  it('dates: given ones with their zone; else an hour after the previous commit, the first at the fixed start', () => {
    const plan = planHistory(
      repo({
        commits: [
          { author: 'u', message: 'a' },
          { author: 'u', message: 'b' },
          { author: 'u', message: 'c', date: '2026-02-01T10:00:00+01:00' },
          { author: 'u', message: 'd' },
        ],
      }),
      NOW,
    );
    const feb = Date.parse('2026-02-01T09:00:00Z') / 1000;
    assert.deepEqual(plan.times.slice(1), [
      { seconds: FIRST_COMMIT_TIME, zone: '+0000' },
      { seconds: FIRST_COMMIT_TIME + 3600, zone: '+0000' },
      { seconds: feb, zone: '+0100' },
      { seconds: feb + 3600, zone: '+0000' },
    ]);
  });

  it('problems: an id used twice, a parent not yet defined, deleting a missing file, a branch made twice or of an unknown commit, no commit on the default branch, tags', () => {
    const plan = planHistory(
      repo({
        default_branch: 'main',
        commits: [
          { id: 'a', branch: 'dev', author: 'u', message: 'a', files: { 'gone.txt': null } },
          { id: 'a', branch: 'dev', parents: ['later', 'a'], author: 'u', message: 'b' },
          { id: 'later', branch: 'dev', author: 'u', message: 'c' },
        ],
        branches: { dev: 'a', side: 'nope' },
        tags: [
          { name: 'v1', commit: 'a' },
          { name: 'v1', commit: 'zzz' },
        ],
      }),
      NOW,
    );
    assert.deepEqual(plan.problems, [
      { path: ['commits', 0, 'files', 'gone.txt'], message: 'file "gone.txt" does not exist before this commit, so it cannot be deleted' },
      { path: ['commits', 1, 'id'], message: 'commit id "a" is already used by an earlier commit' },
      { path: ['commits', 1, 'parents', 0], message: '"later" is neither a commit defined before this commit nor a branch' },
      { path: ['branches', 'dev'], message: 'branch "dev" is already made by the commits' },
      { path: ['branches', 'side'], message: 'commit "nope" does not exist' },
      { path: ['default_branch'], message: 'branch "main" has no commit (give a commit with no branch, or branch: main)' },
      { path: ['tags', 1, 'name'], message: 'tag "v1" is already defined' },
      { path: ['tags', 1, 'commit'], message: 'commit "zzz" does not exist' },
    ]);
  });

  it('a commit cannot be its own parent', () => {
    const plan = planHistory(repo({ commits: [{ id: 'a', parents: ['a'], author: 'u', message: 'a' }] }), NOW);
    assert.deepEqual(plan.problems, [{ path: ['commits', 0, 'parents', 0], message: '"a" is neither a commit defined before this commit nor a branch' }]);
  });

  it('an empty repository is fine without commits on its default branch', () => {
    assert.deepEqual(planHistory(repo({ default_branch: 'main' }), NOW).problems, []);
  });

  it('the fast-import stream: a root from a reset, from and merge, inline files and deletions, extra branches, lightweight and annotated tags', () => {
    const r = repo({
      commits: [
        { id: 'a', author: 'ann', message: 'first', files: { 'x.txt': 'héllo\n' } },
        { id: 'b', branch: 'topic', parents: ['a'], author: 'bo', message: 'second\n', date: '2026-01-02T00:00:00-05:00', files: { 'x.txt': null } },
        { parents: ['a', 'b'], author: 'ann', message: 'merge' },
      ],
      branches: { keep: 'a' },
      tags: [
        { name: 'light', commit: 'a' },
        { name: 'v1', commit: 'b', message: 'One' },
        { name: 'v2', commit: 'a', message: 'Two\n', tagger: 'bo' },
      ],
    });
    const plan = planHistory(r, NOW);
    const t0 = FIRST_COMMIT_TIME;
    const tb = Date.parse('2026-01-02T05:00:00Z') / 1000;
    assert.equal(
      historyStream(r, plan, who),
      [
        'reset refs/heads/master\n\n',
        `commit refs/heads/master\nmark :1\nauthor ANN <ann@e.test> ${t0} +0000\ncommitter ANN <ann@e.test> ${t0} +0000\ndata 6\nfirst\n\nM 100644 inline x.txt\ndata 7\nhéllo\n\n\n`,
        `commit refs/heads/topic\nmark :2\nauthor BO <bo@e.test> ${tb} -0500\ncommitter BO <bo@e.test> ${tb} -0500\ndata 7\nsecond\n\nfrom :1\nD x.txt\n\n`,
        `commit refs/heads/master\nmark :3\nauthor ANN <ann@e.test> ${tb + 3600} +0000\ncommitter ANN <ann@e.test> ${tb + 3600} +0000\ndata 6\nmerge\n\nfrom :1\nmerge :2\n\n`,
        'reset refs/heads/keep\nfrom :1\n\n',
        'reset refs/tags/light\nfrom :1\n\n',
        `tag v1\nfrom :2\ntagger BO <bo@e.test> ${tb + 60} -0500\ndata 4\nOne\n\n`,
        `tag v2\nfrom :1\ntagger BO <bo@e.test> ${t0 + 60} +0000\ndata 4\nTwo\n\n`,
      ].join(''),
    );
  });
});
