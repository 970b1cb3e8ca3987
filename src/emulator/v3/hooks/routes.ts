// Webhook endpoints (spec README, webhook decisions): the service listing,
// hook create/list/get/edit/delete, tests and pings, and the delivery log
// with redelivery. Managing hooks needs admin permission on the repository.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';
import { currentUser } from '../core/auth';
import { findRepo, redirectIfRenamed, repoPermission } from '../core/access';
import { bodyHash, created } from '../core/conventions';
import { notFound, requiresAuthentication, validationFailed, type ValidationError } from '../core/errors';
import { paginate } from '../core/pagination';
import { repoApiUrl } from '../core/representations';
import type { RepoRow, UserRow } from '../core/schema';
import { requireScope } from '../core/scopes';
import { bases } from '../core/urls';
import type { HookDispatcher } from './dispatch';
import { isoSeconds, type DeliveryQueue, type DeliveryRow } from './queue';
import { checkConfig, eventErrors, findService, normalizeEvents, SERVICES, type HookConfig } from './services';
import { findHook, hooksOfRepo, insertHook, renderHook, updateHook, type Hook } from './store';

type RepoParams = { owner: string; repo: string };
type HookParams = RepoParams & { id: string };
type DeliveryParams = HookParams & { delivery_id: string };

const READ = ['read:repo_hook', 'repo'];
const WRITE = ['write:repo_hook', 'repo'];
const ADMIN = ['admin:repo_hook', 'repo'];
const MASK = '********';

export function registerHookRoutes(app: FastifyInstance, ctx: EmulatorContext, queue: DeliveryQueue, dispatcher: HookDispatcher): void {
  const db = ctx.db;

  /** The repository of a hooks route: 404 unless the caller administers it, and the hook scopes checked. */
  const adminRepo = (req: FastifyRequest<{ Params: RepoParams }>, reply: FastifyReply, accepted: string[]): { repo: RepoRow; user: UserRow; repoUrl: string } => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    const found = findRepo(db, req.params.owner, req.params.repo);
    if (!found) {
      redirectIfRenamed(db, req, req.params.owner, req.params.repo);
      throw notFound();
    }
    if (repoPermission(db, found.repo, user) !== 'admin') throw notFound();
    requireScope(req, reply, accepted);
    return { repo: found.repo, user, repoUrl: repoApiUrl(bases(ctx, req), found.owner.login, found.repo.name) };
  };
  const loadHook = (repo: RepoRow, id: string): Hook => {
    const hook = /^\d+$/.test(id) ? findHook(db, repo.id, Number(id)) : undefined;
    if (!hook) throw notFound();
    return hook;
  };
  const hookUrl = (repoUrl: string, hook: Hook) => `${repoUrl}/hooks/${hook.row.id}`;

  app.get('/hooks', async () =>
    SERVICES.map((s) => ({ name: s.name, title: s.title, events: s.default_events, default_events: s.default_events, supported_events: s.supported_events, schema: s.schema })),
  );

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/hooks', async (req, reply) => {
    const { repo, repoUrl } = adminRepo(req, reply, READ);
    const all = hooksOfRepo(db, repo.id);
    return paginate(req, reply, all.length, (limit, offset) => all.slice(offset, offset + limit)).map((h) => renderHook(h, hookUrl(repoUrl, h), queue));
  });

  app.get<{ Params: HookParams }>('/repos/:owner/:repo/hooks/:id', async (req, reply) => {
    const { repo, repoUrl } = adminRepo(req, reply, READ);
    const hook = loadHook(repo, req.params.id);
    return renderHook(hook, hookUrl(repoUrl, hook), queue);
  });

  app.post<{ Params: RepoParams }>('/repos/:owner/:repo/hooks', async (req, reply) => {
    const { repo, user, repoUrl } = adminRepo(req, reply, WRITE);
    const body = bodyHash(req);
    if (body.name === undefined || body.name === null) throw validationFailed({ resource: 'Hook', field: 'name', code: 'missing_field' });
    const service = typeof body.name === 'string' ? findService(body.name) : undefined;
    if (!service) throw validationFailed({ resource: 'Hook', field: 'name', code: 'invalid', message: `Unknown service; available: ${SERVICES.map((s) => s.name).join(', ')}` });
    const { config, errors } = checkConfig(service, body.config);
    const events = body.events === undefined ? [...service.default_events] : (body.events as string[]);
    errors.push(...(body.events === undefined ? [] : eventErrors(service, 'events', body.events)), ...activeErrors(body.active));
    if (errors.length) throw validationFailed(...errors);
    const duplicate = hooksOfRepo(db, repo.id).some((h) => h.row.name === service.name && (service.name !== 'web' || h.config.url === config.url));
    if (duplicate) throw validationFailed({ resource: 'Hook', field: service.name === 'web' ? 'url' : 'name', code: 'already_exists', message: 'Hook already exists on this repository' });
    const hook = insertHook(db, repo.id, service.name, normalizeEvents(events), body.active !== false, config);
    const url = hookUrl(repoUrl, hook);
    if (hook.row.active) dispatcher.ping(hook, url, repo, user);
    return created(reply, url, renderHook(hook, url, queue));
  });

  app.patch<{ Params: HookParams }>('/repos/:owner/:repo/hooks/:id', async (req, reply) => {
    const { repo, repoUrl } = adminRepo(req, reply, WRITE);
    const hook = loadHook(repo, req.params.id);
    const service = findService(hook.row.name)!;
    const body = bodyHash(req);
    const errors: ValidationError[] = [...activeErrors(body.active)];
    let config = hook.config;
    if (body.config !== undefined) {
      const checked = checkConfig(service, withKeptSecrets(body.config, hook.config));
      errors.push(...checked.errors);
      config = checked.config;
    }
    for (const field of ['events', 'add_events', 'remove_events'] as const) if (body[field] !== undefined) errors.push(...eventErrors(service, field, body[field]));
    if (errors.length) throw validationFailed(...errors);
    let events = body.events !== undefined ? (body.events as string[]) : hook.events;
    if (body.add_events !== undefined) events = [...events, ...(body.add_events as string[])];
    if (body.remove_events !== undefined) events = events.filter((e) => !(body.remove_events as string[]).includes(e));
    const updated = updateHook(db, hook, normalizeEvents(events), body.active === undefined ? hook.row.active === 1 : body.active === true, config);
    return renderHook(updated, hookUrl(repoUrl, updated), queue);
  });

  app.delete<{ Params: HookParams }>('/repos/:owner/:repo/hooks/:id', async (req, reply) => {
    const { repo } = adminRepo(req, reply, ADMIN);
    const hook = loadHook(repo, req.params.id);
    db.prepare('DELETE FROM repo_hooks WHERE id = ?').run(hook.row.id);
    return reply.code(204).send();
  });

  app.post<{ Params: HookParams }>('/repos/:owner/:repo/hooks/:id/tests', async (req, reply) => {
    const { repo, user } = adminRepo(req, reply, WRITE);
    const hook = loadHook(repo, req.params.id);
    await dispatcher.pushTest(hook, repo, user);
    return reply.code(204).send();
  });

  app.post<{ Params: HookParams }>('/repos/:owner/:repo/hooks/:id/pings', async (req, reply) => {
    const { repo, user, repoUrl } = adminRepo(req, reply, WRITE);
    const hook = loadHook(repo, req.params.id);
    dispatcher.ping(hook, hookUrl(repoUrl, hook), repo, user);
    return reply.code(204).send();
  });

  app.get<{ Params: HookParams }>('/repos/:owner/:repo/hooks/:id/deliveries', async (req, reply) => {
    const { repo, repoUrl } = adminRepo(req, reply, READ);
    const hook = loadHook(repo, req.params.id);
    const total = queue.list(hook.row.id, 0, 0).total;
    const rows = paginate(req, reply, total, (limit, offset) => queue.list(hook.row.id, limit, offset).rows);
    return rows.map((d) => renderDelivery(d, hookUrl(repoUrl, hook), false));
  });

  app.get<{ Params: DeliveryParams }>('/repos/:owner/:repo/hooks/:id/deliveries/:delivery_id', async (req, reply) => {
    const { repo, repoUrl } = adminRepo(req, reply, READ);
    const hook = loadHook(repo, req.params.id);
    const delivery = /^\d+$/.test(req.params.delivery_id) ? queue.get(hook.row.id, Number(req.params.delivery_id)) : undefined;
    if (!delivery) throw notFound();
    return renderDelivery(delivery, hookUrl(repoUrl, hook), true);
  });

  app.post<{ Params: DeliveryParams }>('/repos/:owner/:repo/hooks/:id/deliveries/:delivery_id/attempts', async (req, reply) => {
    const { repo, repoUrl } = adminRepo(req, reply, WRITE);
    const hook = loadHook(repo, req.params.id);
    const original = /^\d+$/.test(req.params.delivery_id) ? queue.get(hook.row.id, Number(req.params.delivery_id)) : undefined;
    if (!original || !hook.config.url) throw notFound();
    const again = queue.redeliver(original, { url: hook.config.url, secret: hook.config.secret });
    const url = hookUrl(repoUrl, hook);
    return reply.code(202).header('Location', `${url}/deliveries/${again.id}`).send(renderDelivery(again, url, false));
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
export function renderDelivery(d: DeliveryRow, hookUrl: string, detailed: boolean): Record<string, unknown> {
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

