// The arithmetic of the five statistics endpoints
// (docs/service-api/hosting/statistics §1–§6).
import assert from 'node:assert/strict';
import { codeFrequency, commitActivity, contributors, participation, punchCard, weekStart, type AttributedCommit } from '../src/stats/compute';

const t = (iso: string) => Date.parse(iso) / 1000;
// 2026-11-22 is a Sunday.
const now = t('2026-11-22T12:00:00Z');

const commit = (authorKey: string, iso: string, additions = 1, deletions = 0, tzOffsetMinutes = 0): AttributedCommit => ({
  authorKey,
  authorTime: t(iso),
  tzOffsetMinutes,
  additions,
  deletions,
});

describe('statistics computation (docs/service-api/hosting/statistics §1–§6)', () => {
  it('weeks start on Sunday 00:00 UTC', () => {
    assert.equal(weekStart(t('2026-11-25T10:00:00Z')), t('2026-11-22T00:00:00Z'));
    assert.equal(weekStart(t('2026-11-22T00:00:00Z')), t('2026-11-22T00:00:00Z'));
    assert.equal(weekStart(t('2026-11-21T23:59:59Z')), t('2026-11-15T00:00:00Z'));
  });

  it('/stats/contributors — total commits and weekly a/d/c per author, w as a Unix timestamp string', () => {
    const result = contributors(
      [commit('ada', '2026-11-10T09:00:00Z', 10, 2), commit('ada', '2026-11-11T09:00:00Z', 5, 1), commit('charles', '2026-11-19T09:00:00Z', 3, 0)],
      now,
    );
    const ada = result.find((r) => r.authorKey === 'ada')!;
    assert.equal(ada.total, 2);
    assert.equal(typeof ada.weeks[0]!.w, 'string');
    assert.deepEqual(ada.weeks[0], { w: String(t('2026-11-08T00:00:00Z')), a: 15, d: 3, c: 2 });
    assert.equal(ada.weeks.length, 3, 'from the first week of history to the current week');
    const charles = result.find((r) => r.authorKey === 'charles')!;
    assert.deepEqual(charles.weeks[1], { w: String(t('2026-11-15T00:00:00Z')), a: 3, d: 0, c: 1 });
  });

  it('/stats/commit_activity — 52 weeks of the last year, days start on Sunday', () => {
    const weeks = commitActivity(
      [commit('ada', '2026-11-23T08:00:00Z'), commit('ada', '2026-11-28T08:00:00Z'), commit('ada', '2024-01-01T00:00:00Z')],
      t('2026-11-28T12:00:00Z'),
    );
    assert.equal(weeks.length, 52);
    const last = weeks.at(-1)!;
    assert.equal(last.week, t('2026-11-22T00:00:00Z'));
    assert.deepEqual(last.days, [0, 1, 0, 0, 0, 0, 1]);
    assert.equal(last.total, 2);
    assert.equal(
      weeks.reduce((n, w) => n + w.total, 0),
      2,
      'a commit older than a year is not counted',
    );
  });

  it('/stats/code_frequency — weekly additions and negative deletions', () => {
    const rows = codeFrequency([commit('ada', '2026-11-10T00:00:00Z', 7, 4), commit('mary', '2026-11-24T00:00:00Z', 1, 9)]);
    assert.deepEqual(rows, [
      [t('2026-11-08T00:00:00Z'), 7, -4],
      [t('2026-11-15T00:00:00Z'), 0, 0],
      [t('2026-11-22T00:00:00Z'), 1, -9],
    ]);
  });

  it('/stats/participation — 52 weeks oldest first, all includes the owner', () => {
    const p = participation(
      [commit('ada', '2026-11-22T08:00:00Z'), commit('charles', '2026-11-22T09:00:00Z'), commit('ada', '2026-11-02T09:00:00Z')],
      'ada',
      now,
    );
    assert.equal(p.all.length, 52);
    assert.equal(p.owner.length, 52);
    assert.equal(p.all[51], 2);
    assert.equal(p.owner[51], 1);
    assert.equal(p.all[48], 1);
    assert.equal(p.owner[48], 1);
  });

  it('/stats/punch_card — day and hour in the time zone of each commit', () => {
    // 23:30 UTC on Saturday is 05:00 on Sunday at +0530.
    const card = punchCard([commit('ada', '2026-11-21T23:30:00Z', 1, 0, 330), commit('ada', '2026-11-21T23:30:00Z', 1, 0, 0)]);
    assert.equal(card.length, 7 * 24);
    assert.deepEqual(
      card.find(([d, h]) => d === 0 && h === 5),
      [0, 5, 1],
    );
    assert.deepEqual(
      card.find(([d, h]) => d === 6 && h === 23),
      [6, 23, 1],
    );
  });
});
