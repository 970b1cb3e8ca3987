// POST /api/v2/message (an incoming message routed to a case of its contact),
// campaigns and GET /api/v2/campaign/stats.
import type { FastifyInstance } from 'fastify';
import { actingUser, fmt, type EngagementContext } from './context';
import { campaignCaseCount, campaignCases, campaignNameTaken, campaigns, findCampaign, insertCampaign, type CampaignRow } from './campaigns';
import { addMessage, campaignIdByName, CASE_STATES, caseOfMessage, createCase, messageFigures, openCaseOf, touchCase } from './cases';
import { addProfile, contactIdByCrm, createContact, findProfile, touchContact } from './contacts';
import { badRequest, checkTexts, failed, idParam, notFound, Params } from './params';

const MESSAGE_SOURCES = ['email', 'custom'];

/** The contact a message comes from: by profile, then by CRM id (gaining the profile), else a new contact. */
function senderContact(
  ctx: EngagementContext,
  userName: string,
  m: { source: string; fromId: string; fromName: string; fromUserName?: string; fromCrmId?: string },
): number {
  const profile = findProfile(ctx, m.source, m.fromId);
  if (profile) return profile.contact_id;
  const optional = { name: m.fromName, ...(m.fromUserName ? { user_name: m.fromUserName } : {}) };
  if (m.fromCrmId) {
    const byCrm = contactIdByCrm(ctx, m.fromCrmId);
    if (byCrm !== undefined) {
      addProfile(ctx, userName, byCrm, { source: m.source, ext_id: m.fromId, optional });
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

export function registerMessageRoutes(app: FastifyInstance, ctx: EngagementContext): void {
  app.post('/message', async (req) => {
    const p = Params.of(req);
    checkTexts(p, 'Message');
    const campaign = p.required('campaign');
    const source = p.required('source');
    if (!MESSAGE_SOURCES.includes(source)) throw badRequest(`source must be one of ${MESSAGE_SOURCES.join(', ')}, got "${source}"`);
    const fromId = p.required('fromId');
    const fromName = p.required('fromName');
    const content = p.required('content');
    const uuid = p.get('UUID')?.trim() || undefined;
    if (uuid) {
      const known = caseOfMessage(ctx, uuid);
      // A message sent twice with the same UUID is stored once.
      if (known !== undefined) return { success: true, case_id: known, UUID: uuid };
    }
    const campaignId = campaignIdByName(ctx, campaign);
    const userName = actingUser(req).userName;
    return ctx.db.transaction(() => {
      const contactId = senderContact(ctx, userName, { source, fromId, fromName, fromUserName: p.get('fromUserName'), fromCrmId: p.get('fromCrmId') });
      const subject = p.get('subject') || content.slice(0, 127);
      const caseId =
        openCaseOf(ctx, contactId, campaignId) ?? createCase(ctx, userName, { contactId, campaign, subject, source, notes: [], tags: [], extra: {} });
      const stored = addMessage(ctx, caseId, { direction: 'in', content, subject, fromId, fromName, uuid });
      touchCase(ctx, userName, caseId);
      touchContact(ctx, userName, contactId);
      return { success: true, case_id: caseId, UUID: stored };
    })();
  });

  const campaignJson = (row: CampaignRow) => ({ id: row.id, name: row.name, cases: campaignCaseCount(ctx, row.id), creation_date: fmt(ctx, row.creation_ms) });

  app.get('/campaign', async () => {
    const rows = campaigns(ctx);
    return { success: true, total: rows.length, items: rows.map(campaignJson) };
  });

  app.post('/campaign', async (req) => {
    const p = Params.of(req);
    checkTexts(p, 'Campaign');
    const name = p.required('name');
    if (campaignNameTaken(ctx, name)) throw failed(`Campaign "${name}" already exists`);
    const id = insertCampaign(ctx, name);
    return { success: true, campaign_id: id };
  });

  app.get('/campaign/stats', async (req) => {
    const p = Params.of(req);
    const campaignId = p.int('campaign_id', { min: 1, max: Number.MAX_SAFE_INTEGER });
    const since = p.date('created_since');
    const chosen = campaignId === undefined ? campaigns(ctx) : [findCampaign(ctx, campaignId)].filter((c) => c !== undefined);
    if (campaignId !== undefined && chosen.length === 0) throw notFound(`Campaign ${campaignId} not found`);
    const items = chosen.map((c) => {
      const cases = campaignCases(ctx, c.id, since ?? 0);
      const byState = Object.fromEntries(CASE_STATES.map((s) => [s, cases.filter((k) => k.state === s).length]));
      let received = 0,
        sent = 0,
        awaiting = 0,
        answered = 0,
        firstResponse = 0,
        handling = 0;
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
    const row = findCampaign(ctx, id);
    if (!row) throw notFound(`Campaign ${id} not found`);
    return campaignJson(row);
  });
}
