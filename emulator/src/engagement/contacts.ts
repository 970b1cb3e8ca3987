// Contacts: records, profiles, tags and notes, and their JSON shape.
import { listing } from '../db';
import { fmt, parseExtra, type EngagementContext } from './context';
import { badRequest, failed, notFound, type Paging } from './params';

interface ContactRow {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  crm_id: string | null;
  client_id: string | null;
  extended_value: string | null;
  extra: string;
  creation_ms: number;
  update_ms: number;
  updated_by: string | null;
}

interface ProfileRow {
  id: number;
  contact_id: number;
  source: string;
  ext_id: string;
  name: string | null;
  user_name: string | null;
  image_url: string | null;
  about: string | null;
  location: string | null;
  followers: number | null;
  following: number | null;
  gender: string | null;
  creation_ms: number;
  update_ms: number;
  updated_by: string | null;
}

export const CONTACT_TEXT_FIELDS = ['name', 'first_name', 'last_name', 'crm_id', 'client_id', 'extended_value'] as const;
export const PROFILE_OPTIONAL_FIELDS = ['name', 'user_name', 'image_url', 'about', 'location', 'gender'] as const;
export const PROFILE_COUNT_FIELDS = ['followers', 'following'] as const;
/** Fields the service computes; a parameter of that name is refused. */
export const CONTACT_READ_ONLY = new Set(['id', 'cases', 'profiles', 'url', 'tags', 'notes', 'creation_date', 'update_date', 'updated_by']);

export function contactRow(ctx: EngagementContext, id: number): ContactRow {
  const row = ctx.db.prepare('SELECT * FROM v2_contacts WHERE id = ?').get(id) as ContactRow | undefined;
  if (!row) throw notFound(`Contact ${id} not found`);
  return row;
}

function profileJson(ctx: EngagementContext, p: ProfileRow) {
  const json: Record<string, unknown> = { id: p.id, source: p.source, ext_id: p.ext_id };
  for (const f of [...PROFILE_OPTIONAL_FIELDS, ...PROFILE_COUNT_FIELDS]) if (p[f] !== null) json[f] = p[f];
  json.tags = [];
  json.creation_date = fmt(ctx, p.creation_ms);
  json.update_date = fmt(ctx, p.update_ms);
  json.updated_by = p.updated_by;
  return json;
}

export function profilesOf(ctx: EngagementContext, contactId: number) {
  const rows = ctx.db.prepare('SELECT * FROM v2_profiles WHERE contact_id = ? ORDER BY id').all(contactId) as ProfileRow[];
  return rows.map((p) => profileJson(ctx, p));
}

export function tagsOf(ctx: EngagementContext, table: 'v2_contact_tags' | 'v2_case_tags', column: 'contact_id' | 'case_id', id: number): string[] {
  return ctx.db.prepare(`SELECT tag FROM ${table} WHERE ${column} = ? ORDER BY tag`).pluck().all(id) as string[];
}

export function notesOf(ctx: EngagementContext, table: 'v2_contact_notes' | 'v2_case_notes', column: 'contact_id' | 'case_id', id: number) {
  return ctx.db.prepare(`SELECT date_ms AS date, text, user_name AS userName FROM ${table} WHERE ${column} = ? ORDER BY date_ms, id`).all(id) as Array<{
    date: number;
    text: string;
    userName: string;
  }>;
}

export function contactJson(ctx: EngagementContext, row: ContactRow): Record<string, unknown> {
  const cases = ctx.db.prepare('SELECT COUNT(*) FROM v2_cases WHERE contact_id = ?').pluck().get(row.id) as number;
  return {
    ...parseExtra(row.extra),
    id: row.id,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    crm_id: row.crm_id,
    client_id: row.client_id,
    extended_value: row.extended_value,
    cases,
    profiles: profilesOf(ctx, row.id),
    url: `${ctx.baseUrl()}/api/v2/contact/${row.id}`,
    tags: tagsOf(ctx, 'v2_contact_tags', 'contact_id', row.id),
    notes: notesOf(ctx, 'v2_contact_notes', 'contact_id', row.id),
    creation_date: fmt(ctx, row.creation_ms),
    update_date: fmt(ctx, row.update_ms),
    updated_by: row.updated_by,
  };
}

export function getContact(ctx: EngagementContext, id: number) {
  return contactJson(ctx, contactRow(ctx, id));
}

export interface NewContact {
  fields: Partial<Record<(typeof CONTACT_TEXT_FIELDS)[number], string>> & { name: string };
  extra: Record<string, string>;
  notes: string[];
  tags: string[];
  profile?: NewProfile;
}

export interface NewProfile {
  source: string;
  ext_id: string;
  optional?: Partial<Record<(typeof PROFILE_OPTIONAL_FIELDS)[number], string>>;
  counts?: Partial<Record<(typeof PROFILE_COUNT_FIELDS)[number], number>>;
}

/** Creates a contact; with no profile given it starts with a `custom` one so that it has at least one. */
export function createContact(ctx: EngagementContext, userName: string, c: NewContact, at = ctx.now()): number {
  return ctx.db.transaction(() => {
    const f = c.fields;
    const id = Number(
      ctx.db
        .prepare(
          `INSERT INTO v2_contacts (name, first_name, last_name, crm_id, client_id, extended_value, extra, creation_ms, update_ms, updated_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          f.name,
          f.first_name ?? null,
          f.last_name ?? null,
          f.crm_id ?? null,
          f.client_id ?? null,
          f.extended_value ?? null,
          JSON.stringify(c.extra),
          at,
          at,
          userName,
        ).lastInsertRowid,
    );
    addProfile(ctx, userName, id, c.profile ?? { source: 'custom', ext_id: `contact-${id}`, optional: { name: f.name } }, at);
    addNotes(ctx, 'v2_contact_notes', 'contact_id', id, userName, c.notes, at);
    changeTags(ctx, 'v2_contact_tags', 'contact_id', id, c.tags, []);
    return id;
  })();
}

export function updateContact(
  ctx: EngagementContext,
  userName: string,
  id: number,
  u: { fields: Partial<Record<(typeof CONTACT_TEXT_FIELDS)[number], string>>; extra: Record<string, string>; notes: string[]; tags: string[] },
): void {
  const row = contactRow(ctx, id);
  const now = ctx.now();
  ctx.db.transaction(() => {
    for (const [field, value] of Object.entries(u.fields)) {
      if (field === 'name' && value.trim() === '') throw badRequest('name cannot be empty');
      ctx.db.prepare(`UPDATE v2_contacts SET ${field} = ? WHERE id = ?`).run(value, id);
    }
    const extra = { ...parseExtra(row.extra), ...u.extra };
    ctx.db.prepare('UPDATE v2_contacts SET extra = ? WHERE id = ?').run(JSON.stringify(extra), id);
    addNotes(ctx, 'v2_contact_notes', 'contact_id', id, userName, u.notes, now);
    changeTags(ctx, 'v2_contact_tags', 'contact_id', id, u.tags, []);
    touchContact(ctx, userName, id, now);
  })();
}

export function touchContact(ctx: EngagementContext, userName: string, id: number, at = ctx.now()): void {
  ctx.db.prepare('UPDATE v2_contacts SET update_ms = ?, updated_by = ? WHERE id = ?').run(at, userName, id);
}

export function addNotes(
  ctx: EngagementContext,
  table: 'v2_contact_notes' | 'v2_case_notes',
  column: 'contact_id' | 'case_id',
  id: number,
  userName: string,
  notes: string[],
  at: number,
): void {
  const insert = ctx.db.prepare(`INSERT INTO ${table} (${column}, date_ms, text, user_name) VALUES (?, ?, ?, ?)`);
  for (const text of notes) insert.run(id, at, text, userName);
}

export function changeTags(
  ctx: EngagementContext,
  table: 'v2_contact_tags' | 'v2_case_tags',
  column: 'contact_id' | 'case_id',
  id: number,
  add: string[],
  remove: string[],
): void {
  const insert = ctx.db.prepare(`INSERT OR IGNORE INTO ${table} (${column}, tag) VALUES (?, ?)`);
  const del = ctx.db.prepare(`DELETE FROM ${table} WHERE ${column} = ? AND tag = ?`);
  for (const tag of add) insert.run(id, tag);
  for (const tag of remove) del.run(id, tag);
}

export function findProfile(ctx: EngagementContext, source: string, extId: string): ProfileRow | undefined {
  return ctx.db.prepare('SELECT * FROM v2_profiles WHERE source = ? AND ext_id = ?').get(source, extId) as ProfileRow | undefined;
}

export function addProfile(ctx: EngagementContext, userName: string, contactId: number, p: NewProfile, at = ctx.now()): void {
  const existing = findProfile(ctx, p.source, p.ext_id);
  if (existing) throw failed(`Profile ${p.source}/${p.ext_id} already belongs to contact ${existing.contact_id}`);
  const o = p.optional ?? {};
  const n = p.counts ?? {};
  ctx.db
    .prepare(
      `INSERT INTO v2_profiles (contact_id, source, ext_id, name, user_name, image_url, about, location, followers, following, gender, creation_ms, update_ms, updated_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      contactId,
      p.source,
      p.ext_id,
      o.name ?? null,
      o.user_name ?? null,
      o.image_url ?? null,
      o.about ?? null,
      o.location ?? null,
      n.followers ?? null,
      n.following ?? null,
      o.gender ?? null,
      at,
      at,
      userName,
    );
}

export function removeProfile(ctx: EngagementContext, contactId: number, source: string, extId: string): void {
  const profile = findProfile(ctx, source, extId);
  if (!profile || profile.contact_id !== contactId) throw failed(`Contact ${contactId} has no profile ${source}/${extId}`);
  const count = ctx.db.prepare('SELECT COUNT(*) FROM v2_profiles WHERE contact_id = ?').pluck().get(contactId) as number;
  if (count <= 1) throw failed(`Cannot remove the last profile of contact ${contactId}: a contact keeps at least one profile`);
  ctx.db.prepare('DELETE FROM v2_profiles WHERE id = ?').run(profile.id);
}

export function contactExists(ctx: EngagementContext, id: number): boolean {
  return !!ctx.db.prepare('SELECT 1 FROM v2_contacts WHERE id = ?').get(id);
}

/** The oldest contact with this CRM id. */
export function contactIdByCrm(ctx: EngagementContext, crmId: string): number | undefined {
  return ctx.db.prepare('SELECT id FROM v2_contacts WHERE crm_id = ? ORDER BY id LIMIT 1').pluck().get(crmId) as number | undefined;
}

/** The search filters of GET /api/v2/contact; `name` matches a part of the name, ignoring case. */
export interface ContactFilter {
  crmId?: string | undefined;
  name?: string | undefined;
  updatedSince?: number | undefined;
}

/** The total of the contacts matching `f` and the page of them `page` asks for. */
export function searchContacts(ctx: EngagementContext, f: ContactFilter, page: Paging): { total: number; rows: ContactRow[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  const filter = (sql: string, arg: unknown) => {
    where.push(sql);
    args.push(arg);
  };
  if (f.crmId) filter('c.crm_id = ?', f.crmId);
  if (f.name) filter("c.name LIKE ? ESCAPE '\\' COLLATE NOCASE", `%${f.name.replace(/[\\%_]/g, '\\$&')}%`);
  if (f.updatedSince !== undefined) filter('c.update_ms >= ?', f.updatedSince);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const list = listing<ContactRow>(ctx.db, {
    count: `SELECT COUNT(*) FROM v2_contacts c ${clause}`,
    select: `SELECT c.* FROM v2_contacts c ${clause}`,
    params: args,
    orderBy: `${CONTACT_ORDER[page.orderBy]} ${page.desc ? 'DESC' : 'ASC'}, c.id`,
  });
  return { total: list.total, rows: list.page(page.count, page.index) };
}

export const CONTACT_ORDER: Record<string, string> = {
  id: 'c.id',
  name: 'c.name COLLATE NOCASE',
  first_name: 'c.first_name COLLATE NOCASE',
  last_name: 'c.last_name COLLATE NOCASE',
  crm_id: 'c.crm_id',
  client_id: 'c.client_id',
  extended_value: 'c.extended_value',
  creation_date: 'c.creation_ms',
  update_date: 'c.update_ms',
  cases: '(SELECT COUNT(*) FROM v2_cases k WHERE k.contact_id = c.id)',
};
