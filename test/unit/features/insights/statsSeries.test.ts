// Statistics → chart series (docs/service-api/hosting/statistics §1–§6): weeks
// filled in, `w` as a string, contributors with nothing in range left out.
import assert from 'node:assert/strict';
import {
  codeFrequencySeries,
  commitActivitySeries,
  contributorsSeries,
  contributorsView,
  isEmpty,
  participationSeries,
  punchCardSeries,
  StatisticsShapeError,
  summaryFigures,
  WEEK_SECONDS,
} from '../../../../src/features/insights/model/statsSeries';
import type { ContributorStats } from '../../../../src/hosting';

const W0 = 1_700_000_000 - (1_700_000_000 % WEEK_SECONDS);
const author = (login: string) =>
  ({ login, id: 1, avatar_url: `https://avatars/${login}`, url: '', gravatar_id: '' }) as unknown as NonNullable<ContributorStats[number]['author']>;
const week = (k: number, c: number, a = 0, d = 0) => ({ w: String(W0 + k * WEEK_SECONDS), a, d, c });

describe('insights: statistics shaped for the charts', () => {
  it('contributors: the `w` strings become one ascending week axis with the weeks of no commits filled with 0', () => {
    const s = contributorsSeries([
      { author: author('ada'), total: 5, weeks: [week(0, 2, 10, 1), week(3, 3, 5, 2)] },
      { author: author('charles'), total: 1, weeks: [week(1, 1, 4, 0)] },
    ]);
    assert.deepEqual(
      s.weeks,
      [0, 1, 2, 3].map((k) => W0 + k * WEEK_SECONDS),
    );
    assert.deepEqual(
      s.contributors.map((c) => [c.login, c.commits]),
      [
        ['ada', [2, 0, 0, 3]],
        ['charles', [0, 1, 0, 0]],
      ],
    );
    assert.deepEqual(s.contributors[0]!.additions, [10, 0, 0, 5]);
  });

  it('contributors: an author the service does not know (null) is shown as (unknown)', () => {
    assert.equal(contributorsSeries([{ author: null, total: 1, weeks: [week(0, 1)] }]).contributors[0]!.login, '(unknown)');
  });

  it('contributors: a `w` that is not a number is a shape error naming the field', () => {
    assert.throws(
      () => contributorsSeries([{ author: author('ada'), total: 1, weeks: [{ w: 'soon', a: 0, d: 0, c: 1 }] }]),
      (err: unknown) => err instanceof StatisticsShapeError && err.field === '[0].weeks[0].w' && /soon/.test(err.message),
    );
  });

  it('contributors view: the top N by commits in range with their totals; a contributor with none in range is left out', () => {
    const weeks = Array.from({ length: 60 }, (_, k) => k);
    const s = contributorsSeries([
      { author: author('old'), total: 9, weeks: weeks.map((k) => week(k, k < 5 ? 3 : 0)) },
      { author: author('ada'), total: 5, weeks: weeks.map((k) => week(k, k >= 55 ? 1 : 0, 7, 2)) },
      { author: author('bob'), total: 2, weeks: weeks.map((k) => week(k, k === 59 ? 2 : 0)) },
    ]);
    const year = contributorsView(s, { lastWeeks: 52, top: 5 });
    assert.deepEqual(
      year.contributors.map((c) => [c.login, c.totalCommits]),
      [
        ['ada', 5],
        ['bob', 2],
      ],
    );
    assert.equal(year.weeks.length, 52);
    assert.equal(year.contributors[0]!.totalAdditions, 52 * 7);
    const all = contributorsView(s, { top: 1 });
    assert.deepEqual(
      all.contributors.map((c) => c.login),
      ['old'],
    );
    assert.equal(all.hidden, 2);
  });

  it('commit activity: sorted by week, with the days of each week; the summary names the busiest week', () => {
    const s = commitActivitySeries([
      { week: W0 + WEEK_SECONDS, total: 4, days: [0, 1, 1, 0, 2, 0, 0] },
      { week: W0, total: 1, days: [1, 0, 0, 0, 0, 0, 0] },
    ]);
    assert.deepEqual(s.weeks, [W0, W0 + WEEK_SECONDS]);
    assert.deepEqual(s.days[1], [0, 1, 1, 0, 2, 0, 0]);
    assert.deepEqual(summaryFigures.commitActivity(s), { total: 5, busiestWeek: W0 + WEEK_SECONDS, busiestCommits: 4 });
  });

  it('code frequency: additions up, deletions down, whatever sign the service used', () => {
    const s = codeFrequencySeries([
      [W0 + WEEK_SECONDS, 5, -3],
      [W0, 2, 1],
    ]);
    assert.deepEqual(s, { weeks: [W0, W0 + WEEK_SECONDS], additions: [2, 5], deletions: [-1, -3] });
    assert.deepEqual(summaryFigures.codeFrequency(s), { additions: 7, deletions: 4, weeks: 2 });
  });

  it("participation: the owner's commits against everyone's, and the others' as the difference", () => {
    const all = Array.from({ length: 52 }, (_, i) => (i === 51 ? 5 : 0));
    const owner = Array.from({ length: 52 }, (_, i) => (i === 51 ? 2 : 0));
    const s = participationSeries({ all, owner });
    assert.equal(s.others[51], 3);
    assert.deepEqual(summaryFigures.participation(s), { owner: 2, all: 5 });
  });

  it("participation: its weeks dated like the other charts', the last the Sunday starting this week, one week apart", () => {
    // Wednesday 10 December 2025, 15:00 UTC: its week started on Sunday the 7th.
    const now = Date.UTC(2025, 11, 10, 15);
    const s = participationSeries({ all: Array(52).fill(0), owner: Array(52).fill(0) }, now);
    assert.equal(s.weeks.length, 52);
    assert.equal(s.weeks[51], Date.UTC(2025, 11, 7) / 1000);
    assert.equal(s.weeks[0], Date.UTC(2024, 11, 15) / 1000);
    assert.ok(s.weeks.every((w, i) => i === 0 || w - s.weeks[i - 1]! === 7 * 86_400));
    assert.equal(participationSeries({ all: [0], owner: [0] }, Date.UTC(2025, 11, 7)).weeks[0], Date.UTC(2025, 11, 7) / 1000);
  });

  it('punch card: a 7 × 24 grid, its busiest hour and total', () => {
    const s = punchCardSeries([
      [1, 9, 4],
      [5, 23, 1],
      [0, 0, 0],
    ]);
    assert.equal(s.grid.length, 7);
    assert.equal(s.grid[1]!.length, 24);
    assert.equal(s.grid[1]![9], 4);
    assert.equal(s.max, 4);
    assert.deepEqual(summaryFigures.punchCard(s), { total: 5, day: 1, hour: 9, commits: 4 });
  });

  it('an empty repository (empty lists, zeros) is empty in every chart', () => {
    assert.ok(isEmpty.contributors(contributorsSeries([])));
    assert.ok(isEmpty.commitActivity(commitActivitySeries([])));
    assert.ok(isEmpty.codeFrequency(codeFrequencySeries([])));
    assert.ok(isEmpty.participation(participationSeries({ all: Array(52).fill(0), owner: Array(52).fill(0) })));
    assert.ok(isEmpty.punchCard(punchCardSeries([])));
    assert.ok(!isEmpty.punchCard(punchCardSeries([[0, 0, 1]])));
  });
});
