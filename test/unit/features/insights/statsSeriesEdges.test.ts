// Edges of the chart series that the main cases do not reach: week numbers
// given as text, a week listed twice, ties, ranges, and what counts as empty.
import assert from 'node:assert/strict';
import type { ContributorStats } from '../../../../src/hosting';
import {
  StatisticsShapeError,
  WEEK_SECONDS,
  codeFrequencySeries,
  commitActivitySeries,
  contributorsSeries,
  contributorsView,
  isEmpty,
  participationSeries,
  punchCardSeries,
  summaryFigures,
} from '../../../../src/features/insights/model/statsSeries';

const W0 = 1_700_000_000;
const week = (n: number) => W0 + n * WEEK_SECONDS;
const author = (login: string) => ({ login, avatar_url: `https://avatars.example/${login}` }) as ContributorStats[number]['author'];
const stats = (rows: Array<{ login: string; weeks: Array<{ w: unknown; a: number; d: number; c: number }> }>): ContributorStats =>
  rows.map((r) => ({ author: author(r.login), total: 0, weeks: r.weeks })) as unknown as ContributorStats;

describe('Insights series: edges', () => {
  it('a week given as a number or as text counts; blank or other text is a shape error that names the field', () => {
    const s = contributorsSeries(
      stats([
        {
          login: 'ada',
          weeks: [
            { w: W0, a: 1, d: 0, c: 1 },
            { w: String(week(1)), a: 2, d: 1, c: 3 },
          ],
        },
      ]),
    );
    assert.deepEqual(s.weeks, [W0, week(1)]);
    for (const bad of [' ', 'soon', null]) {
      assert.throws(
        () =>
          contributorsSeries(
            stats([
              {
                login: 'ada',
                weeks: [
                  { w: W0, a: 0, d: 0, c: 0 },
                  { w: bad, a: 0, d: 0, c: 0 },
                ],
              },
            ]),
          ),
        (err: unknown) => {
          assert.ok(err instanceof StatisticsShapeError);
          assert.equal(err.name, 'StatisticsShapeError');
          assert.equal(err.field, '[0].weeks[1].w');
          assert.match(err.message, /^contributors: \[0\]\.weeks\[1\]\.w is not a week/);
          return true;
        },
      );
    }
  });

  it('no contributor: no weeks; a week listed twice adds up; additions and deletions keep their own sums', () => {
    assert.deepEqual(contributorsSeries([] as unknown as ContributorStats), { weeks: [], contributors: [] });
    const s = contributorsSeries(
      stats([
        {
          login: 'ada',
          weeks: [
            { w: W0, a: 5, d: 2, c: 1 },
            { w: W0, a: 3, d: 4, c: 2 },
            { w: week(2), a: 1, d: 1, c: 1 },
          ],
        },
        { login: 'charles', weeks: [{ w: week(1), a: 7, d: 0, c: 4 }] },
      ]),
    );
    assert.deepEqual(s.weeks, [W0, week(1), week(2)]);
    assert.deepEqual(s.contributors[0], {
      login: 'ada',
      avatarUrl: 'https://avatars.example/ada',
      commits: [3, 0, 1],
      additions: [8, 0, 1],
      deletions: [6, 0, 1],
    });
    assert.deepEqual(s.contributors[1]!.commits, [0, 4, 0]);
  });

  it('the view of the last weeks ranks by commits in that range, ties by login, and counts who is beyond the top', () => {
    const s = contributorsSeries(
      stats([
        {
          login: 'mary',
          weeks: [
            { w: W0, a: 0, d: 0, c: 9 },
            { w: week(1), a: 1, d: 0, c: 1 },
            { w: week(2), a: 0, d: 0, c: 1 },
          ],
        },
        {
          login: 'charles',
          weeks: [
            { w: week(1), a: 0, d: 0, c: 1 },
            { w: week(2), a: 0, d: 0, c: 1 },
          ],
        },
        { login: 'ada', weeks: [{ w: week(2), a: 3, d: 2, c: 3 }] },
        { login: 'luigi', weeks: [{ w: W0, a: 0, d: 0, c: 5 }] },
      ]),
    );
    const all = contributorsView(s);
    assert.deepEqual(
      all.contributors.map((c) => [c.login, c.totalCommits]),
      [
        ['mary', 11],
        ['luigi', 5],
        ['ada', 3],
        ['charles', 2],
      ],
    );
    const recent = contributorsView(s, { lastWeeks: 2, top: 2 });
    assert.deepEqual(recent.weeks, [week(1), week(2)]);
    assert.deepEqual(
      recent.contributors.map((c) => [c.login, c.totalCommits, c.commits]),
      [
        ['ada', 3, [0, 3]],
        ['charles', 2, [1, 1]],
      ],
    );
    assert.equal(recent.hidden, 1, 'mary is beyond the top two; luigi has no commit in the range');
    assert.deepEqual(contributorsView(s, { lastWeeks: 99 }).weeks, s.weeks, 'more weeks than there are: all of them');
    assert.deepEqual(
      contributorsView(s, { top: 1 }).contributors.map((c) => c.login),
      ['mary'],
    );
  });

  it('what counts as nothing to draw: only zeros (a single non-zero week, addition, deletion or owner commit is something)', () => {
    const zero = contributorsSeries(stats([{ login: 'ada', weeks: [{ w: W0, a: 0, d: 0, c: 0 }] }]));
    assert.equal(isEmpty.contributors(zero), true);
    assert.equal(
      isEmpty.contributors(
        contributorsSeries(
          stats([
            { login: 'ada', weeks: [{ w: W0, a: 0, d: 0, c: 0 }] },
            { login: 'b', weeks: [{ w: W0, a: 0, d: 0, c: 1 }] },
          ]),
        ),
      ),
      false,
    );
    assert.equal(isEmpty.commitActivity(commitActivitySeries([{ week: W0, total: 0, days: [0, 0, 0, 0, 0, 0, 0] }] as never)), true);
    assert.equal(isEmpty.commitActivity(commitActivitySeries([{ week: W0, total: 1, days: [1, 0, 0, 0, 0, 0, 0] }] as never)), false);
    assert.equal(isEmpty.codeFrequency(codeFrequencySeries([[W0, 0, 0]] as never)), true);
    assert.equal(isEmpty.codeFrequency(codeFrequencySeries([[W0, 0, -3]] as never)), false, 'deletions only');
    assert.equal(isEmpty.codeFrequency(codeFrequencySeries([[W0, 4, 0]] as never)), false, 'additions only');
    assert.equal(isEmpty.participation(participationSeries({ all: [0, 0], owner: [0, 0] } as never)), true);
    assert.equal(isEmpty.participation(participationSeries({ all: [0, 2], owner: [0, 0] } as never)), false);
    assert.equal(isEmpty.participation(participationSeries({ all: [0, 0], owner: [1, 0] } as never)), false);
  });

  it('summaries: the last 52 weeks only, the first of equally busy weeks, the first of equally busy hours', () => {
    const many = Array.from({ length: 54 }, (_, i) => ({ week: week(i), total: i === 0 ? 100 : i === 10 || i === 20 ? 7 : 1, days: [0, 0, 0, 0, 0, 0, 0] }));
    const f = summaryFigures.commitActivity(commitActivitySeries(many as never));
    assert.equal(f.total, 52 - 2 + 14, 'the two oldest weeks (100 and 1) are left out');
    assert.deepEqual([f.busiestWeek, f.busiestCommits], [week(10), 7]);
    const quiet = summaryFigures.commitActivity(
      commitActivitySeries([
        { week: W0, total: 0, days: [0, 0, 0, 0, 0, 0, 0] },
        { week: week(1), total: 0, days: [0, 0, 0, 0, 0, 0, 0] },
      ] as never),
    );
    assert.deepEqual([quiet.busiestWeek, quiet.busiestCommits], [W0, 0]);
    const p = summaryFigures.punchCard(
      punchCardSeries([
        [1, 9, 4],
        [3, 14, 4],
        [0, 0, 1],
      ] as never),
    );
    assert.deepEqual(p, { total: 9, day: 1, hour: 9, commits: 4 });
  });
});
