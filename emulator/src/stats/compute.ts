// The five repository statistics of docs/service-api/hosting/statistics §1–§6,
// computed from a repository's history. Pure: the git side hands in parsed
// commits, so the arithmetic is tested without git and the 10,000-commit
// benchmark measures the parsing and this code separately.

/** A commit as the statistics count it: git's HistoryCommit (emulator/src/git/history.ts) attributed to an account. */
export interface AttributedCommit {
  /** Who the statistics attribute the commit to: an account login when the e-mail maps to one, else the e-mail. */
  authorKey: string;
  /** Author time as Unix seconds (UTC). */
  authorTime: number;
  /** The author's own time-zone offset in minutes east of UTC (+0530 → 330). */
  tzOffsetMinutes: number;
  additions: number;
  deletions: number;
}

export interface ContributorWeeks {
  authorKey: string;
  total: number;
  weeks: Array<{ w: string; a: number; d: number; c: number }>;
}

export interface CommitActivityWeek {
  days: number[];
  total: number;
  week: number;
}

export interface Participation {
  all: number[];
  owner: number[];
}

const DAY = 86_400;
const WEEK = 7 * DAY;

/** Start (Sunday 00:00 UTC) of the week holding `t`, as Unix seconds. */
export function weekStart(t: number): number {
  const day = Math.floor(t / DAY);
  // 1970-01-01 was a Thursday: day 0 → weekday 4.
  const weekday = (day + 4) % 7;
  return (day - weekday) * DAY;
}

/** Contributors with weekly additions, deletions and commits, from the first week of history to now; `w` is a string. */
export function contributors(commits: readonly AttributedCommit[], now: number): ContributorWeeks[] {
  if (commits.length === 0) return [];
  const first = weekStart(Math.min(...commits.map((c) => c.authorTime)));
  const last = weekStart(now);
  const weekCount = Math.floor((last - first) / WEEK) + 1;
  const byAuthor = new Map<string, ContributorWeeks>();
  for (const c of commits) {
    let entry = byAuthor.get(c.authorKey);
    if (!entry) {
      entry = {
        authorKey: c.authorKey,
        total: 0,
        weeks: Array.from({ length: weekCount }, (_, i) => ({ w: String(first + i * WEEK), a: 0, d: 0, c: 0 })),
      };
      byAuthor.set(c.authorKey, entry);
    }
    const index = Math.floor((weekStart(c.authorTime) - first) / WEEK);
    const week = entry.weeks[index];
    if (!week) continue; // a commit dated after `now`
    week.a += c.additions;
    week.d += c.deletions;
    week.c += 1;
    entry.total += 1;
  }
  // Least active first, as the service family orders them.
  return [...byAuthor.values()].sort((x, y) => x.total - y.total || x.authorKey.localeCompare(y.authorKey));
}

/** The last year (52 weeks, oldest first) of commits per day, Sunday first. */
export function commitActivity(commits: readonly AttributedCommit[], now: number): CommitActivityWeek[] {
  const weeks = lastWeeks(now, 52).map((week) => ({ days: [0, 0, 0, 0, 0, 0, 0], total: 0, week }));
  const first = weeks[0]!.week;
  for (const c of commits) {
    const index = Math.floor((weekStart(c.authorTime) - first) / WEEK);
    const w = weeks[index];
    if (!w) continue;
    const day = Math.floor((c.authorTime - w.week) / DAY);
    w.days[day]! += 1;
    w.total += 1;
  }
  return weeks;
}

/** Weekly [week, additions, -deletions] over the whole history. */
export function codeFrequency(commits: readonly AttributedCommit[]): Array<[number, number, number]> {
  if (commits.length === 0) return [];
  const byWeek = new Map<number, [number, number, number]>();
  const times = commits.map((c) => weekStart(c.authorTime));
  const first = Math.min(...times);
  const last = Math.max(...times);
  for (let w = first; w <= last; w += WEEK) byWeek.set(w, [w, 0, 0]);
  commits.forEach((c, i) => {
    const row = byWeek.get(times[i]!)!;
    row[1] += c.additions;
    row[2] -= c.deletions;
  });
  return [...byWeek.values()];
}

/** 52 weekly commit counts, oldest first: `all` includes the owner's. */
export function participation(commits: readonly AttributedCommit[], ownerKey: string, now: number): Participation {
  const weeks = lastWeeks(now, 52);
  const first = weeks[0]!;
  const all = new Array<number>(52).fill(0);
  const owner = new Array<number>(52).fill(0);
  for (const c of commits) {
    const index = Math.floor((weekStart(c.authorTime) - first) / WEEK);
    if (index < 0 || index >= 52) continue;
    all[index]! += 1;
    if (c.authorKey === ownerKey) owner[index]! += 1;
  }
  return { all, owner };
}

/** [day 0-6 (Sunday first), hour 0-23, commits], in each commit's own time zone. */
export function punchCard(commits: readonly AttributedCommit[]): Array<[number, number, number]> {
  const counts = new Array<number>(7 * 24).fill(0);
  for (const c of commits) {
    const local = c.authorTime + c.tzOffsetMinutes * 60;
    const day = (Math.floor(local / DAY) + 4) % 7;
    const hour = Math.floor((((local % DAY) + DAY) % DAY) / 3600);
    counts[day * 24 + hour]! += 1;
  }
  return counts.map((n, i) => [Math.floor(i / 24), i % 24, n]);
}

function lastWeeks(now: number, count: number): number[] {
  const current = weekStart(now);
  return Array.from({ length: count }, (_, i) => current - (count - 1 - i) * WEEK);
}
