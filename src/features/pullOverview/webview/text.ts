// The page's words: the strings the host sends (localized there with
// vscode.l10n), filled in like vscode.l10n.t ({0}, {1}…), and dates and
// numbers in the editor's locale: relative on the page, exact on hover.
import type { StringKey } from '../model/strings';
import { ageParts } from '../../../util/viewFormat';
import { h } from '../../shared/webview/dom';

export interface Text {
  t(key: StringKey, ...args: Array<string | number>): string;
  num(n: number): string;
  /** A <time> with the relative date as text and the exact one on hover. */
  time(iso: string): HTMLTimeElement;
}

const UNITS = { min: 'minute', h: 'hour', d: 'day', mo: 'month', y: 'year' } as const;

export function makeText(strings: Record<string, string>, locale: string): Text {
  const numberFmt = new Intl.NumberFormat(locale);
  const num = (n: number) => numberFmt.format(n);
  const t = (key: StringKey, ...args: Array<string | number>) =>
    (strings[key] ?? key).replace(/\{(\d+)\}/g, (m, i: string) => {
      const v = args[Number(i)];
      return v === undefined ? m : typeof v === 'number' ? num(v) : v;
    });
  const exact = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
  const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const relative = (iso: string) => {
    const { n, unit } = ageParts(iso);
    return unit === 'now' ? t('justNow') : rel.format(-n, UNITS[unit]);
  };
  return {
    t,
    num,
    time: (iso) => {
      const valid = !Number.isNaN(Date.parse(iso));
      return h('time', { datetime: iso, title: valid ? exact.format(new Date(iso)) : iso }, valid ? relative(iso) : iso);
    },
  };
}
