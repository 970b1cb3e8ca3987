// Organization members, the 7 rows of
// docs/service-api/hosting/organizations §6, with the 302 rules for requesters
// who are not members.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';
import { findOrg, findUser, isOrgMember, isOrgOwner } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { ApiError, forbidden, invalidField, notFound, requiresAuthentication } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { userSummary } from '../conventions/representations';
import type { UserRow } from './schema';
import { hasScope, requireScope } from '../conventions/scopes';
import { bases, requestUrl } from '../conventions/urls';
import { isPublicMember, orgMembers, ownersCount, removeOrgMember, setMembershipPublic } from './store';

type OrgParams = { Params: { org: string } };
type MemberParams = { Params: { org: string; username: string } };

function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(302).header('Location', location).send();
}

export function registerOrgMemberRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const loadOrg = (login: string): UserRow => {
    const org = findOrg(db, login);
    if (!org) throw notFound();
    return org;
  };
  const page = (req: FastifyRequest, reply: FastifyReply, users: UserRow[]) => {
    const b = bases(ctx, req);
    return paginate(req, reply, users.length, (limit, offset) => users.slice(offset, offset + limit)).map((u) => userSummary(b, u));
  };
  const memberOf = (req: FastifyRequest, org: UserRow) => {
    const user = currentUser(req);
    return user && isOrgMember(db, org.id, user.id) && hasScope(req, ['read:org']) ? user : undefined;
  };

  app.get<OrgParams & { Querystring: { filter?: string } }>('/orgs/:org/members', { config: { cacheable: true } }, async (req, reply) => {
    const org = loadOrg(req.params.org);
    reply.header('X-Accepted-OAuth-Scopes', 'read:org');
    const requester = memberOf(req, org);
    if (!requester) {
      const url = requestUrl(req);
      return redirect(reply, `${bases(ctx, req).api}/orgs/${org.login}/public_members${url.search}`);
    }
    const filter = req.query.filter ?? 'all';
    if (filter !== 'all' && filter !== '2fa_disabled') throw invalidField('Member', 'filter');
    const owner = isOrgOwner(db, org.id, requester.id);
    if (filter === '2fa_disabled' && !owner) throw forbidden('Only owners can use this filter.');
    // Two-factor authentication does not exist here: every member has it disabled.
    return page(req, reply, orgMembers(db, org.id, !owner, requester.id));
  });

  app.get<MemberParams>('/orgs/:org/members/:username', async (req, reply) => {
    const org = loadOrg(req.params.org);
    reply.header('X-Accepted-OAuth-Scopes', 'read:org');
    const requester = memberOf(req, org);
    const target = findUser(db, req.params.username);
    if (requester) {
      if (target && isOrgMember(db, org.id, target.id)) return reply.code(204).send();
      throw notFound();
    }
    const self = currentUser(req);
    if (self && self.login.toLowerCase() === req.params.username.toLowerCase()) throw notFound();
    return redirect(reply, `${bases(ctx, req).api}/orgs/${org.login}/public_members/${encodeURIComponent(req.params.username)}`);
  });

  app.delete<MemberParams>('/orgs/:org/members/:username', async (req, reply) => {
    const org = loadOrg(req.params.org);
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, ['admin:org'], 'forbidden');
    if (!isOrgMember(db, org.id, user.id)) throw notFound();
    if (!isOrgOwner(db, org.id, user.id)) throw forbidden('You must be an owner of this organization to remove members.');
    const target = findUser(db, req.params.username);
    if (!target || !isOrgMember(db, org.id, target.id)) throw notFound();
    if (isOrgOwner(db, org.id, target.id) && ownersCount(db, org.id) <= 1) throw forbidden('Cannot remove the last owner of the organization.');
    db.transaction(() => removeOrgMember(db, org.id, target.id))();
    return reply.code(204).send();
  });

  app.get<OrgParams>('/orgs/:org/public_members', { config: { cacheable: true } }, async (req, reply) => {
    const org = loadOrg(req.params.org);
    return page(req, reply, orgMembers(db, org.id, true));
  });

  app.get<MemberParams>('/orgs/:org/public_members/:username', async (req, reply) => {
    const org = loadOrg(req.params.org);
    const target = findUser(db, req.params.username);
    if (target && isPublicMember(db, org.id, target.id)) return reply.code(204).send();
    throw notFound();
  });

  const publicize = (isPublic: boolean) => async (req: FastifyRequest<MemberParams>, reply: FastifyReply) => {
    const org = loadOrg(req.params.org);
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, ['write:org'], 'forbidden');
    if (user.login.toLowerCase() !== req.params.username.toLowerCase()) {
      throw new ApiError(403, `You can only ${isPublic ? 'publicize' : 'conceal'} your own membership.`, undefined, '/v3/orgs/members');
    }
    if (!isOrgMember(db, org.id, user.id)) throw notFound();
    setMembershipPublic(db, org.id, user.id, isPublic);
    return reply.code(204).send();
  };
  app.put<MemberParams>('/orgs/:org/public_members/:username', publicize(true));
  app.delete<MemberParams>('/orgs/:org/public_members/:username', publicize(false));
}
