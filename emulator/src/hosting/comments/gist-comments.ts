// Gist comments (docs/service-api/hosting/comments §4). Anyone signed in may
// comment (tokens need the gist scope); the author edits, the author or the
// gist's owner deletes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db';
import type { EmulatorContext } from '../../server';
import { findUserById } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, parseBody } from '../conventions/conventions';
import { forbidden, notFound, requiresAuthentication } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { userSummary } from '../conventions/representations';
import type { UserRow } from '../accounts/schema';
import { requireScope } from '../conventions/scopes';
import { isoTime } from '../conventions/time';
import { bases, type Bases } from '../conventions/urls';
import type { GistCommentRow, GistRow } from '../gists/schema';
import { deleteGistComment, findGist, findGistComment, gistComments, insertGistComment, updateGistCommentBody } from '../gists/store';
import { bodyFields } from './body';

const RESOURCE = 'GistComment';
const bodyOnly = z.object({ body: z.string().min(1) });

type GistParams = { Params: { gist_id: string } };
type CommentParams = { Params: { gist_id: string; id: string } };

function gistCommentJson(db: Db, b: Bases, req: FastifyRequest | undefined, vendor: string, c: GistCommentRow): Record<string, unknown> {
  return {
    id: c.id,
    url: `${b.api}/gists/${c.gist_id}/comments/${c.id}`,
    ...bodyFields(req, vendor, c.body),
    user: userSummary(b, findUserById(db, c.user_id)!),
    created_at: isoTime(c.created_at),
    updated_at: isoTime(c.updated_at),
  };
}

export function registerGistCommentRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const json = (req: FastifyRequest, c: GistCommentRow) => gistCommentJson(db, bases(ctx, req), req, ctx.limits.vendor, c);

  function writer(req: FastifyRequest, reply: FastifyReply): UserRow {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, ['gist'], 'forbidden');
    return user;
  }

  function gistOf(req: FastifyRequest<GistParams>): GistRow {
    const gist = findGist(db, req.params.gist_id);
    if (!gist) throw notFound();
    return gist;
  }

  function commentOf(req: FastifyRequest<CommentParams>): { gist: GistRow; comment: GistCommentRow } {
    const gist = gistOf(req);
    const comment = findGistComment(db, gist.id, req.params.id);
    if (!comment) throw notFound();
    return { gist, comment };
  }

  app.get<GistParams>('/gists/:gist_id/comments', async (req, reply) => {
    const gist = gistOf(req);
    const list = gistComments(db, gist.id);
    const rows = paginate(req, reply, list.total, list.page);
    return rows.map((c) => json(req, c));
  });

  app.get<CommentParams>('/gists/:gist_id/comments/:id', async (req) => json(req, commentOf(req).comment));

  app.post<GistParams>('/gists/:gist_id/comments', async (req, reply) => {
    const user = writer(req, reply);
    const gist = gistOf(req);
    const { body } = parseBody(req, RESOURCE, bodyOnly);
    const out = json(req, insertGistComment(db, gist.id, user.id, body));
    return created(reply, out.url as string, out);
  });

  app.patch<CommentParams>('/gists/:gist_id/comments/:id', async (req, reply) => {
    const user = writer(req, reply);
    const { comment } = commentOf(req);
    if (comment.user_id !== user.id) throw forbidden('Only the author can edit a gist comment');
    const { body } = parseBody(req, RESOURCE, bodyOnly);
    const now = isoTime();
    updateGistCommentBody(db, comment.id, body, now);
    return json(req, { ...comment, body, updated_at: now });
  });

  app.delete<CommentParams>('/gists/:gist_id/comments/:id', async (req, reply) => {
    const user = writer(req, reply);
    const { gist, comment } = commentOf(req);
    if (comment.user_id !== user.id && gist.owner_id !== user.id) throw forbidden('Only the author or the gist owner can delete a gist comment');
    deleteGistComment(db, comment.id);
    return reply.code(204).send();
  });
}
