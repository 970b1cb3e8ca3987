// Git's object formats and identities, read and written in TypeScript:
// binary tree entries, commit and tag headers, and dates as git keeps them
// (seconds since the epoch plus the author's own UTC offset).
import { InvalidInputError } from './errors';
import type { ObjectType } from './object-reader';

export type TreeMode = '100644' | '100755' | '040000' | '160000' | '120000';
export const TREE_MODES: readonly TreeMode[] = ['100644', '100755', '040000', '160000', '120000'];

export function typeOfMode(mode: TreeMode): ObjectType {
  if (mode === '040000') return 'tree';
  if (mode === '160000') return 'commit';
  return 'blob';
}

export interface TreeEntry {
  name: string;
  mode: TreeMode;
  type: ObjectType;
  sha: string;
}

/** Parses a tree object: `<mode> SP <name> NUL <20-byte sha>` repeated. */
export function parseTree(content: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let offset = 0;
  while (offset < content.length) {
    const space = content.indexOf(0x20, offset);
    const nul = content.indexOf(0, space);
    const rawMode = content.toString('latin1', offset, space);
    const mode = (rawMode.length === 5 ? `0${rawMode}` : rawMode) as TreeMode;
    const name = content.toString('utf8', space + 1, nul);
    const sha = content.toString('hex', nul + 1, nul + 21);
    entries.push({ name, mode, type: typeOfMode(mode), sha });
    offset = nul + 21;
  }
  return entries;
}

export interface GitIdentity {
  name: string;
  email: string;
  /** ISO 8601 in the identity's own offset, e.g. `2014-11-07T22:01:45+01:00` (`Z` for UTC). */
  date: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Git's offset form, e.g. `+0100`. */
  timezone: string;
}

/**
 * What callers give: a name, an email and a date. identityFromInput reads the
 * date as ISO 8601 (its offset is kept); identityEnv hands it to git as it is,
 * so git's `<seconds> <offset>` form works there too.
 */
export interface IdentityInput {
  name: string;
  email: string;
  date: string;
}

function offsetMinutes(timezone: string): number {
  const sign = timezone.startsWith('-') ? -1 : 1;
  return sign * (Number(timezone.slice(1, 3)) * 60 + Number(timezone.slice(3, 5)));
}

export function isoInZone(timestamp: number, timezone: string): string {
  const minutes = offsetMinutes(timezone);
  const local = new Date((timestamp + minutes * 60) * 1000).toISOString().slice(0, 19);
  if (minutes === 0) return `${local}Z`;
  return `${local}${timezone.slice(0, 3)}:${timezone.slice(3, 5)}`;
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `2014-11-07T22:01:45+01:00` → `{ timestamp, timezone: '+0100' }`; no offset means UTC. */
export function parseIsoDate(date: string, field: string): { timestamp: number; timezone: string } {
  const match = ISO_DATE.exec(date);
  const millis = match ? Date.parse(`${match[1]}${match[2] ?? ''}${match[3] ?? 'Z'}`) : NaN;
  if (!match || Number.isNaN(millis)) throw new InvalidInputError(`${field} is not a valid ISO 8601 date`, field);
  // git stores unsigned seconds: dates before 1970 cannot be written.
  if (millis < 0) throw new InvalidInputError(`${field} is before 1970-01-01, which git cannot store`, field);
  const zone = match[3] ?? 'Z';
  const timezone = zone === 'Z' ? '+0000' : zone.replace(':', '');
  if (Math.abs(offsetMinutes(timezone)) > 14 * 60) throw new InvalidInputError(`${field} has an invalid time zone offset`, field);
  return { timestamp: Math.floor(millis / 1000), timezone };
}

/** Checks a name and email git will store as given, and turns the date into git's form. */
export function identityFromInput(input: IdentityInput, field: string): GitIdentity {
  if (typeof input.name !== 'string' || input.name.trim() === '' || /[<>\n\0]/.test(input.name)) {
    throw new InvalidInputError(`${field}.name is invalid`, `${field}.name`);
  }
  if (typeof input.email !== 'string' || /[<>\n\0]/.test(input.email)) {
    throw new InvalidInputError(`${field}.email is invalid`, `${field}.email`);
  }
  const { timestamp, timezone } = parseIsoDate(input.date, `${field}.date`);
  return { name: input.name, email: input.email, date: isoInZone(timestamp, timezone), timestamp, timezone };
}

const IDENTITY_LINE = /^(.*) <(.*)> (-?\d+) ([+-]\d{4})$/;

export function parseIdentity(line: string): GitIdentity {
  const match = IDENTITY_LINE.exec(line);
  if (!match) return { name: line, email: '', date: isoInZone(0, '+0000'), timestamp: 0, timezone: '+0000' };
  const timestamp = Number(match[3]);
  const timezone = match[4] ?? '+0000';
  return { name: match[1] ?? '', email: match[2] ?? '', date: isoInZone(timestamp, timezone), timestamp, timezone };
}

/** Git's `GIT_*_DATE` form, which keeps the offset exactly. */
export function gitDate(identity: GitIdentity): string {
  return `@${identity.timestamp} ${identity.timezone}`;
}

/** Splits a commit or tag object into its headers (continuation lines folded in) and message. */
export function parseHeaders(content: Buffer): { headers: Array<[string, string]>; message: string } {
  const text = content.toString('utf8');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const message = end < 0 ? '' : text.slice(end + 2);
  const headers: Array<[string, string]> = [];
  for (const line of head.split('\n')) {
    const last = headers[headers.length - 1];
    if (line.startsWith(' ') && last) last[1] += `\n${line.slice(1)}`;
    else {
      const space = line.indexOf(' ');
      headers.push([line.slice(0, space), line.slice(space + 1)]);
    }
  }
  return { headers, message };
}
