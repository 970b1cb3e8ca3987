// Dates of a scenario file: an ISO 8601 date and time, or a time before the
// seed (`-3h`), so that a demo stays recent whenever it is seeded ("2 hours
// ago" in a list, a year of commits in the statistics). The seed time is
// the moment the file is loaded, whole seconds.

/** `-90s`, `-45m`, `-3h`, `-2d`, `-1w`: that long before the seed. */
export const RELATIVE_DATE = /^-(\d{1,9})([smhdw])$/;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** Unix seconds of a checked date (ISO or relative to `now`, Unix seconds). */
export function dateSeconds(value: string, now: number): number {
  const m = RELATIVE_DATE.exec(value);
  if (m) return now - Number(m[1]) * UNIT_SECONDS[m[2]!]!;
  return Math.floor(Date.parse(value) / 1000);
}

/** The zone of a date as git writes it: an ISO date's own (`+05:30` → `+0530`, `Z` → `+0000`); a relative one's is UTC. */
export function zoneOf(value: string): string {
  const m = /([+-])(\d\d):?(\d\d)$/.exec(value);
  return m && !RELATIVE_DATE.test(value) ? `${m[1]}${m[2]}${m[3]}` : '+0000';
}
