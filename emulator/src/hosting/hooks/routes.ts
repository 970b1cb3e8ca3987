// Webhook endpoints (docs/service-api/hosting/webhooks §10): the service
// listing, hook create/list/get/edit/delete, tests and pings, and the delivery
// log with redelivery. Repository hooks need admin permission on the
// repository; organization hooks (which receive the organization's events, such
// as a repository created in it) need an owner of the organization.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';
import { currentUser } from '../conventions/auth';
import { findOrg, findRepo, isOrgOwner, redirectIfRenamed, repoPermission } from '../conventions/access';
import { bodyHash, created } from '../conventions/conventions';
import { notFound, requiresAuthentication, validationFailed, type ValidationError } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { repoApiUrl } from '../conventions/representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { requireScope } from '../conventions/scopes';
import { bases } from '../conventions/urls';
import type { HookDispatcher } from './dispatch';
import { isoSeconds, type DeliveryQueue, type DeliveryRow } from './queue';
import { checkConfig, eventErrors, findService, normalizeEvents, SERVICES, type HookConfig } from './services';
import { deleteHook, findHook, hooksOf, insertHook, renderHook, updateHook, type Hook, type HookOwner } from './store';

type Params = Record<string, string>;
type Req = FastifyRequest<{ Params: Params }>;

/** Where a set of hook routes lives and who may use it. */
interface HookScope {
  owner: HookOwner;
  /** API URL of the repository or organization; its hooks are under `${apiUrl}/hooks`. */
  apiUrl: string;
  sender: UserRow;
  target: { repo: RepoRow } | { org: UserRow };
}
type Resolve = (req: Req, reply: FastifyReply, accepted: string[]) => HookScope;
interface AccessScopes {
  read: string[];
  write: string[];
  admin: string[];
}

const REPO_SCOPES: AccessScopes = { read: ['read:repo_hook', 'repo'], write: ['write:repo_hook', 'repo'], admin: ['admin:repo_hook', 'repo'] };
const ORG_SCOPES: AccessScopes = { read: ['admin:org_hook', 'admin:org'], write: ['admin:org_hook', 'admin:org'], admin: ['admin:org_hook', 'admin:org'] };
const MASK = '********';

export function registerHookRoutes(app: FastifyInstance, ctx: EmulatorContext, queue: DeliveryQueue, dispatcher: HookDispatcher): void {
  const db = ctx.db;
  const signedIn = (req: Req): UserRow => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    return user;
  };

  /** Repository hooks: 404 unless the caller administers the repository (docs/service-api/hosting/conventions §10). */
  const repoScope: Resolve = (req, reply, accepted) => {
    const user = signedIn(req);
    const found = findRepo(db, req.params.owner!, req.params.repo!);
    if (!found) {
      redirectIfRenamed(db, req, req.params.owner!, req.params.repo!);
      throw notFound();
    }
    if (repoPermission(db, found.repo, user) !== 'admin') throw notFound();
    requireScope(req, reply, accepted);
    return {
      owner: { kind: 'repo', id: found.repo.id },
      apiUrl: repoApiUrl(bases(ctx, req), found.owner.login, found.repo.name),
      sender: user,
      target: { repo: found.repo },
    };
  };

  /** Organization hooks: owners of the organization only. */
  const orgScope: Resolve = (req, reply, accepted) => {
    const user = signedIn(req);
    const org = findOrg(db, req.params.org!);
    if (!org || !isOrgOwner(db, org.id, user.id)) throw notFound();
    requireScope(req, reply, accepted);
    return { owner: { kind: 'org', id: org.id }, apiUrl: `${bases(ctx, req).api}/orgs/${org.login}`, sender: user, target: { org } };
  };

  app.get('/hooks', async () =>
    SERVICES.map((s) => ({
      name: s.name,
      title: s.title,
      events: s.default_events,
      default_events: s.default_events,
      supported_events: s.supported_events,
      schema: s.schema,
    })),
  );

  registerHookSet(app, ctx, queue, dispatcher, '/repos/:owner/:repo', repoScope, REPO_SCOPES);
  registerHookSet(app, ctx, queue, dispatcher, '/orgs/:org', orgScope, ORG_SCOPES);

  // The push test exists for repository hooks only.
  app.post<{ Params: Params }>('/repos/:owner/:repo/hooks/:id/tests', async (req, reply) => {
    const scope = repoScope(req, reply, REPO_SCOPES.write);
    const hook = loadHook(db, scope, req.params.id!);
    if ('repo' in scope.target) await dispatcher.pushTest(hook, scope.target.repo, scope.sender);
    return reply.code(204).send();
  });
}

function loadHook(db: EmulatorContext['db'], scope: HookScope, id: string): Hook {
  const hook = /^\d+$/.test(id) ? findHook(db, scope.owner, Number(id)) : undefined;
  if (!hook) throw notFound();
  return hook;
}

function registerHookSet(
  app: FastifyInstance,
  ctx: EmulatorContext,
  queue: DeliveryQueue,
  dispatcher: HookDispatcher,
  base: string,
  resolve: Resolve,
  scopes: AccessScopes,
): void {
  const db = ctx.db;
  const hookUrl = (scope: HookScope, hook: Hook) => `${scope.apiUrl}/hooks/${hook.row.id}`;
  const render = (scope: HookScope, hook: Hook) => renderHook(hook, hookUrl(scope, hook), queue);
  const loadDelivery = (hook: Hook, id: string): DeliveryRow => {
    const delivery = /^\d+$/.test(id) ? queue.get(hook.row.id, Number(id)) : undefined;
    if (!delivery) throw notFound();
    return delivery;
  };

  app.get<{ Params: Params }>(`${base}/hooks`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.read);
    const all = hooksOf(db, scope.owner);
    return paginate(req, reply, all.length, (limit, offset) => all.slice(offset, offset + limit)).map((h) => render(scope, h));
  });

  app.get<{ Params: Params }>(`${base}/hooks/:id`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.read);
    return render(scope, loadHook(db, scope, req.params.id!));
  });

  app.post<{ Params: Params }>(`${base}/hooks`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.write);
    const body = bodyHash(req, 'Hook');
    if (body.name === undefined || body.name === null) throw validationFailed({ resource: 'Hook', field: 'name', code: 'missing_field' });
    const allowed = scope.owner.kind === 'org' ? SERVICES.filter((s) => s.name === 'web') : SERVICES;
    const service = allowed.find((s) => s.name === body.name);
    if (!service)
      throw validationFailed({
        resource: 'Hook',
        field: 'name',
        code: 'invalid',
        message: `Unknown service; available: ${allowed.map((s) => s.name).join(', ')}`,
      });
    const { config, errors } = checkConfig(service, body.config);
    const events = body.events === undefined ? [...service.default_events] : (body.events as string[]);
    errors.push(...(body.events === undefined ? [] : eventErrors(service, 'events', body.events)), ...activeErrors(body.active));
    if (errors.length) throw validationFailed(...errors);
    const duplicate = hooksOf(db, scope.owner).some((h) => h.row.name === service.name && (service.name !== 'web' || h.config.url === config.url));
    if (duplicate)
      throw validationFailed({ resource: 'Hook', field: service.name === 'web' ? 'url' : 'name', code: 'already_exists', message: 'Hook already exists here' });
    const hook = insertHook(db, scope.owner, service.name, normalizeEvents(events), body.active !== false, config);
    // A new webhook is pinged (docs/service-api/hosting/webhooks §6).
    if (hook.row.active) dispatcher.ping(hook, hookUrl(scope, hook), scope.target, scope.sender);
    return created(reply, hookUrl(scope, hook), render(scope, hook));
  });

  app.patch<{ Params: Params }>(`${base}/hooks/:id`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.write);
    const hook = loadHook(db, scope, req.params.id!);
    const service = findService(hook.row.name)!;
    const body = bodyHash(req, 'Hook');
    const errors: ValidationError[] = [...activeErrors(body.active)];
    let config = hook.config;
    if (body.config !== undefined) {
      const checked = checkConfig(service, withKeptSecrets(body.config, hook.config));
      errors.push(...checked.errors);
      config = checked.config;
    }
    for (const field of ['events', 'add_events', 'remove_events'] as const)
      if (body[field] !== undefined) errors.push(...eventErrors(service, field, body[field]));
    if (errors.length) throw validationFailed(...errors);
    let events = body.events !== undefined ? (body.events as string[]) : hook.events;
    if (body.add_events !== undefined) events = [...events, ...(body.add_events as string[])];
    if (body.remove_events !== undefined) events = events.filter((e) => !(body.remove_events as string[]).includes(e));
    const updated = updateHook(db, hook, normalizeEvents(events), body.active === undefined ? hook.row.active === 1 : body.active === true, config);
    return render(scope, updated);
  });

  app.delete<{ Params: Params }>(`${base}/hooks/:id`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.admin);
    deleteHook(db, loadHook(db, scope, req.params.id!));
    return reply.code(204).send();
  });

  app.post<{ Params: Params }>(`${base}/hooks/:id/pings`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.write);
    const hook = loadHook(db, scope, req.params.id!);
    dispatcher.ping(hook, hookUrl(scope, hook), scope.target, scope.sender);
    return reply.code(204).send();
  });

  app.get<{ Params: Params }>(`${base}/hooks/:id/deliveries`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.read);
    const hook = loadHook(db, scope, req.params.id!);
    const total = queue.list(hook.row.id, 0, 0).total;
    const rows = paginate(req, reply, total, (limit, offset) => queue.list(hook.row.id, limit, offset).rows);
    return rows.map((d) => renderDelivery(d, hookUrl(scope, hook), false));
  });

  app.get<{ Params: Params }>(`${base}/hooks/:id/deliveries/:delivery_id`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.read);
    const hook = loadHook(db, scope, req.params.id!);
    return renderDelivery(loadDelivery(hook, req.params.delivery_id!), hookUrl(scope, hook), true);
  });

  // Redelivery: the recorded body again, as a new delivery to the hook's current URL and secret.
  app.post<{ Params: Params }>(`${base}/hooks/:id/deliveries/:delivery_id/attempts`, async (req, reply) => {
    const scope = resolve(req, reply, scopes.write);
    const hook = loadHook(db, scope, req.params.id!);
    const original = loadDelivery(hook, req.params.delivery_id!);
    if (!hook.config.url) throw notFound();
    const again = queue.redeliver(original, { url: hook.config.url, secret: hook.config.secret });
    const url = hookUrl(scope, hook);
    return reply
      .code(202)
      .header('Location', `${url}/deliveries/${again.id}`)
      .send(renderDelivery(again, url, false));
  });
}

function activeErrors(active: unknown): ValidationError[] {
  return active === undefined || typeof active === 'boolean' ? [] : [{ resource: 'Hook', field: 'active', code: 'invalid' }];
}

/** A config sent back as it was shown keeps the secrets that were masked. */
function withKeptSecrets(raw: unknown, old: HookConfig): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out = { ...(raw as Record<string, unknown>) };
  for (const key of ['secret', 'password']) if (out[key] === MASK) out[key] = old[key];
  return out;
}

/** A delivery of the log; the detailed form adds the request and the receiver's response. */
function renderDelivery(d: DeliveryRow, hookUrl: string, detailed: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: d.id,
    guid: d.guid,
    url: `${hookUrl}/deliveries/${d.id}`,
    event: d.event,
    action: d.action,
    redelivery: d.redelivery_of !== null,
    state: d.state,
    status: d.status,
    status_code: d.status_code,
    duration: d.duration_ms === null ? null : Math.round(d.duration_ms) / 1000,
    attempts: d.attempts,
    next_attempt_at: d.next_attempt_at === null ? null : isoSeconds(d.next_attempt_at),
    delivered_at: d.delivered_at,
    created_at: d.created_at,
  };
  if (detailed) {
    const body = d.content_type === 'form' ? (new URLSearchParams(d.request_body).get('payload') ?? '{}') : d.request_body;
    out.request = { headers: JSON.parse(d.request_headers) as Record<string, string>, payload: JSON.parse(body) as unknown };
    out.response = { headers: d.response_headers === null ? null : (JSON.parse(d.response_headers) as Record<string, string>), payload: d.response_body };
  }
  return out;
}
