// Safe HTML building for the web pages: every interpolated value is escaped
// unless it is already markup built here (a SafeHtml), so data from the
// database can never inject tags or attributes.
import { escapeHtml } from '../oauth/pages';

/** Markup that is already escaped; only `html` and `raw` make one. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];

function render(value: Part): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${value}</p>\`` escapes `value` (arrays are joined). */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Sizes as people read them: 12 B, 3.4 KB, 1.2 MB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** A path on this server from raw segments, each percent-encoded (names, tags). */
export function webPath(...segments: Array<string | number>): string {
  return `/${segments.map((s) => encodeURIComponent(String(s))).join('/')}`;
}
