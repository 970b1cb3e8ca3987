// docs/service-api/hosting/auth §11 (Basic Authentication only; a user reaches
// only their own tokens) and §12 (Basic with the
// application's client_id and client_secret), with the state transitions.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { ApiError, notFound, requiresAuthentication, validationFailed } from '../conventions/errors';
import { bodyHash, created, parseBody } from '../conventions/conventions';
import { paginate } from '../conventions/pagination';
import { isKnownScope, normalizeScopes } from '../conventions/scopes';
import type { ApplicationRow, AuthorizationRow } from './schema';
import type { UserRow } from '../accounts/schema';
import { safeEqual, sha256Hex } from '../conventions/secrets';
import { bases } from '../conventions/urls';
import { findUserById } from '../conventions/access';
import {
  authorizationsPage,
  countAuthorizations,
  createAuthorization,
  deleteAuthorization,
  findAuthorization,
  findByToken,
  findApplicationByClientId,
  latestForApp,
  renderAuthorization,
  resetAuthorization,
  updateAuthorization,
} from './store';
import { RevocationJobs } from './revocation';

const RESOURCE = 'OauthAccess';
const BASIC_ONLY_MESSAGE = 'This API can only be accessed with username and password Basic Auth';

const scopeList = z.array(z.string()).optional();
const createSchema = z.object({
  scopes: scopeList,
  note: z.string().min(1),
  note_url: z.string().nullable().optional(),
  client_id: z.string().length(20).optional(),
  client_secret: z.string().length(40).optional(),
});
const getOrCreateSchema = z.object({
  client_secret: z.string().length(40),
  scopes: scopeList,
  note: z.string().nullable().optional(),
  note_url: z.string().nullable().optional(),
});
const updateSchema = z.object({
  scopes: scopeList,
  add_scopes: scopeList,
  remove_scopes: scopeList,
  note: z.string().nullable().optional(),
  note_url: z.string().nullable().optional(),
});

/** Basic with login and password; tokens and application credentials are refused (docs/service-api/hosting/auth §11). */
function basicUser(req: FastifyRequest): UserRow {
  const auth = req.auth;
  if (auth.kind === 'basic' && /^basic\s/i.test(req.headers.authorization ?? '')) return auth.user;
  if (auth.kind === 'anonymous') throw requiresAuthentication();
  throw new ApiError(403, BASIC_ONLY_MESSAGE, undefined, '/v3/oauth_authorizations/');
}

/** Basic with this application's client_id and client_secret (docs/service-api/hosting/auth §12). */
function basicApplication(req: FastifyRequest, clientId: string): ApplicationRow {
  const auth = req.auth;
  const viaBasic = /^basic\s/i.test(req.headers.authorization ?? '');
  if (auth.kind === 'application' && viaBasic && auth.application.client_id === clientId) return auth.application;
  if (auth.kind === 'anonymous') throw requiresAuthentication();
  // Another application's or a user's credentials: nothing here for them (docs/service-api/hosting/conventions §10).
  throw notFound();
}

function checkedScopes(scopes: string[] | undefined, field: string): string[] {
  const list = scopes ?? [];
  if (list.some((s) => !isKnownScope(s.trim()))) throw validationFailed({ resource: RESOURCE, field, code: 'invalid' });
  return normalizeScopes(list);
}

function ownAuthorization(ctx: EmulatorContext, user: UserRow, id: string): AuthorizationRow {
  const row = /^\d+$/.test(id) ? findAuthorization(ctx.db, Number(id)) : undefined;
  if (!row || row.user_id !== user.id) throw notFound();
  return row;
}

export function registerAuthorizationRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const db = ctx.db;
  const docsUrl = ctx.limits.docsUrl;
  const render = (req: FastifyRequest, row: AuthorizationRow, extra: { token?: string; user?: UserRow } = {}) =>
    renderAuthorization(db, row, { bases: bases(ctx, req), docsUrl, ...extra });
  const location = (req: FastifyRequest, row: AuthorizationRow) => `${bases(ctx, req).api}/authorizations/${row.id}`;
  const revocations = new RevocationJobs(db, ctx.options.tokenRevocationDelayMs ?? 1000, ctx.log);
  revocations.start();
  ctx.onClose(() => revocations.stop());

  app.get('/authorizations', async (req, reply) => {
    const user = basicUser(req);
    const rows = paginate(req, reply, countAuthorizations(db, user.id), (limit, offset) => authorizationsPage(db, user.id, limit, offset));
    return rows.map((row) => render(req, row));
  });

  app.get<{ Params: { id: string } }>('/authorizations/:id', async (req) => {
    const user = basicUser(req);
    return render(req, ownAuthorization(ctx, user, req.params.id));
  });

  app.post('/authorizations', async (req, reply) => {
    const user = basicUser(req);
    const input = parseBody(req, RESOURCE, createSchema);
    let appId: number | null = null;
    if (input.client_id !== undefined || input.client_secret !== undefined) {
      if (input.client_id === undefined) throw validationFailed({ resource: RESOURCE, field: 'client_id', code: 'missing_field' });
      if (input.client_secret === undefined) throw validationFailed({ resource: RESOURCE, field: 'client_secret', code: 'missing_field' });
      const application = findApplicationByClientId(db, input.client_id);
      if (!application) throw validationFailed({ resource: RESOURCE, field: 'client_id', code: 'invalid' });
      if (!safeEqual(application.client_secret_hash, sha256Hex(input.client_secret)))
        throw validationFailed({ resource: RESOURCE, field: 'client_secret', code: 'invalid' });
      appId = application.id;
    }
    const scopes = checkedScopes(input.scopes, 'scopes');
    const { row, token } = createAuthorization(db, { userId: user.id, appId, scopes, note: input.note, noteUrl: input.note_url });
    return created(reply, location(req, row), render(req, row, { token }));
  });

  app.put<{ Params: { client_id: string } }>('/authorizations/clients/:client_id', async (req, reply) => {
    const user = basicUser(req);
    const input = parseBody(req, RESOURCE, getOrCreateSchema);
    const application = findApplicationByClientId(db, req.params.client_id);
    if (!application) throw notFound();
    if (!safeEqual(application.client_secret_hash, sha256Hex(input.client_secret)))
      throw validationFailed({ resource: RESOURCE, field: 'client_secret', code: 'invalid' });
    const scopes = checkedScopes(input.scopes, 'scopes');
    const existing = latestForApp(db, user.id, application.id);
    if (existing) return reply.code(200).header('Location', location(req, existing)).send(render(req, existing));
    const { row, token } = createAuthorization(db, { userId: user.id, appId: application.id, scopes, note: input.note, noteUrl: input.note_url });
    return created(reply, location(req, row), render(req, row, { token }));
  });

  app.patch<{ Params: { id: string } }>('/authorizations/:id', async (req) => {
    const user = basicUser(req);
    const row = ownAuthorization(ctx, user, req.params.id);
    const body = bodyHash(req);
    const input = parseBody(req, RESOURCE, updateSchema);
    const given = (['scopes', 'add_scopes', 'remove_scopes'] as const).filter((f) => body[f] !== undefined);
    if (given.length > 1) {
      throw validationFailed(
        ...given.map((field) => ({ resource: RESOURCE, field, code: 'invalid', message: 'Only one of scopes, add_scopes, or remove_scopes may be sent' })),
      );
    }
    let scopes = JSON.parse(row.scopes) as string[];
    if (input.scopes) scopes = checkedScopes(input.scopes, 'scopes');
    if (input.add_scopes) scopes = normalizeScopes([...scopes, ...checkedScopes(input.add_scopes, 'add_scopes')]);
    if (input.remove_scopes) {
      const remove = new Set(checkedScopes(input.remove_scopes, 'remove_scopes'));
      scopes = scopes.filter((s) => !remove.has(s));
    }
    const note = body.note !== undefined ? (input.note ?? null) : row.note;
    const noteUrl = body.note_url !== undefined ? (input.note_url ?? null) : row.note_url;
    updateAuthorization(db, row.id, scopes, note, noteUrl);
    return render(req, findAuthorization(db, row.id)!);
  });

  app.delete<{ Params: { id: string } }>('/authorizations/:id', async (req, reply) => {
    const user = basicUser(req);
    const row = ownAuthorization(ctx, user, req.params.id);
    deleteAuthorization(db, row.id);
    return reply.code(204).send();
  });

  // Check: an unknown token is a 404 and, being no login attempt, never counts
  // against the failed-login limit.
  app.get<{ Params: { client_id: string; access_token: string } }>('/applications/:client_id/tokens/:access_token', async (req) => {
    const application = basicApplication(req, req.params.client_id);
    const row = findByToken(db, application.id, req.params.access_token);
    if (!row) throw notFound();
    return render(req, row, { user: findUserById(db, row.user_id)! });
  });

  app.post<{ Params: { client_id: string; access_token: string } }>('/applications/:client_id/tokens/:access_token', async (req) => {
    const application = basicApplication(req, req.params.client_id);
    const row = findByToken(db, application.id, req.params.access_token);
    if (!row) throw notFound();
    const reset = resetAuthorization(db, row.id);
    return render(req, reset.row, { token: reset.token, user: findUserById(db, row.user_id)! });
  });

  app.delete<{ Params: { client_id: string } }>('/applications/:client_id/tokens', async (req, reply) => {
    const application = basicApplication(req, req.params.client_id);
    revocations.schedule(application.id);
    return reply.code(204).send();
  });

  app.delete<{ Params: { client_id: string; access_token: string } }>('/applications/:client_id/tokens/:access_token', async (req, reply: FastifyReply) => {
    const application = basicApplication(req, req.params.client_id);
    const row = findByToken(db, application.id, req.params.access_token);
    if (!row) throw notFound();
    deleteAuthorization(db, row.id);
    return reply.code(204).send();
  });
}
