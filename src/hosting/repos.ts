import type { CallOptions, HostingCore } from './transport';
import { repositoryDetailedSchema, repositoryMinimalSchema, repositorySummarySchema } from './schemas/repos';

export const REPOS_ROUTES = {
  listForAuthenticatedUser: 'GET /user/repos',
  listForUser: 'GET /users/{username}/repos',
  listForOrg: 'GET /orgs/{org}/repos',
  listPublic: 'GET /repositories',
  createForAuthenticatedUser: 'POST /user/repos',
  createInOrg: 'POST /orgs/{org}/repos',
  get: 'GET /repos/{owner}/{repo}',
} as const;

type Sort = 'created' | 'updated' | 'pushed' | 'full_name';
type Direction = 'asc' | 'desc';

export interface CreateRepositoryInput {
  name: string;
  description?: string;
  homepage?: string;
  private?: boolean;
  has_issues?: boolean;
  has_wiki?: boolean;
  has_downloads?: boolean;
  team_id?: number;
  auto_init?: boolean;
  gitignore_template?: string;
  license_template?: string;
}

export class ReposApi {
  constructor(private readonly core: HostingCore) {}

  listForAuthenticatedUser(
    query: { type?: 'all' | 'owner' | 'public' | 'private' | 'member'; sort?: Sort; direction?: Direction } = {},
    options?: CallOptions,
  ) {
    return this.core.paginate(REPOS_ROUTES.listForAuthenticatedUser, { per_page: 100, ...query }, repositorySummarySchema, options);
  }

  listForUser(username: string, query: { type?: 'all' | 'owner' | 'member'; sort?: Sort; direction?: Direction } = {}, options?: CallOptions) {
    return this.core.paginate(REPOS_ROUTES.listForUser, { username, per_page: 100, ...query }, repositorySummarySchema, options);
  }

  listForOrg(org: string, query: { type?: 'all' | 'public' | 'private' | 'forks' | 'sources' | 'member' } = {}, options?: CallOptions) {
    return this.core.paginate(REPOS_ROUTES.listForOrg, { org, per_page: 100, ...query }, repositorySummarySchema, options);
  }

  /** Every public repository in creation order; pages only by the `since` cursor the service puts in `Link`. */
  listPublic(query: { since?: number } = {}, options?: CallOptions) {
    return this.core.paginate(REPOS_ROUTES.listPublic, { ...query }, repositoryMinimalSchema, options);
  }

  async createForAuthenticatedUser(input: CreateRepositoryInput, options?: CallOptions) {
    return (await this.core.call(REPOS_ROUTES.createForAuthenticatedUser, { ...input }, repositoryDetailedSchema, options)).data;
  }

  async createInOrg(org: string, input: CreateRepositoryInput, options?: CallOptions) {
    return (await this.core.call(REPOS_ROUTES.createInOrg, { org, ...input }, repositoryDetailedSchema, options)).data;
  }

  async get(owner: string, repo: string, options?: CallOptions) {
    return (await this.core.call(REPOS_ROUTES.get, { owner, repo }, repositoryDetailedSchema, options)).data;
  }
}
