// Support cases shaped for the Cases tab: a row each for the list, the
// details of one case, the list's filters, and dates shown relative with the
// exact time on hover.
import type { Case, EngagementDate } from '../../../engagement';
import { pullNumbersOf } from '../../../util/caseLinks';

export const CASE_STATES = ['Arrived', 'Open', 'Closed'] as const;
export type CaseStateName = (typeof CASE_STATES)[number];

/** A date as the service wrote it (with its offset) and as an instant. */
export interface DateStamp {
  iso: string;
  text: string;
}

export interface CaseRow {
  id: number;
  subject: string;
  state: CaseStateName;
  contact: string;
  campaign: string;
  source: string;
  created: DateStamp | null;
  updated: DateStamp | null;
  slaSeconds: number;
  handlingMs: number;
  tags: string[];
  pulls: number[];
}

export interface CaseDetails extends CaseRow {
  contactId: number;
  profiles: Array<{ source: string; extId: string; userName?: string | undefined; name?: string | undefined }>;
  notes: Array<{ date: string; text: string; userName: string }>;
  history: { inbox: DateStamp | null; firstOpen: DateStamp | null; lastOpen: DateStamp | null; unansweredSince: DateStamp | null; reopened: boolean };
  messages: { received: number; sent: number };
}

const stamp = (d: EngagementDate | null | undefined): DateStamp | null => (d ? { iso: d.instant.toISOString(), text: d.text } : null);

export function caseRow(c: Case): CaseRow {
  return {
    id: c.id,
    subject: c.subject ?? '',
    state: c.state,
    contact: c.contact.name,
    campaign: c.campaign.name,
    source: c.source ?? '',
    created: stamp(c.creation_date),
    updated: stamp(c.update_date),
    slaSeconds: c.sla_seconds,
    handlingMs: c.handling_ms,
    tags: [...c.tags].sort(),
    pulls: pullNumbersOf(c.tags),
  };
}

export function caseDetails(c: Case): CaseDetails {
  return {
    ...caseRow(c),
    contactId: c.contact.id,
    profiles: c.contact.profiles.map((p) => ({ source: p.source, extId: p.ext_id, userName: p.user_name, name: p.name })),
    // Note dates are milliseconds since the epoch.
    notes: (c.notes ?? []).map((n) => ({ date: new Date(n.date).toISOString(), text: n.text, userName: n.userName })),
    history: {
      inbox: stamp(c.inbox_date),
      firstOpen: stamp(c.first_open_date),
      lastOpen: stamp(c.last_open_date),
      unansweredSince: stamp(c.we_did_not_reply_since_date),
      reopened: c.reopened,
    },
    messages: { received: c.messages_received, sent: c.messages_sent },
  };
}

export interface CaseFilter {
  state: CaseStateName | 'all';
  /** Only cases tagged `pr:<number>`; null for every case of the repository. */
  pull: number | null;
  text: string;
}

export const NO_FILTER: CaseFilter = { state: 'all', pull: null, text: '' };

/** The rows a filter keeps; text matches subject, contact, campaign, tags and `#id`, case-insensitively. */
export function filterRows(rows: readonly CaseRow[], filter: CaseFilter): CaseRow[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((r) => {
    if (filter.state !== 'all' && r.state !== filter.state) return false;
    if (filter.pull !== null && !r.pulls.includes(filter.pull)) return false;
    const hay = [r.subject, r.contact, r.campaign, `#${r.id}`, ...r.tags].join('\n').toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** A date relative to now, for Intl.RelativeTimeFormat: the largest unit that fits (seconds count as "now", 0 minutes). */
export function relativeParts(iso: string, nowMs: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const delta = Date.parse(iso) - nowMs;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(delta) >= ms) return { value: Math.trunc(delta / ms), unit };
  }
  return { value: 0, unit: 'minute' };
}

/** A duration in its two largest units: "3d 4h", "2h 5m", "45s". */
export function compactDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const parts: Array<[number, string]> = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'm'],
    [s % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return '0s';
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, u]) => `${n}${u}`)
    .join(' ');
}
