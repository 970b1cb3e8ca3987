import type { CallOptions, HostingCore } from './transport';
import { legacyEmailSearchSchema, legacyIssueSearchSchema, legacyRepoSearchSchema, legacyUserSearchSchema } from './schemas/search';

export const SEARCH_ROUTES = {
  issues: 'GET /legacy/issues/search/{owner}/{repository}/{state}/{keyword}',
  repositories: 'GET /legacy/repos/search/{keyword}',
  users: 'GET /legacy/user/search/{keyword}',
  // `{+email}`: the @ must stay unencoded.
  userByEmail: 'GET /legacy/user/email/{+email}',
} as const;

interface SearchPage {
  start_page?: number;
  sort?: 'stars' | 'forks' | 'updated';
  order?: 'asc' | 'desc';
}

/** Legacy search (deprecated). It pages by `start_page`, up to 100 results a page, outside the v3 pattern. */
export class SearchApi {
  constructor(private readonly core: HostingCore) {}

  async issues(owner: string, repository: string, state: 'open' | 'closed', keyword: string, options?: CallOptions) {
    return (await this.core.call(SEARCH_ROUTES.issues, { owner, repository, state, keyword }, legacyIssueSearchSchema, options)).data.issues;
  }

  async repositories(keyword: string, query: SearchPage & { language?: string } = {}, options?: CallOptions) {
    return (await this.core.call(SEARCH_ROUTES.repositories, { keyword, ...pageQuery(query) }, legacyRepoSearchSchema, options)).data.repositories;
  }

  async users(keyword: string, query: SearchPage = {}, options?: CallOptions) {
    return (await this.core.call(SEARCH_ROUTES.users, { keyword, ...pageQuery(query) }, legacyUserSearchSchema, options)).data.users;
  }

  async userByEmail(email: string, options?: CallOptions) {
    return (await this.core.call(SEARCH_ROUTES.userByEmail, { email }, legacyEmailSearchSchema, options)).data.user;
  }
}

function pageQuery<T extends SearchPage>(query: T): Record<string, unknown> {
  const { start_page, ...rest } = query;
  return { ...rest, ...(start_page !== undefined ? { start_page: String(start_page) } : {}) };
}
