import type { CallOptions, HostingCore } from './transport';
import { userSummarySchema } from './schemas/common';
import { repositorySummarySchema } from './schemas/repos';
import { teamDetailedSchema, teamSummarySchema } from './schemas/teams';

export const TEAMS_ROUTES = {
  listForOrg: 'GET /orgs/{org}/teams',
  get: 'GET /teams/{id}',
  create: 'POST /orgs/{org}/teams',
  update: 'PATCH /teams/{id}',
  delete: 'DELETE /teams/{id}',
  listMembers: 'GET /teams/{id}/members',
  isMember: 'GET /teams/{id}/members/{username}',
  addMember: 'PUT /teams/{id}/members/{username}',
  removeMember: 'DELETE /teams/{id}/members/{username}',
  listRepos: 'GET /teams/{id}/repos',
  managesRepo: 'GET /teams/{id}/repos/{owner}/{repo}',
  addRepo: 'PUT /teams/{id}/repos/{org}/{repo}',
  removeRepo: 'DELETE /teams/{id}/repos/{owner}/{repo}',
  listForAuthenticatedUser: 'GET /user/teams',
} as const;

type Permission = 'pull' | 'push' | 'admin';

export class TeamsApi {
  constructor(private readonly core: HostingCore) {}

  listForOrg(org: string, options?: CallOptions) {
    return this.core.paginate(TEAMS_ROUTES.listForOrg, { org, per_page: 100 }, teamSummarySchema, options);
  }

  async get(id: number, options?: CallOptions) {
    return (await this.core.call(TEAMS_ROUTES.get, { id }, teamDetailedSchema, options)).data;
  }

  async create(org: string, input: { name: string; repo_names?: string[]; permission?: Permission }, options?: CallOptions) {
    return (await this.core.call(TEAMS_ROUTES.create, { org, ...input }, teamDetailedSchema, options)).data;
  }

  async update(id: number, input: { name: string; permission?: Permission }, options?: CallOptions) {
    return (await this.core.call(TEAMS_ROUTES.update, { id, ...input }, teamDetailedSchema, options)).data;
  }

  delete(id: number, options?: CallOptions) {
    return this.core.callNoContent(TEAMS_ROUTES.delete, { id }, options);
  }

  listMembers(id: number, options?: CallOptions) {
    return this.core.paginate(TEAMS_ROUTES.listMembers, { id, per_page: 100 }, userSummarySchema, options);
  }

  /** 204 = member, 404 = not. */
  isMember(id: number, username: string, options?: CallOptions) {
    return this.core.check(TEAMS_ROUTES.isMember, { id, username }, options);
  }

  /** Adding an organization fails with ValidationFailedError code `org`. */
  addMember(id: number, username: string, options?: CallOptions) {
    return this.core.callNoContent(TEAMS_ROUTES.addMember, { id, username }, options);
  }

  removeMember(id: number, username: string, options?: CallOptions) {
    return this.core.callNoContent(TEAMS_ROUTES.removeMember, { id, username }, options);
  }

  listRepos(id: number, options?: CallOptions) {
    return this.core.paginate(TEAMS_ROUTES.listRepos, { id, per_page: 100 }, repositorySummarySchema, options);
  }

  /** 204 = the team manages the repository, 404 = not. */
  managesRepo(id: number, owner: string, repo: string, options?: CallOptions) {
    return this.core.check(TEAMS_ROUTES.managesRepo, { id, owner, repo }, options);
  }

  /** A repository outside the organization fails with ValidationFailedError code `not_owned`. */
  addRepo(id: number, org: string, repo: string, options?: CallOptions) {
    return this.core.callNoContent(TEAMS_ROUTES.addRepo, { id, org, repo }, options);
  }

  removeRepo(id: number, owner: string, repo: string, options?: CallOptions) {
    return this.core.callNoContent(TEAMS_ROUTES.removeRepo, { id, owner, repo }, options);
  }

  listForAuthenticatedUser(options?: CallOptions) {
    return this.core.paginate(TEAMS_ROUTES.listForAuthenticatedUser, { per_page: 100 }, teamDetailedSchema, options);
  }
}
