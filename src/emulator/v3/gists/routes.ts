// The minimal gist endpoints: POST /gists and GET /gists/:id (document 2
// only has gist comments; these give them a target).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { currentUser } from '../core/auth';
import { created, parseBody } from '../core/conventions';
import { notFound, requiresAuthentication } from '../core/errors';
import { requireScope } from '../core/scopes';
import { bases } from '../core/urls';
import { findGist, gistJson, insertGist } from './store';

const createBody = z.object({
  files: z.record(z.string(), z.object({ content: z.string().min(1) })).refine((f) => Object.keys(f).length > 0),
  description: z.string().nullable().optional(),
  public: z.boolean().optional(),
});

export function registerGistRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;

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
