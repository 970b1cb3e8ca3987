// Gist comments (document 2, 5 rows). Anyone signed in may comment (tokens
// need the gist scope); the author edits, the author or the gist's owner
// deletes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db';
import type { EmulatorContext } from '../../server';
import { findUserById } from '../core/access';
import { currentUser } from '../core/auth';
import { created, parseBody } from '../core/conventions';
import { forbidden, notFound, requiresAuthentication } from '../core/errors';
import { paginate } from '../core/pagination';
import { userSummary } from '../core/representations';
import type { UserRow } from '../core/schema';
import { requireScope } from '../core/scopes';
import { isoTime } from '../core/time';
import { bases, type Bases } from '../core/urls';
import type { GistCommentRow, GistRow } from '../gists/schema';
import { findGist } from '../gists/store';
import { bodyFields } from './body';

const RESOURCE = 'GistComment';
const bodyOnly = z.object({ body: z.string().min(1) });

type GistParams = { Params: { gist_id: string } };
type CommentParams = { Params: { gist_id: string; id: string } };

export function gistCommentJson(db: Db, b: Bases, req: FastifyRequest | undefined, vendor: string, c: GistCommentRow): Record<string, unknown> {
  return {
    id: c.id,
    url: `${b.api}/gists/${c.gist_id}/comments/${c.id}`,
    ...bodyFields(req, vendor, c.body),
    user: userSummary(b, findUserById(db, c.user_id)!),
    created_at: isoTime(c.created_at),
    updated_at: isoTime(c.updated_at),
  };
}

export function insertGistComment(db: Db, gist: GistRow, user: UserRow, body: string, now = isoTime()): GistCommentRow {
  const info = db.prepare('INSERT INTO gist_comments (gist_id, user_id, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(gist.id, user.id, body, now, now);
  return db.prepare<[number], GistCommentRow>('SELECT * FROM gist_comments WHERE id = ?').get(Number(info.lastInsertRowid))!;
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
    const comment = /^\d+$/.test(req.params.id)
      ? db.prepare<[number, number], GistCommentRow>('SELECT * FROM gist_comments WHERE id = ? AND gist_id = ?').get(Number(req.params.id), gist.id)
      : undefined;
    if (!comment) throw notFound();
    return { gist, comment };
  }

  app.get<GistParams>('/gists/:gist_id/comments', async (req, reply) => {
    const gist = gistOf(req);
    const total = db.prepare('SELECT count(*) FROM gist_comments WHERE gist_id = ?').pluck().get(gist.id) as number;
    const rows = paginate(req, reply, total, (limit, offset) =>
      db.prepare<[number, number, number], GistCommentRow>('SELECT * FROM gist_comments WHERE gist_id = ? ORDER BY id LIMIT ? OFFSET ?').all(gist.id, limit, offset),
    );
    return rows.map((c) => json(req, c));
  });

  app.get<CommentParams>('/gists/:gist_id/comments/:id', async (req) => json(req, commentOf(req).comment));

  app.post<GistParams>('/gists/:gist_id/comments', async (req, reply) => {
    const user = writer(req, reply);
    const gist = gistOf(req);
    const { body } = parseBody(req, RESOURCE, bodyOnly);
    const out = json(req, insertGistComment(db, gist, user, body));
    return created(reply, out.url as string, out);
  });

  app.patch<CommentParams>('/gists/:gist_id/comments/:id', async (req, reply) => {
    const user = writer(req, reply);
    const { comment } = commentOf(req);
    if (comment.user_id !== user.id) throw forbidden('Only the author can edit a gist comment');
    const { body } = parseBody(req, RESOURCE, bodyOnly);
    const now = isoTime();
    db.prepare('UPDATE gist_comments SET body = ?, updated_at = ? WHERE id = ?').run(body, now, comment.id);
    return json(req, { ...comment, body, updated_at: now });
  });

  app.delete<CommentParams>('/gists/:gist_id/comments/:id', async (req, reply) => {
    const user = writer(req, reply);
    const { gist, comment } = commentOf(req);
    if (comment.user_id !== user.id && gist.owner_id !== user.id) throw forbidden('Only the author or the gist owner can delete a gist comment');
    db.prepare('DELETE FROM gist_comments WHERE id = ?').run(comment.id);
    return reply.code(204).send();
  });
}
