// POST /api/v2/message (an incoming message routed to a case of its contact),
// campaigns and GET /api/v2/campaign/stats.
import type { FastifyInstance } from 'fastify';
import { actingUser, fmt, type V2Context } from './context';
import { addMessage, campaignIdByName, CASE_STATES, createCase, messageFigures, touchCase } from './cases';
import { createContact, findProfile, touchContact } from './contacts';
import { idParam } from './contact-routes';
import { badRequest, failed, notFound, Params } from './params';

const MESSAGE_SOURCES = ['email', 'custom'];

/** The contact a message comes from: by profile, then by CRM id (gaining the profile), else a new contact. */
function senderContact(ctx: V2Context, userName: string, m: { source: string; fromId: string; fromName: string; fromUserName?: string; fromCrmId?: string }): number {
  const profile = findProfile(ctx, m.source, m.fromId);
  if (profile) return profile.contact_id;
  const optional = { name: m.fromName, ...(m.fromUserName ? { user_name: m.fromUserName } : {}) };
  if (m.fromCrmId) {
    const byCrm = ctx.db.prepare('SELECT id FROM v2_contacts WHERE crm_id = ? ORDER BY id LIMIT 1').pluck().get(m.fromCrmId) as number | undefined;
    if (byCrm !== undefined) {
      ctx.db
        .prepare('INSERT INTO v2_profiles (contact_id, source, ext_id, name, user_name, creation_ms, update_ms, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(byCrm, m.source, m.fromId, optional.name, optional.user_name ?? null, ctx.now(), ctx.now(), userName);
      return byCrm;
    }
  }
  return createContact(ctx, userName, {
    fields: { name: m.fromName, ...(m.fromCrmId ? { crm_id: m.fromCrmId } : {}) },
    extra: {},
    notes: [],
    tags: [],
    profile: { source: m.source, ext_id: m.fromId, optional },
  });
}

export function registerMessageRoutes(app: FastifyInstance, ctx: V2Context): void {
  app.post('/message', async (req) => {
    const p = Params.of(req);
    const campaign = p.required('campaign');
    const source = p.required('source');
    if (!MESSAGE_SOURCES.includes(source)) throw badRequest(`source must be one of ${MESSAGE_SOURCES.join(', ')}, got "${source}"`);
    const fromId = p.required('fromId');
    const fromName = p.required('fromName');
    const content = p.required('content');
    const uuid = p.get('UUID')?.trim() || undefined;
    if (uuid) {
      const known = ctx.db.prepare('SELECT case_id FROM v2_messages WHERE uuid = ?').pluck().get(uuid) as number | undefined;
      // A message sent twice with the same UUID is stored once.
      if (known !== undefined) return { success: true, case_id: known, UUID: uuid };
    }
    const campaignId = campaignIdByName(ctx, campaign);
    const userName = actingUser(req).userName;
    return ctx.db.transaction(() => {
      const contactId = senderContact(ctx, userName, { source, fromId, fromName, fromUserName: p.get('fromUserName'), fromCrmId: p.get('fromCrmId') });
      const subject = p.get('subject') || content.slice(0, 127);
      const open = ctx.db
        .prepare("SELECT id FROM v2_cases WHERE contact_id = ? AND campaign_id = ? AND state <> 'Closed' ORDER BY update_ms DESC, id DESC LIMIT 1")
        .pluck()
        .get(contactId, campaignId) as number | undefined;
      const caseId = open ?? createCase(ctx, userName, { contactId, campaign, subject, source, notes: [], tags: [], extra: {} });
      const stored = addMessage(ctx, caseId, { direction: 'in', content, subject, fromId, fromName, uuid });
      touchCase(ctx, userName, caseId);
      touchContact(ctx, userName, contactId);
      return { success: true, case_id: caseId, UUID: stored };
    })();
  });

  const campaignJson = (row: { id: number; name: string; creation_ms: number }) => {
    const cases = ctx.db.prepare('SELECT COUNT(*) FROM v2_cases WHERE campaign_id = ?').pluck().get(row.id) as number;
    return { id: row.id, name: row.name, cases, creation_date: fmt(ctx, row.creation_ms) };
  };

  app.get('/campaign', async () => {
    const rows = ctx.db.prepare('SELECT * FROM v2_campaigns ORDER BY id').all() as Array<{ id: number; name: string; creation_ms: number }>;
    return { success: true, total: rows.length, items: rows.map(campaignJson) };
  });

  app.post('/campaign', async (req) => {
    const name = Params.of(req).required('name');
    if (ctx.db.prepare('SELECT 1 FROM v2_campaigns WHERE name = ?').get(name)) throw failed(`Campaign "${name}" already exists`);
    const id = Number(ctx.db.prepare('INSERT INTO v2_campaigns (name, creation_ms) VALUES (?, ?)').run(name, ctx.now()).lastInsertRowid);
    return { success: true, campaign_id: id };
  });

  app.get('/campaign/stats', async (req) => {
    const p = Params.of(req);
    const campaignId = p.int('campaign_id', { min: 1, max: Number.MAX_SAFE_INTEGER });
    const since = p.date('created_since');
    const campaigns = ctx.db.prepare(`SELECT id, name FROM v2_campaigns ${campaignId === undefined ? '' : 'WHERE id = ?'} ORDER BY id`).all(
      ...(campaignId === undefined ? [] : [campaignId]),
    ) as Array<{ id: number; name: string }>;
    if (campaignId !== undefined && campaigns.length === 0) throw notFound(`Campaign ${campaignId} not found`);
    const items = campaigns.map((c) => {
      const cases = ctx.db
        .prepare('SELECT id, state, reopened FROM v2_cases WHERE campaign_id = ? AND creation_ms >= ?')
        .all(c.id, since ?? 0) as Array<{ id: number; state: string; reopened: number }>;
      const byState = Object.fromEntries(CASE_STATES.map((s) => [s, cases.filter((k) => k.state === s).length]));
      let received = 0, sent = 0, awaiting = 0, answered = 0, firstResponse = 0, handling = 0;
      for (const k of cases) {
        const f = messageFigures(ctx, k.id);
        received += f.messages_received;
        sent += f.messages_sent;
        if (f.unansweredSinceMs !== null) awaiting++;
        if (f.messages_sent > 0 && f.messages_received > 0) {
          answered++;
          firstResponse += f.sla_seconds;
          handling += f.handling_ms;
        }
      }
      return {
        campaign: { id: c.id, name: c.name },
        cases: { total: cases.length, ...byState },
        reopened: cases.filter((k) => k.reopened === 1).length,
        messages_received: received,
        messages_sent: sent,
        awaiting_reply: awaiting,
        answered_cases: answered,
        average_first_response_seconds: answered ? Math.round(firstResponse / answered) : null,
        average_handling_ms: answered ? Math.round(handling / answered) : null,
      };
    });
    return { success: true, created_since: since === undefined ? null : fmt(ctx, since), items };
  });

  app.get('/campaign/:id', async (req) => {
    const id = idParam(req, 'Campaign');
    const row = ctx.db.prepare('SELECT * FROM v2_campaigns WHERE id = ?').get(id) as { id: number; name: string; creation_ms: number } | undefined;
    if (!row) throw notFound(`Campaign ${id} not found`);
    return campaignJson(row);
  });
}
