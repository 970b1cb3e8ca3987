// Users and organizations: GET/PATCH /user, GET /users/:username, GET /users,
// GET /user/orgs, GET /users/:username/orgs, GET/PATCH /orgs/:org.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { findOrg, findUser, isOrgMember, isOrgOwner } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { parseBody } from '../conventions/conventions';
import { forbidden, notFound, requiresAuthentication } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { orgDetailed, orgSummary, userDetailed, userSummary } from '../conventions/representations';
import { hasScope, requireScope } from '../conventions/scopes';
import { bases } from '../conventions/urls';
import { accountsSince, orgsOfUser, updateUser } from './store';

const nullableText = z.string().max(1000).nullable().optional();

const userUpdate = z.object({
  name: nullableText,
  email: nullableText,
  blog: nullableText,
  company: nullableText,
  location: nullableText,
  hireable: z.boolean().nullable().optional(),
  bio: nullableText,
});

const orgUpdate = z.object({
  billing_email: nullableText,
  company: nullableText,
  email: nullableText,
  location: nullableText,
  name: nullableText,
  description: nullableText,
  blog: nullableText,
});

export function registerUserRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;

  app.get('/user', { config: { cacheable: true } }, async (req) => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    return userDetailed(db, bases(ctx, req), user, true);
  });

  app.patch('/user', async (req, reply) => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, ['user'], 'forbidden');
    const body = parseBody(req, 'User', userUpdate);
    updateUser(db, user.id, body, ['name', 'email', 'blog', 'company', 'location', 'bio']);
    return userDetailed(db, bases(ctx, req), findUser(db, user.login)!, true);
  });

  app.get<{ Params: { username: string } }>('/users/:username', { config: { cacheable: true } }, async (req) => {
    const user = findUser(db, req.params.username);
    if (!user) throw notFound();
    const b = bases(ctx, req);
    // Organizations are users of type Organization: the user shape for both (their own shape is /orgs/:org).
    return userDetailed(db, b, user);
  });

  // Every account in creation order, paged only by `since` (like /repositories).
  app.get<{ Querystring: { since?: string } }>('/users', { config: { cacheable: true } }, async (req, reply) => {
    const since = /^\d+$/.test(req.query.since ?? '') ? Number(req.query.since) : 0;
    const rows = accountsSince(db, since, 30);
    const last = rows[rows.length - 1];
    if (last) reply.header('Link', `<${bases(ctx, req).api}/users?since=${last.id}>; rel="next", <${bases(ctx, req).api}/users{?since}>; rel="first"`);
    const b = bases(ctx, req);
    return rows.map((u) => userSummary(b, u));
  });

  app.get('/user/orgs', { config: { cacheable: true } }, async (req, reply) => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    reply.header('X-Accepted-OAuth-Scopes', 'admin:org, read:org, repo, user, write:org');
    // Without an organization scope a token lists only the public memberships.
    const all = hasScope(req, ['read:org', 'user', 'repo']);
    const orgs = orgsOfUser(db, user.id, !all);
    const b = bases(ctx, req);
    return paginate(req, reply, orgs.length, (limit, offset) => orgs.slice(offset, offset + limit)).map((o) => orgSummary(b, o));
  });

  app.get<{ Params: { username: string } }>('/users/:username/orgs', { config: { cacheable: true } }, async (req, reply) => {
    const user = findUser(db, req.params.username);
    if (!user) throw notFound();
    const orgs = orgsOfUser(db, user.id, true);
    const b = bases(ctx, req);
    return paginate(req, reply, orgs.length, (limit, offset) => orgs.slice(offset, offset + limit)).map((o) => orgSummary(b, o));
  });

  app.get<{ Params: { org: string } }>('/orgs/:org', { config: { cacheable: true } }, async (req) => {
    const org = findOrg(db, req.params.org);
    if (!org) throw notFound();
    const user = currentUser(req);
    const member = !!user && isOrgMember(db, org.id, user.id) && hasScope(req, ['read:org']);
    return orgDetailed(db, bases(ctx, req), org, member);
  });

  app.patch<{ Params: { org: string } }>('/orgs/:org', async (req, reply) => {
    const org = findOrg(db, req.params.org);
    const user = currentUser(req);
    if (!org) throw notFound();
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, ['admin:org'], 'forbidden');
    if (!isOrgOwner(db, org.id, user.id)) throw forbidden('You must be an owner of this organization to edit it.');
    const body = parseBody(req, 'Organization', orgUpdate);
    updateUser(db, org.id, body, ['billing_email', 'company', 'email', 'location', 'name', 'description', 'blog']);
    return orgDetailed(db, bases(ctx, req), findOrg(db, org.login)!, true);
  });
}
