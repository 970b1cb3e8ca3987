// Routes of cases: create, get, update, search and tags.
import type { FastifyInstance } from 'fastify';
import { actingUser, type EngagementContext } from './context';
import { CASE_ORDER, CASE_READ_ONLY, CASE_STATES, caseJson, caseRow, createCase, getCase, searchCases, touchCase, updateCase } from './cases';
import { changeTags, contactExists, tagsOf } from './contacts';
import { badRequest, checkTexts, dynamicAttributes, failed, idParam, paging, Params } from './params';

const CREATE_PARAMS = new Set(['access_token', 'echo_data', 'note', 'tag', 'campaign', 'contact_id', 'subject', 'source', 'private']);
const UPDATE_PARAMS = new Set(['access_token', 'echo_data', 'note', 'tag', 'campaign', 'subject', 'source', 'private', 'state', 'credits', 'reply']);

export function registerCaseRoutes(app: FastifyInstance, ctx: EngagementContext): void {
  app.post('/case', async (req) => {
    const p = Params.of(req);
    checkTexts(p, 'Case');
    const contactText = p.required('contact_id');
    if (!/^\d{1,15}$/.test(contactText)) throw badRequest(`Parameter contact_id must be an integer, got "${contactText}"`);
    const contactId = Number(contactText);
    if (!contactExists(ctx, contactId)) throw failed(`Contact ${contactId} does not exist`);
    const id = createCase(ctx, actingUser(req).userName, {
      contactId,
      campaign: p.get('campaign') || undefined,
      subject: p.get('subject'),
      source: p.get('source'),
      private: p.bool('private'),
      notes: p.texts('note'),
      tags: p.texts('tag'),
      extra: dynamicAttributes(p, CREATE_PARAMS, CASE_READ_ONLY),
    });
    return p.bool('echo_data') ? { success: true, case_id: id, data: getCase(ctx, id) } : { success: true, case_id: id };
  });

  app.get('/case/:id', async (req) => getCase(ctx, idParam(req, 'Case')));

  app.post('/case/:id', async (req) => {
    const id = idParam(req, 'Case');
    caseRow(ctx, id);
    const p = Params.of(req);
    checkTexts(p, 'Case');
    updateCase(ctx, actingUser(req).userName, id, {
      subject: p.get('subject'),
      source: p.get('source'),
      private: p.bool('private'),
      campaign: p.get('campaign') || undefined,
      state: p.get('state'),
      credits: p.int('credits', { min: 0, max: 1_000_000 }),
      notes: p.texts('note'),
      tags: p.texts('tag'),
      replies: p.texts('reply'),
      extra: dynamicAttributes(p, UPDATE_PARAMS, new Set([...CASE_READ_ONLY, 'contact_id'])),
    });
    return { success: true, ...getCase(ctx, id) };
  });

  app.get('/case', async (req) => {
    const p = Params.of(req);
    const page = paging(p, Object.keys(CASE_ORDER), 'id');
    const contactId = p.int('contact_id', { min: 1, max: Number.MAX_SAFE_INTEGER });
    const campaignId = p.int('campaign_id', { min: 1, max: Number.MAX_SAFE_INTEGER });
    const state = p.get('state');
    if (state && !(CASE_STATES as readonly string[]).includes(state)) throw badRequest(`state must be one of ${CASE_STATES.join(', ')}, got "${state}"`);
    const { total, rows } = searchCases(
      ctx,
      {
        contactId,
        campaignId,
        state,
        source: p.get('source'),
        withTags: p.texts('with_tag'),
        withoutTags: p.texts('without_tag'),
        createdSince: p.date('created_since'),
        updatedSince: p.date('updated_since'),
      },
      page,
    );
    return { success: true, total, items: rows.map((r) => caseJson(ctx, r)) };
  });

  app.get('/case/:id/tags', async (req) => {
    const id = idParam(req, 'Case');
    caseRow(ctx, id);
    return { success: true, tags: tagsOf(ctx, 'v2_case_tags', 'case_id', id) };
  });

  app.post('/case/:id/tags', async (req) => {
    const id = idParam(req, 'Case');
    caseRow(ctx, id);
    const p = Params.of(req);
    checkTexts(p, 'Case');
    const add = p.texts('add');
    const remove = p.texts('remove');
    if (add.length === 0 && remove.length === 0) throw badRequest('Pass at least one add or remove parameter');
    ctx.db.transaction(() => {
      changeTags(ctx, 'v2_case_tags', 'case_id', id, add, remove);
      touchCase(ctx, actingUser(req).userName, id);
    })();
    return { success: true, ...getCase(ctx, id) };
  });
}
