// The arithmetic behind the five statistics endpoints
// (docs/service-api/hosting/statistics §1–§6): contributors, commit activity,
// code frequency, participation and punch card, computed from attributed
// commits. In-process, so that mutation testing sees it (the conformance file
// emulator/test/stats-compute runs outside Stryker's view).
import assert from 'node:assert/strict';
import { codeFrequency, commitActivity, contributors, participation, punchCard, weekStart, type AttributedCommit } from '../../../src/stats/compute';

/** Unix seconds of an ISO time. */
const t = (iso: string): number => Date.parse(iso) / 1000;
const WEEK = 7 * 86_400;

const commit = (authorKey: string, iso: string, additions = 1, deletions = 0, tzOffsetMinutes = 0): AttributedCommit => ({
  authorKey,
  authorTime: t(iso),
  tzOffsetMinutes,
  additions,
  deletions,
});

describe('emulator statistics: weeks', () => {
  it('a week starts on Sunday 00:00 UTC, for every day of the week', () => {
    // 2026-11-22 is a Sunday; each day up to Saturday 23:59:59 belongs to its week.
    const sunday = t('2026-11-22T00:00:00Z');
    for (const [iso, start] of [
      ['2026-11-22T00:00:00Z', sunday],
      ['2026-11-22T23:59:59Z', sunday],
      ['2026-11-23T10:00:00Z', sunday],
      ['2026-11-25T10:00:00Z', sunday],
      ['2026-11-26T00:00:01Z', sunday],
      ['2026-11-28T23:59:59Z', sunday],
      ['2026-11-29T00:00:00Z', sunday + WEEK],
      ['2026-11-21T23:59:59Z', sunday - WEEK],
    ] as const) {
      assert.equal(weekStart(t(iso)), start, iso);
    }
  });

  it('the epoch (a Thursday) lies in the week of Sunday 1969-12-28', () => {
    assert.equal(weekStart(0), t('1969-12-28T00:00:00Z'));
    assert.equal(weekStart(t('1970-01-04T00:00:00Z')), t('1970-01-04T00:00:00Z'));
  });
});

describe('emulator statistics: /stats/contributors', () => {
  const now = t('2026-11-25T12:00:00Z');

  it('no history: no contributors', () => {
    assert.deepEqual(contributors([], now), []);
  });

  it("every contributor has one row per week from the first commit's week to the week of now, w a Unix timestamp string", () => {
    const result = contributors(
      [
        commit('ada', '2026-11-10T09:00:00Z', 10, 2),
        commit('ada', '2026-11-11T09:00:00Z', 5, 1),
        commit('charles', '2026-11-19T09:00:00Z', 3, 4),
        // The oldest commit comes last in git log order: the first week is the earliest of all.
        commit('ada', '2026-11-02T09:00:00Z', 7, 0),
      ],
      now,
    );
    const w = (iso: string) => String(t(iso));
    assert.deepEqual(result, [
      {
        authorKey: 'charles',
        total: 1,
        weeks: [
          { w: w('2026-11-01T00:00:00Z'), a: 0, d: 0, c: 0 },
          { w: w('2026-11-08T00:00:00Z'), a: 0, d: 0, c: 0 },
          { w: w('2026-11-15T00:00:00Z'), a: 3, d: 4, c: 1 },
          { w: w('2026-11-22T00:00:00Z'), a: 0, d: 0, c: 0 },
        ],
      },
      {
        authorKey: 'ada',
        total: 3,
        weeks: [
          { w: w('2026-11-01T00:00:00Z'), a: 7, d: 0, c: 1 },
          { w: w('2026-11-08T00:00:00Z'), a: 15, d: 3, c: 2 },
          { w: w('2026-11-15T00:00:00Z'), a: 0, d: 0, c: 0 },
          { w: w('2026-11-22T00:00:00Z'), a: 0, d: 0, c: 0 },
        ],
      },
    ]);
  });

  it('a commit dated after now is not counted, and its author still gets the weeks up to now', () => {
    const result = contributors([commit('ada', '2026-11-23T09:00:00Z'), commit('zed', '2026-12-10T09:00:00Z', 9, 9)], now);
    assert.deepEqual(result, [
      { authorKey: 'zed', total: 0, weeks: [{ w: String(t('2026-11-22T00:00:00Z')), a: 0, d: 0, c: 0 }] },
      { authorKey: 'ada', total: 1, weeks: [{ w: String(t('2026-11-22T00:00:00Z')), a: 1, d: 0, c: 1 }] },
    ]);
  });

  it('least active first; equal totals in order of the author key', () => {
    const result = contributors(
      [
        commit('mary', '2026-11-23T09:00:00Z'),
        commit('ada', '2026-11-23T09:00:00Z'),
        commit('luigi', '2026-11-23T09:00:00Z'),
        commit('luigi', '2026-11-24T09:00:00Z'),
        commit('charles', '2026-11-23T09:00:00Z'),
      ],
      now,
    );
    assert.deepEqual(
      result.map((r) => [r.authorKey, r.total]),
      [
        ['ada', 1],
        ['charles', 1],
        ['mary', 1],
        ['luigi', 2],
      ],
    );
  });
});

describe('emulator statistics: /stats/commit_activity', () => {
  const now = t('2026-11-28T12:00:00Z');

  it('52 weeks, oldest first, each a Sunday; no commits gives zeros', () => {
    const weeks = commitActivity([], now);
    assert.equal(weeks.length, 52);
    assert.equal(weeks[51]!.week, t('2026-11-22T00:00:00Z'));
    assert.equal(weeks[0]!.week, t('2026-11-22T00:00:00Z') - 51 * WEEK);
    assert.deepEqual(weeks[0], { days: [0, 0, 0, 0, 0, 0, 0], total: 0, week: t('2026-11-22T00:00:00Z') - 51 * WEEK });
    assert.deepEqual(
      weeks.map((w) => w.week),
      weeks.map((_, i) => weeks[0]!.week + i * WEEK),
    );
  });

  it('commits per day, Sunday first; the oldest week of the year counts; older and later commits do not', () => {
    const firstWeek = t('2026-11-22T00:00:00Z') - 51 * WEEK;
    const weeks = commitActivity(
      [
        commit('ada', '2026-11-22T00:00:00Z'),
        commit('ada', '2026-11-23T08:00:00Z'),
        commit('ada', '2026-11-28T23:59:59Z'),
        commit('ada', '2026-11-28T08:00:00Z'),
        commit('ada', '2026-11-18T08:00:00Z'),
        { authorKey: 'ada', authorTime: firstWeek + 86_400 + 60, tzOffsetMinutes: 0, additions: 0, deletions: 0 },
        { authorKey: 'ada', authorTime: firstWeek - 1, tzOffsetMinutes: 0, additions: 0, deletions: 0 },
        commit('ada', '2026-11-29T00:00:00Z'),
      ],
      now,
    );
    assert.deepEqual(weeks[51], { days: [1, 1, 0, 0, 0, 0, 2], total: 4, week: t('2026-11-22T00:00:00Z') });
    assert.deepEqual(weeks[50], { days: [0, 0, 0, 1, 0, 0, 0], total: 1, week: t('2026-11-15T00:00:00Z') });
    assert.deepEqual(weeks[0], { days: [0, 1, 0, 0, 0, 0, 0], total: 1, week: firstWeek });
    assert.equal(
      weeks.reduce((n, w) => n + w.total, 0),
      6,
    );
  });
});

describe('emulator statistics: /stats/code_frequency', () => {
  it('no history: no rows', () => {
    assert.deepEqual(codeFrequency([]), []);
  });

  it('one row per week from the first to the last commit, quiet weeks as zeros, deletions negative', () => {
    const rows = codeFrequency([
      commit('mary', '2026-11-24T00:00:00Z', 1, 9),
      commit('ada', '2026-11-10T00:00:00Z', 7, 4),
      commit('ada', '2026-11-14T23:00:00Z', 2, 1),
    ]);
    assert.deepEqual(rows, [
      [t('2026-11-08T00:00:00Z'), 9, -5],
      [t('2026-11-15T00:00:00Z'), 0, 0],
      [t('2026-11-22T00:00:00Z'), 1, -9],
    ]);
  });

  it('a single commit gives a single row', () => {
    assert.deepEqual(codeFrequency([commit('ada', '2026-11-10T00:00:00Z', 3, 2)]), [[t('2026-11-08T00:00:00Z'), 3, -2]]);
  });
});

describe('emulator statistics: /stats/participation', () => {
  const now = t('2026-11-22T12:00:00Z');

  it('52 weekly counts oldest first: all includes the owner; the first and last week count, outside them nothing', () => {
    const firstWeek = t('2026-11-22T00:00:00Z') - 51 * WEEK;
    const p = participation(
      [
        commit('ada', '2026-11-22T08:00:00Z'),
        commit('charles', '2026-11-22T09:00:00Z'),
        commit('ada', '2026-11-02T09:00:00Z'),
        { authorKey: 'ada', authorTime: firstWeek, tzOffsetMinutes: 0, additions: 0, deletions: 0 },
        { authorKey: 'charles', authorTime: firstWeek - 1, tzOffsetMinutes: 0, additions: 0, deletions: 0 },
        commit('ada', '2026-11-29T00:00:00Z'),
      ],
      'ada',
      now,
    );
    const all = new Array<number>(52).fill(0);
    const owner = new Array<number>(52).fill(0);
    all[51] = 2;
    owner[51] = 1;
    all[48] = 1;
    owner[48] = 1;
    all[0] = 1;
    owner[0] = 1;
    assert.deepEqual(p, { all, owner });
  });

  it('without commits both series are 52 zeros', () => {
    assert.deepEqual(participation([], 'ada', now), { all: new Array<number>(52).fill(0), owner: new Array<number>(52).fill(0) });
  });
});

describe('emulator statistics: /stats/punch_card', () => {
  it('168 rows, [day, hour, commits] Sunday 0h first, Saturday 23h last', () => {
    const card = punchCard([]);
    assert.equal(card.length, 168);
    assert.deepEqual(card[0], [0, 0, 0]);
    assert.deepEqual(card[1], [0, 1, 0]);
    assert.deepEqual(card[24], [1, 0, 0]);
    assert.deepEqual(card[167], [6, 23, 0]);
  });

  it("day and hour in each commit's own time zone", () => {
    const card = punchCard([
      // 23:30 UTC on Saturday is 05:00 on Sunday at +0530.
      commit('ada', '2026-11-21T23:30:00Z', 1, 0, 330),
      commit('ada', '2026-11-21T23:30:00Z', 1, 0, 0),
      // 02:00 UTC on Wednesday is 21:00 on Tuesday at -0500.
      commit('ada', '2026-11-25T02:00:00Z', 1, 0, -300),
      commit('ada', '2026-11-25T02:59:59Z', 1, 0, -300),
    ]);
    const nonZero = card.filter(([, , n]) => n > 0);
    assert.deepEqual(nonZero, [
      [0, 5, 1],
      [2, 21, 2],
      [6, 23, 1],
    ]);
  });

  it('a commit at the epoch with a negative offset lands on Wednesday 23h (the evening before)', () => {
    const card = punchCard([{ authorKey: 'ada', authorTime: 0, tzOffsetMinutes: -60, additions: 0, deletions: 0 }]);
    assert.deepEqual(
      card.filter(([, , n]) => n > 0),
      [[3, 23, 1]],
    );
  });
});
