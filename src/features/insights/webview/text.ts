// The panel's words: the strings the host sends (localized there with
// vscode.l10n), filled in like vscode.l10n.t ({0}, {1}…), and dates and
// numbers in the editor's locale.
import { countKey, type CountKind, type StringKey } from '../model/strings';
import { relativeParts } from '../model/caseRows';

export interface Text {
  t(key: StringKey, ...args: Array<string | number>): string;
  /** A week's start with its whole year ("Dec 7, 2025"): a two-digit year reads like a day. */
  week(unixSeconds: number): string;
  /** "1 commit", "2 commits": the phrase of a count in the locale's plural form. */
  count(n: number, kind: CountKind): string;
  weekdays: string[];
  relative(iso: string): string;
  exact(iso: string): string;
}

export function makeText(strings: Record<string, string>, locale: string): Text {
  const fmt = (n: number) => new Intl.NumberFormat(locale).format(n);
  const t = (key: StringKey, ...args: Array<string | number>) =>
    (strings[key] ?? key).replace(/\{(\d+)\}/g, (m, i: string) => {
      const v = args[Number(i)];
      return v === undefined ? m : typeof v === 'number' ? fmt(v) : v;
    });
  const plural = new Intl.PluralRules(locale);
  const weekFmt = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const exactFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // 2023-01-01 was a Sunday: the statistics count days from Sunday.
  const dayFmt = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, i) => dayFmt.format(new Date(Date.UTC(2023, 0, 1 + i))));
  return {
    t,
    week: (s) => weekFmt.format(new Date(s * 1000)),
    count: (n, kind) => t(countKey(kind, plural.select(n)), n),
    weekdays,
    relative: (iso) => {
      const { value, unit } = relativeParts(iso, Date.now());
      return rel.format(value, unit);
    },
    exact: (iso) => exactFmt.format(new Date(iso)),
  };
}
