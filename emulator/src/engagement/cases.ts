// Cases: records, the Arrived/Open/Closed state machine and the figures
// computed from their messages.
import { listing } from '../db';
import { fmt, parseExtra, type EngagementContext } from './context';
import { addNotes, changeTags, contactRow, getContact, notesOf, tagsOf } from './contacts';
import { badRequest, failed, notFound, type Paging } from './params';

export const CASE_STATES = ['Arrived', 'Open', 'Closed'] as const;
type CaseState = (typeof CASE_STATES)[number];

interface CaseRow {
  id: number;
  contact_id: number;
  campaign_id: number;
  source: string | null;
  private: number;
  subject: string | null;
  state: CaseState;
  reopened: number;
  first_open_ms: number | null;
  last_open_ms: number | null;
  inbox_ms: number;
  credits: number;
  extra: string;
  creation_ms: number;
  update_ms: number;
  updated_by: string | null;
}

/** Fields the service computes or that have their own parameter handling. */
export const CASE_READ_ONLY = new Set([
  'id',
  'first_open_date',
  'last_open_date',
  'inbox_date',
  'reopened',
  'contact',
  'we_did_not_reply_since_date',
  'handling_ms',
  'sla_seconds',
  'messages_sent',
  'messages_received',
  'messages',
  'url',
  'tags',
  'notes',
  'creation_date',
  'update_date',
  'updated_by',
]);

export function caseRow(ctx: EngagementContext, id: number): CaseRow {
  const row = ctx.db.prepare('SELECT * FROM v2_cases WHERE id = ?').get(id) as CaseRow | undefined;
  if (!row) throw notFound(`Case ${id} not found`);
  return row;
}

export interface MessageFigures {
  messages_sent: number;
  messages_received: number;
  messages: number;
  /** First received message that no reply has followed yet. */
  unansweredSinceMs: number | null;
  /** Sum, over replies, of the time since the oldest message the reply answered. */
  handling_ms: number;
  /** First response time; while unanswered, the time elapsed so far. */
  sla_seconds: number;
}

export function messageFigures(ctx: EngagementContext, caseId: number): MessageFigures {
  const messages = ctx.db.prepare('SELECT direction, created_ms FROM v2_messages WHERE case_id = ? ORDER BY created_ms, id').all(caseId) as Array<{
    direction: 'in' | 'out';
    created_ms: number;
  }>;
  let pendingSince: number | null = null;
  let handling = 0;
  let firstIn: number | null = null;
  let firstReply: number | null = null;
  let sent = 0;
  for (const m of messages) {
    if (m.direction === 'in') {
      firstIn ??= m.created_ms;
      pendingSince ??= m.created_ms;
    } else {
      sent++;
      if (firstIn !== null && firstReply === null) firstReply = m.created_ms;
      if (pendingSince !== null) handling += m.created_ms - pendingSince;
      pendingSince = null;
    }
  }
  const sla = firstIn === null ? 0 : Math.floor(((firstReply ?? ctx.now()) - firstIn) / 1000);
  return {
    messages_sent: sent,
    messages_received: messages.length - sent,
    messages: messages.length,
    unansweredSinceMs: pendingSince,
    handling_ms: handling,
    sla_seconds: Math.max(0, sla),
  };
}

function campaignJson(ctx: EngagementContext, id: number) {
  const row = ctx.db.prepare('SELECT id, name FROM v2_campaigns WHERE id = ?').get(id) as { id: number; name: string };
  return { id: row.id, name: row.name };
}

export function caseJson(ctx: EngagementContext, row: CaseRow): Record<string, unknown> {
  const figures = messageFigures(ctx, row.id);
  return {
    ...parseExtra(row.extra),
    id: row.id,
    first_open_date: fmt(ctx, row.first_open_ms),
    last_open_date: fmt(ctx, row.last_open_ms),
    inbox_date: fmt(ctx, row.inbox_ms),
    reopened: row.reopened === 1,
    campaign: campaignJson(ctx, row.campaign_id),
    source: row.source,
    private: row.private === 1,
    subject: row.subject,
    contact: getContact(ctx, row.contact_id),
    state: row.state,
    credits: row.credits,
    we_did_not_reply_since_date: fmt(ctx, figures.unansweredSinceMs),
    handling_ms: figures.handling_ms,
    sla_seconds: figures.sla_seconds,
    messages_sent: figures.messages_sent,
    messages_received: figures.messages_received,
    messages: figures.messages,
    url: `${ctx.baseUrl()}/api/v2/case/${row.id}`,
    tags: tagsOf(ctx, 'v2_case_tags', 'case_id', row.id),
    notes: notesOf(ctx, 'v2_case_notes', 'case_id', row.id),
    creation_date: fmt(ctx, row.creation_ms),
    update_date: fmt(ctx, row.update_ms),
    updated_by: row.updated_by,
  };
}

export function getCase(ctx: EngagementContext, id: number) {
  return caseJson(ctx, caseRow(ctx, id));
}

/** The id of a campaign given by name; unknown names fail (campaigns are created with POST /api/v2/campaign). */
export function campaignIdByName(ctx: EngagementContext, name: string | undefined): number {
  const wanted = name ?? 'General';
  const id = ctx.db.prepare('SELECT id FROM v2_campaigns WHERE name = ?').pluck().get(wanted) as number | undefined;
  if (id === undefined) throw failed(`Unknown campaign "${wanted}"`);
  return id;
}

export interface NewCase {
  contactId: number;
  campaign?: string | undefined;
  subject?: string | undefined;
  source?: string | undefined;
  private?: boolean | undefined;
  notes: string[];
  tags: string[];
  extra: Record<string, string>;
}

export function createCase(ctx: EngagementContext, userName: string, c: NewCase, at = ctx.now()): number {
  contactRow(ctx, c.contactId);
  const campaignId = campaignIdByName(ctx, c.campaign);
  return ctx.db.transaction(() => {
    const id = Number(
      ctx.db
        .prepare(
          `INSERT INTO v2_cases (contact_id, campaign_id, source, private, subject, state, inbox_ms, extra, creation_ms, update_ms, updated_by)
           VALUES (?, ?, ?, ?, ?, 'Arrived', ?, ?, ?, ?, ?)`,
        )
        .run(c.contactId, campaignId, c.source ?? null, c.private ? 1 : 0, c.subject ?? null, at, JSON.stringify(c.extra), at, at, userName).lastInsertRowid,
    );
    addNotes(ctx, 'v2_case_notes', 'case_id', id, userName, c.notes, at);
    changeTags(ctx, 'v2_case_tags', 'case_id', id, c.tags, []);
    return id;
  })();
}

/**
 * Arrived → Open → Closed → Open …; Arrived → Closed too (closed unread).
 * Opening sets last_open_date (and first_open_date the first time); opening a
 * Closed case marks it reopened. Nothing goes back to Arrived.
 */
export function moveCase(ctx: EngagementContext, id: number, to: string, at = ctx.now()): void {
  if (!(CASE_STATES as readonly string[]).includes(to)) throw badRequest(`state must be one of ${CASE_STATES.join(', ')}, got "${to}"`);
  const row = caseRow(ctx, id);
  if (row.state === to) return;
  if (to === 'Arrived') throw failed(`Case ${id} is ${row.state} and cannot go back to Arrived`);
  if (to === 'Open') {
    ctx.db
      .prepare('UPDATE v2_cases SET state = ?, first_open_ms = COALESCE(first_open_ms, ?), last_open_ms = ?, reopened = reopened OR ? WHERE id = ?')
      .run('Open', at, at, row.state === 'Closed' ? 1 : 0, id);
  } else {
    ctx.db.prepare("UPDATE v2_cases SET state = 'Closed' WHERE id = ?").run(id);
  }
}

export interface CaseUpdate {
  subject?: string | undefined;
  source?: string | undefined;
  private?: boolean | undefined;
  campaign?: string | undefined;
  state?: string | undefined;
  credits?: number | undefined;
  notes: string[];
  tags: string[];
  replies: string[];
  extra: Record<string, string>;
}

export function updateCase(ctx: EngagementContext, userName: string, id: number, u: CaseUpdate): void {
  const row = caseRow(ctx, id);
  const now = ctx.now();
  const campaignId = u.campaign === undefined ? undefined : campaignIdByName(ctx, u.campaign);
  ctx.db.transaction(() => {
    const set = (column: string, value: unknown) => ctx.db.prepare(`UPDATE v2_cases SET ${column} = ? WHERE id = ?`).run(value, id);
    if (u.subject !== undefined) set('subject', u.subject);
    if (u.source !== undefined) set('source', u.source);
    if (u.private !== undefined) set('private', u.private ? 1 : 0);
    if (u.credits !== undefined) set('credits', u.credits);
    if (campaignId !== undefined) set('campaign_id', campaignId);
    if (u.state !== undefined) moveCase(ctx, id, u.state, now);
    set('extra', JSON.stringify({ ...parseExtra(row.extra), ...u.extra }));
    addNotes(ctx, 'v2_case_notes', 'case_id', id, userName, u.notes, now);
    changeTags(ctx, 'v2_case_tags', 'case_id', id, u.tags, []);
    for (const text of u.replies) addMessage(ctx, id, { direction: 'out', content: text, fromId: userName, fromName: userName }, now);
    touchCase(ctx, userName, id, now);
  })();
}

export function touchCase(ctx: EngagementContext, userName: string, id: number, at = ctx.now()): void {
  ctx.db.prepare('UPDATE v2_cases SET update_ms = ?, updated_by = ? WHERE id = ?').run(at, userName, id);
}

export interface NewMessage {
  direction: 'in' | 'out';
  content: string;
  subject?: string | undefined;
  fromId?: string | undefined;
  fromName?: string | undefined;
  uuid?: string | undefined;
}

export function addMessage(ctx: EngagementContext, caseId: number, m: NewMessage, at = ctx.now()): string {
  const uuid = m.uuid ?? crypto.randomUUID();
  ctx.db
    .prepare('INSERT INTO v2_messages (case_id, direction, uuid, subject, content, from_id, from_name, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(caseId, m.direction, uuid, m.subject ?? m.content.slice(0, 127), m.content, m.fromId ?? null, m.fromName ?? null, at);
  return uuid;
}

/** Moves update_date only (the seed's last activity of a case). */
export function setCaseUpdateTime(ctx: EngagementContext, id: number, at: number): void {
  ctx.db.prepare('UPDATE v2_cases SET update_ms = ? WHERE id = ?').run(at, id);
}

/** The case a message with this UUID went to, if one did. */
export function caseOfMessage(ctx: EngagementContext, uuid: string): number | undefined {
  return ctx.db.prepare('SELECT case_id FROM v2_messages WHERE uuid = ?').pluck().get(uuid) as number | undefined;
}

/** The contact's most recently updated case of the campaign that is not Closed. */
export function openCaseOf(ctx: EngagementContext, contactId: number, campaignId: number): number | undefined {
  return ctx.db
    .prepare("SELECT id FROM v2_cases WHERE contact_id = ? AND campaign_id = ? AND state <> 'Closed' ORDER BY update_ms DESC, id DESC LIMIT 1")
    .pluck()
    .get(contactId, campaignId) as number | undefined;
}

/** The search filters of GET /api/v2/case; every one given must hold. */
export interface CaseFilter {
  contactId?: number | undefined;
  campaignId?: number | undefined;
  state?: string | undefined;
  source?: string | undefined;
  withTags: string[];
  withoutTags: string[];
  createdSince?: number | undefined;
  updatedSince?: number | undefined;
}

/** The total of the cases matching `f` and the page of them `page` asks for. */
export function searchCases(ctx: EngagementContext, f: CaseFilter, page: Paging): { total: number; rows: CaseRow[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  const filter = (sql: string, arg: unknown) => {
    where.push(sql);
    args.push(arg);
  };
  if (f.contactId !== undefined) filter('k.contact_id = ?', f.contactId);
  if (f.campaignId !== undefined) filter('k.campaign_id = ?', f.campaignId);
  if (f.state) filter('k.state = ?', f.state);
  if (f.source) filter('k.source = ?', f.source);
  for (const tag of f.withTags) filter('EXISTS (SELECT 1 FROM v2_case_tags t WHERE t.case_id = k.id AND t.tag = ?)', tag);
  for (const tag of f.withoutTags) filter('NOT EXISTS (SELECT 1 FROM v2_case_tags t WHERE t.case_id = k.id AND t.tag = ?)', tag);
  if (f.createdSince !== undefined) filter('k.creation_ms >= ?', f.createdSince);
  if (f.updatedSince !== undefined) filter('k.update_ms >= ?', f.updatedSince);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const list = listing<CaseRow>(ctx.db, {
    count: `SELECT COUNT(*) FROM v2_cases k ${clause}`,
    select: `SELECT k.* FROM v2_cases k ${clause}`,
    params: args,
    orderBy: `${CASE_ORDER[page.orderBy]} ${page.desc ? 'DESC' : 'ASC'}, k.id`,
  });
  return { total: list.total, rows: list.page(page.count, page.index) };
}

export const CASE_ORDER: Record<string, string> = {
  id: 'k.id',
  subject: 'k.subject COLLATE NOCASE',
  state: 'k.state',
  source: 'k.source',
  credits: 'k.credits',
  creation_date: 'k.creation_ms',
  update_date: 'k.update_ms',
  inbox_date: 'k.inbox_ms',
  first_open_date: 'k.first_open_ms',
  last_open_date: 'k.last_open_ms',
  contact_id: 'k.contact_id',
  campaign_id: 'k.campaign_id',
  messages: '(SELECT COUNT(*) FROM v2_messages m WHERE m.case_id = k.id)',
};
