// The five statistics of docs/service-api/hosting/statistics §1–§6 shaped into
// chart series: weeks in ascending order with the gaps filled, deletions as
// negative numbers, a 7 × 24 punch card. Plain data, drawn by the webview and
// summarised in words for the text alternative.
import type { CodeFrequency, CommitActivity, ContributorStats, Participation, PunchCard } from '../../../hosting';

export const WEEK_SECONDS = 7 * 24 * 3600;

/** A statistic whose shape cannot be charted; the message names the field. */
export class StatisticsShapeError extends Error {
  constructor(
    readonly chart: string,
    readonly field: string,
    detail: string,
  ) {
    super(`${chart}: ${field} ${detail}`);
    this.name = 'StatisticsShapeError';
  }
}

interface ContributorSeries {
  login: string;
  avatarUrl?: string | undefined;
  /** Commits in each week of `weeks`. */
  commits: number[];
  additions: number[];
  deletions: number[];
}

export interface ContributorsSeries {
  /** Start of each week, Unix seconds, ascending, one week apart. */
  weeks: number[];
  contributors: ContributorSeries[];
}

export interface CommitActivitySeries {
  weeks: number[];
  totals: number[];
  /** Commits per day (Sunday first) of each week. */
  days: number[][];
}

export interface CodeFrequencySeries {
  weeks: number[];
  additions: number[];
  /** Zero or negative. */
  deletions: number[];
}

export interface ParticipationSeries {
  /** Start of each week (Sunday 00:00 UTC), Unix seconds, oldest first: the last is the week holding now. */
  weeks: number[];
  /** Commits of the owner and of everyone, oldest week first (the last is this week). */
  owner: number[];
  all: number[];
  others: number[];
}

export interface PunchCardSeries {
  /** grid[day][hour]: commits, day 0 is Sunday. */
  grid: number[][];
  max: number;
  total: number;
}

/** The week numbers of a weekly series, ascending with no gaps (first to last given week). */
function weekAxis(starts: readonly number[]): number[] {
  if (starts.length === 0) return [];
  const first = Math.min(...starts);
  const last = Math.max(...starts);
  const out: number[] = [];
  for (let w = first; w <= last; w += WEEK_SECONDS) out.push(w);
  return out;
}

function weekNumber(chart: string, field: string, value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new StatisticsShapeError(chart, field, `is not a week (Unix seconds): ${JSON.stringify(value)}`);
  return n;
}

/** Contributors: every contributor's commits, additions and deletions on one week axis (the `w` field is a string, docs/service-api/hosting/statistics §2). */
export function contributorsSeries(stats: ContributorStats): ContributorsSeries {
  const parsed = stats.map((c, i) => ({
    login: c.author?.login ?? '(unknown)',
    avatarUrl: c.author?.avatar_url,
    weeks: c.weeks.map((wk, j) => ({ w: weekNumber('contributors', `[${i}].weeks[${j}].w`, wk.w), a: wk.a, d: wk.d, c: wk.c })),
  }));
  const weeks = weekAxis(parsed.flatMap((c) => c.weeks.map((w) => w.w)));
  const first = weeks[0] ?? 0;
  const contributors = parsed.map((c) => {
    const commits = weeks.map(() => 0);
    const additions = weeks.map(() => 0);
    const deletions = weeks.map(() => 0);
    for (const w of c.weeks) {
      const k = Math.round((w.w - first) / WEEK_SECONDS);
      commits[k] = (commits[k] ?? 0) + w.c;
      additions[k] = (additions[k] ?? 0) + w.a;
      deletions[k] = (deletions[k] ?? 0) + w.d;
    }
    return { login: c.login, avatarUrl: c.avatarUrl, commits, additions, deletions };
  });
  return { weeks, contributors };
}

interface ContributorTotals {
  login: string;
  avatarUrl?: string | undefined;
  commits: number[];
  totalCommits: number;
  totalAdditions: number;
  totalDeletions: number;
}

export interface ContributorsView {
  weeks: number[];
  /** Most commits first; contributors with no commit in the range are left out. */
  contributors: ContributorTotals[];
  /** Contributors with commits in the range not shown (beyond `top`). */
  hidden: number;
}

/** The contributors of the last `lastWeeks` weeks (all when undefined), the `top` busiest (all when undefined). */
export function contributorsView(series: ContributorsSeries, options: { lastWeeks?: number | undefined; top?: number | undefined } = {}): ContributorsView {
  const from = options.lastWeeks === undefined ? 0 : Math.max(0, series.weeks.length - options.lastWeeks);
  const sum = (xs: number[]) => xs.slice(from).reduce((a, b) => a + b, 0);
  const ranked = series.contributors
    .map((c) => ({
      login: c.login,
      avatarUrl: c.avatarUrl,
      commits: c.commits.slice(from),
      totalCommits: sum(c.commits),
      totalAdditions: sum(c.additions),
      totalDeletions: sum(c.deletions),
    }))
    .filter((c) => c.totalCommits > 0)
    .sort((a, b) => b.totalCommits - a.totalCommits || a.login.localeCompare(b.login));
  const top = options.top === undefined ? ranked : ranked.slice(0, options.top);
  return { weeks: series.weeks.slice(from), contributors: top, hidden: ranked.length - top.length };
}

export function commitActivitySeries(stats: CommitActivity): CommitActivitySeries {
  const sorted = [...stats].sort((a, b) => a.week - b.week);
  return { weeks: sorted.map((s) => s.week), totals: sorted.map((s) => s.total), days: sorted.map((s) => [...s.days]) };
}

export function codeFrequencySeries(stats: CodeFrequency): CodeFrequencySeries {
  const sorted = [...stats].sort((a, b) => a[0] - b[0]);
  return { weeks: sorted.map((s) => s[0]), additions: sorted.map((s) => Math.abs(s[1])), deletions: sorted.map((s) => -Math.abs(s[2])) };
}

/** The Sunday 00:00 UTC starting the week that holds `ms`, Unix seconds (the statistics' weeks start on Sunday). */
function weekStartOf(ms: number): number {
  const day = Math.floor(ms / 86_400_000);
  // 1970-01-01 was a Thursday: day 0 is weekday 4.
  return (day - ((day + 4) % 7)) * 86_400;
}

/** Participation's counts carry no dates (docs/service-api/hosting/statistics §5): its weeks end with the one holding `nowMs`, dated like the other charts'. */
export function participationSeries(stats: Participation, nowMs = Date.now()): ParticipationSeries {
  const all = [...stats.all];
  const owner = [...stats.owner];
  const last = weekStartOf(nowMs);
  const weeks = all.map((_, i) => last - (all.length - 1 - i) * WEEK_SECONDS);
  return { weeks, owner, all, others: all.map((n, i) => Math.max(0, n - (owner[i] ?? 0))) };
}

export function punchCardSeries(stats: PunchCard): PunchCardSeries {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [day, hour, count] of stats) grid[day]![hour]! += count;
  const flat = grid.flat();
  return { grid, max: Math.max(0, ...flat), total: flat.reduce((a, b) => a + b, 0) };
}

const sumOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** True when a series has nothing to draw (an empty repository answers empty lists or zeros). */
export const isEmpty = {
  contributors: (s: ContributorsSeries) => s.contributors.every((c) => sumOf(c.commits) === 0),
  commitActivity: (s: CommitActivitySeries) => sumOf(s.totals) === 0,
  codeFrequency: (s: CodeFrequencySeries) => s.additions.every((n) => n === 0) && s.deletions.every((n) => n === 0),
  participation: (s: ParticipationSeries) => sumOf(s.all) === 0 && sumOf(s.owner) === 0,
  punchCard: (s: PunchCardSeries) => s.total === 0,
};

/** The figures of each chart's one-sentence summary (the words are the webview's, localized). */
export const summaryFigures = {
  commitActivity(s: CommitActivitySeries) {
    const last = s.totals.slice(-52);
    const weeks = s.weeks.slice(-52);
    const busiest = last.reduce((best, n, i) => (n > (last[best] ?? -1) ? i : best), 0);
    return { total: sumOf(last), busiestWeek: weeks[busiest], busiestCommits: last[busiest] ?? 0 };
  },
  codeFrequency(s: CodeFrequencySeries) {
    return { additions: sumOf(s.additions), deletions: -sumOf(s.deletions), weeks: s.weeks.length };
  },
  participation(s: ParticipationSeries) {
    return { owner: sumOf(s.owner), all: sumOf(s.all) };
  },
  punchCard(s: PunchCardSeries) {
    let day = 0;
    let hour = 0;
    s.grid.forEach((row, d) =>
      row.forEach((n, h) => {
        if (n > (s.grid[day]![hour] ?? 0)) [day, hour] = [d, h];
      }),
    );
    return { total: s.total, day, hour, commits: s.grid[day]![hour] ?? 0 };
  },
};
