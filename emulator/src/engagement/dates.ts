// v2 dates: `yyyy-MM-ddTHH:mm:ss±hhmm`, written in the domain's time zone and
// accepted in any numeric offset. Stored as epoch milliseconds.

const OFFSET = /^([+-])(\d{2})(\d{2})$/;
// A `+` in an unencoded query string arrives as a space; accept it as `+`.
const DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})([+\- ])(\d{2})(\d{2})$/;

/** Minutes east of UTC for an offset such as `-0300`; throws on another shape. */
export function parseOffset(offset: string): number {
  const m = OFFSET.exec(offset);
  if (!m) throw new Error(`engagement time zone must look like -0300 or +0530, got "${offset}"`);
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (Number(m[3]) > 59 || minutes > 14 * 60) throw new Error(`engagement time zone out of range: "${offset}"`);
  return m[1] === '-' ? -minutes : minutes;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDate(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
  );
}

/** Epoch milliseconds of a v2 date, or undefined when it is not one (wrong shape or impossible day/time). */
export function parseDate(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second, oh, om] = [m[1], m[2], m[3], m[4], m[5], m[6], m[8], m[9]].map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || om > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February over to March; a real date survives the round trip.
  if (new Date(utc).getUTCDate() !== day) return undefined;
  const offset = (oh * 60 + om) * (m[7] === '-' ? -1 : 1);
  return utc - offset * 60_000;
}

export const DATE_SHAPE = 'yyyy-MM-ddTHH:mm:ss±hhmm, e.g. 2026-03-01T09:30:00-0300';
