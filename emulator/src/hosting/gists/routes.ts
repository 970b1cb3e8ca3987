// The minimal gist endpoints: POST /gists and GET /gists/:id
// (docs/service-api/hosting/comments §4 has only gist comments; these give them
// a target), and the gist lists of the service family, GET /gists and GET
// /users/:username/gists (beyond the documents: a client finds the gists whose
// comments it shows).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { currentUser } from '../conventions/auth';
import { findUser } from '../conventions/access';
import { created, parseBody } from '../conventions/conventions';
import { invalidField, notFound, requiresAuthentication } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { requireScope } from '../conventions/scopes';
import { isoTime } from '../conventions/time';
import { bases } from '../conventions/urls';
import type { Listing } from '../../db';
import type { GistRow } from './schema';
import { findGist, gistJson, gistListJson, gistsOf, insertGist, publicGists } from './store';

const createBody = z.object({
  files: z.record(z.string(), z.object({ content: z.string().min(1) })).refine((f) => Object.keys(f).length > 0),
  description: z.string().nullable().optional(),
  public: z.boolean().optional(),
});

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

type ListQuery = { Querystring: { since?: string } };

/** `since` as a stored timestamp (text order is time order); 422 when it is no ISO 8601 time. */
function sinceOf(q: ListQuery['Querystring']): string | undefined {
  if (q.since === undefined) return undefined;
  const since = ISO_8601.test(q.since) ? new Date(q.since) : undefined;
  if (!since || Number.isNaN(since.getTime())) throw invalidField('Gist', 'since');
  return isoTime(since);
}

export function registerGistRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const listPage = (req: FastifyRequest, reply: FastifyReply, list: Listing<GistRow>) => {
    const b = bases(ctx, req);
    return paginate(req, reply, list.total, list.page).map((g) => gistListJson(db, b, g));
  };

  // The signed-in user's gists, secret ones included; anonymously, every public gist.
  app.get<ListQuery>('/gists', { config: { cacheable: true } }, async (req, reply) => {
    const since = sinceOf(req.query);
    const user = currentUser(req);
    return listPage(req, reply, user ? gistsOf(db, user.id, true, since) : publicGists(db, since));
  });

  // A user's public gists; their own secret ones too when they ask.
  app.get<{ Params: { username: string } } & ListQuery>('/users/:username/gists', { config: { cacheable: true } }, async (req, reply) => {
    const owner = findUser(db, req.params.username);
    if (!owner) throw notFound();
    const since = sinceOf(req.query);
    return listPage(req, reply, gistsOf(db, owner.id, currentUser(req)?.id === owner.id, since));
  });

  app.post('/gists', async (req, reply) => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, ['gist'], 'forbidden');
    const f = parseBody(req, 'Gist', createBody);
    const files = Object.fromEntries(Object.entries(f.files).map(([name, v]) => [name, v.content]));
    const gist = insertGist(db, user.id, files, f.description ?? null, f.public ?? false);
    const out = gistJson(db, bases(ctx, req), gist);
    return created(reply, out.url as string, out);
  });

  app.get<{ Params: { gist_id: string } }>('/gists/:gist_id', async (req) => {
    const gist = findGist(db, req.params.gist_id);
    if (!gist) throw notFound();
    return gistJson(db, bases(ctx, req), gist);
  });
}
