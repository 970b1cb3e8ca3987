import type { CallOptions, HostingCore } from './transport';
import { userSummarySchema } from './schemas/common';

export const ORG_MEMBERS_ROUTES = {
  list: 'GET /orgs/{org}/members',
  isMember: 'GET /orgs/{org}/members/{username}',
  remove: 'DELETE /orgs/{org}/members/{username}',
  listPublic: 'GET /orgs/{org}/public_members',
  isPublicMember: 'GET /orgs/{org}/public_members/{username}',
  publicize: 'PUT /orgs/{org}/public_members/{username}',
  conceal: 'DELETE /orgs/{org}/public_members/{username}',
} as const;

/**
 * Organization members. A non-member asking for the members is redirected
 * (302) to the public list; the client follows it, so the answer is then the
 * public members.
 */
export class OrgMembersApi {
  constructor(private readonly core: HostingCore) {}

  list(org: string, query: { filter?: '2fa_disabled' | 'all' } = {}, options?: CallOptions) {
    return this.core.paginate(ORG_MEMBERS_ROUTES.list, { org, per_page: 100, ...query }, userSummarySchema, options);
  }

  isMember(org: string, username: string, options?: CallOptions) {
    return this.core.check(ORG_MEMBERS_ROUTES.isMember, { org, username }, options);
  }

  remove(org: string, username: string, options?: CallOptions) {
    return this.core.callNoContent(ORG_MEMBERS_ROUTES.remove, { org, username }, options);
  }

  listPublic(org: string, options?: CallOptions) {
    return this.core.paginate(ORG_MEMBERS_ROUTES.listPublic, { org, per_page: 100 }, userSummarySchema, options);
  }

  isPublicMember(org: string, username: string, options?: CallOptions) {
    return this.core.check(ORG_MEMBERS_ROUTES.isPublicMember, { org, username }, options);
  }

  /** A user can publicize only their own membership. */
  publicize(org: string, username: string, options?: CallOptions) {
    return this.core.callNoContent(ORG_MEMBERS_ROUTES.publicize, { org, username }, options);
  }

  conceal(org: string, username: string, options?: CallOptions) {
    return this.core.callNoContent(ORG_MEMBERS_ROUTES.conceal, { org, username }, options);
  }
}
