// Routes of contacts: create, get, update, search, profiles and tags.
import type { FastifyInstance } from 'fastify';
import { actingUser, type EngagementContext } from './context';
import {
  addProfile,
  changeTags,
  CONTACT_ORDER,
  CONTACT_READ_ONLY,
  CONTACT_TEXT_FIELDS,
  contactJson,
  contactRow,
  createContact,
  getContact,
  PROFILE_COUNT_FIELDS,
  PROFILE_OPTIONAL_FIELDS,
  profilesOf,
  removeProfile,
  searchContacts,
  tagsOf,
  touchContact,
  updateContact,
} from './contacts';
import { badRequest, checkTexts, dynamicAttributes, idParam, paging, Params } from './params';

/** Parameters with a meaning of their own; anything else is a dynamic attribute. */
const CONTACT_PARAMS = new Set<string>(['access_token', 'echo_data', 'note', 'tag', 'email', ...CONTACT_TEXT_FIELDS]);

function textFields(p: Params) {
  const fields: Partial<Record<(typeof CONTACT_TEXT_FIELDS)[number], string>> = {};
  for (const f of CONTACT_TEXT_FIELDS) {
    const v = p.get(f);
    if (v !== undefined) fields[f] = v;
  }
  return fields;
}

export function registerContactRoutes(app: FastifyInstance, ctx: EngagementContext): void {
  app.post('/contact', async (req) => {
    const p = Params.of(req);
    checkTexts(p, 'Contact');
    const name = p.required('name');
    const email = p.get('email')?.trim();
    const id = createContact(ctx, actingUser(req).userName, {
      fields: { ...textFields(p), name },
      extra: dynamicAttributes(p, CONTACT_PARAMS, CONTACT_READ_ONLY),
      notes: p.texts('note'),
      tags: p.texts('tag'),
      ...(email ? { profile: { source: 'email', ext_id: email, optional: { name } } } : {}),
    });
    return p.bool('echo_data') ? { success: true, contact_id: id, data: getContact(ctx, id) } : { success: true, contact_id: id };
  });

  app.get('/contact/:id', async (req) => getContact(ctx, idParam(req, 'Contact')));

  app.post('/contact/:id', async (req) => {
    const id = idParam(req, 'Contact');
    const p = Params.of(req);
    checkTexts(p, 'Contact');
    updateContact(ctx, actingUser(req).userName, id, {
      fields: textFields(p),
      extra: dynamicAttributes(p, CONTACT_PARAMS, CONTACT_READ_ONLY),
      notes: p.texts('note'),
      tags: p.texts('tag'),
    });
    return { success: true, ...getContact(ctx, id) };
  });

  app.get('/contact', async (req) => {
    const p = Params.of(req);
    const page = paging(p, Object.keys(CONTACT_ORDER), 'id');
    const { total, rows } = searchContacts(ctx, { crmId: p.get('crm_id'), name: p.get('name'), updatedSince: p.date('updated_since') }, page);
    return { success: true, total, items: rows.map((r) => contactJson(ctx, r)) };
  });

  app.get('/contact/:id/profiles', async (req) => {
    const id = idParam(req, 'Contact');
    contactRow(ctx, id);
    return { success: true, profiles: profilesOf(ctx, id) };
  });

  app.post('/contact/:id/profiles/add', async (req) => {
    const id = idParam(req, 'Contact');
    contactRow(ctx, id);
    const p = Params.of(req);
    checkTexts(p, 'Profile');
    const source = p.required('source');
    const extId = p.required('ext_id');
    const optional: Partial<Record<(typeof PROFILE_OPTIONAL_FIELDS)[number], string>> = {};
    for (const f of PROFILE_OPTIONAL_FIELDS) if (p.get(f) !== undefined) optional[f] = p.get(f)!;
    const counts: Partial<Record<(typeof PROFILE_COUNT_FIELDS)[number], number>> = {};
    for (const f of PROFILE_COUNT_FIELDS) {
      const n = p.int(f, { min: 0, max: Number.MAX_SAFE_INTEGER });
      if (n !== undefined) counts[f] = n;
    }
    const user = actingUser(req).userName;
    ctx.db.transaction(() => {
      addProfile(ctx, user, id, { source, ext_id: extId, optional, counts });
      touchContact(ctx, user, id);
    })();
    return { success: true, profiles: profilesOf(ctx, id) };
  });

  app.post('/contact/:id/profiles/remove', async (req) => {
    const id = idParam(req, 'Contact');
    contactRow(ctx, id);
    const p = Params.of(req);
    const source = p.required('source');
    const extId = p.required('ext_id');
    ctx.db.transaction(() => {
      removeProfile(ctx, id, source, extId);
      touchContact(ctx, actingUser(req).userName, id);
    })();
    return { success: true, profiles: profilesOf(ctx, id) };
  });

  app.get('/contact/:id/tags', async (req) => {
    const id = idParam(req, 'Contact');
    contactRow(ctx, id);
    return { success: true, tags: tagsOf(ctx, 'v2_contact_tags', 'contact_id', id) };
  });

  app.post('/contact/:id/tags', async (req) => {
    const id = idParam(req, 'Contact');
    contactRow(ctx, id);
    const p = Params.of(req);
    checkTexts(p, 'Contact');
    const add = p.texts('add');
    const remove = p.texts('remove');
    if (add.length === 0 && remove.length === 0) throw badRequest('Pass at least one add or remove parameter');
    ctx.db.transaction(() => {
      changeTags(ctx, 'v2_contact_tags', 'contact_id', id, add, remove);
      touchContact(ctx, actingUser(req).userName, id);
    })();
    return { success: true, ...getContact(ctx, id) };
  });
}
