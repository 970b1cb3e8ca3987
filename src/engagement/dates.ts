// Dates of the engagement service: `yyyy-MM-ddTHH:mm:ss±hhmm` in the domain's
// time zone. Parsed keeping the offset, so "09:00 in São Paulo" stays that.

export interface EngagementDate {
  /** The instant. */
  readonly instant: Date;
  /** The offset the service wrote, as it wrote it, e.g. `-0300`. */
  readonly offset: string;
  /** Minutes east of UTC, e.g. -180. */
  readonly offsetMinutes: number;
  /** The original text form, e.g. `2026-03-02T09:00:00-0300`. */
  readonly text: string;
}

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})([+-])(\d{2})(\d{2})$/;

/** Parses a service date; undefined when the text does not have the service's shape or names an impossible time. */
export function parseEngagementDate(text: string): EngagementDate | undefined {
  const m = SHAPE.exec(text);
  if (!m) return undefined;
  const n = m.slice(1).map(Number);
  const [year, month, day, hour, minute, second] = n as [number, number, number, number, number, number];
  const offsetMinutes = (Number(m[8]) * 60 + Number(m[9])) * (m[7] === '-' ? -1 : 1);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || Number(m[9]) > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(utc).getUTCDate() !== day) return undefined;
  return { instant: new Date(utc - offsetMinutes * 60_000), offset: `${m[7]}${m[8]}${m[9]}`, offsetMinutes, text };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Writes an instant in the service's form at the given offset (UTC by default; the service accepts any offset). */
export function formatEngagementDate(date: Date | EngagementDate, offsetMinutes?: number): string {
  const instant = date instanceof Date ? date : date.instant;
  const offset = offsetMinutes ?? (date instanceof Date ? 0 : date.offsetMinutes);
  const local = new Date(instant.getTime() + offset * 60_000);
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
  );
}
