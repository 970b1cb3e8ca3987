import { z } from 'zod';
import type { CallOptions, HostingCore } from './core';
import { commitSummarySchema } from './schemas/git';
import { pullRequestDetailedSchema, pullRequestFileSchema, pullRequestSchema } from './schemas/pulls';

export const PULLS_ROUTES = {
  list: 'GET /repos/{owner}/{repo}/pulls',
  get: 'GET /repos/{owner}/{repo}/pulls/{number}',
  // Not rows of document 2; fixed by the spec README.
  create: 'POST /repos/{owner}/{repo}/pulls',
  listFiles: 'GET /repos/{owner}/{repo}/pulls/{number}/files',
  listCommits: 'GET /repos/{owner}/{repo}/pulls/{number}/commits',
} as const;

export interface ListPullsQuery {
  state?: 'open' | 'closed' | 'all';
  head?: string;
  base?: string;
  sort?: 'created' | 'updated' | 'popularity' | 'long-running';
  direction?: 'asc' | 'desc';
}

export class PullsApi {
  constructor(private readonly core: HostingCore) {}

  list(owner: string, repo: string, query: ListPullsQuery = {}, options?: CallOptions) {
    return this.core.paginate(PULLS_ROUTES.list, { owner, repo, per_page: 100, ...query }, pullRequestSchema, options);
  }

  async get(owner: string, repo: string, number: number, options?: CallOptions) {
    return (await this.core.call(PULLS_ROUTES.get, { owner, repo, number }, pullRequestDetailedSchema, options)).data;
  }

  /** The pull request as a unified diff (`Accept: application/vnd.<vendor>.v3.diff`). */
  async getDiff(owner: string, repo: string, number: number, options?: CallOptions): Promise<string> {
    return (await this.core.call(PULLS_ROUTES.get, { owner, repo, number }, z.string(), { ...options, accept: this.core.media.diff })).data;
  }

  async create(owner: string, repo: string, input: { title: string; head: string; base: string; body?: string }, options?: CallOptions) {
    return (await this.core.call(PULLS_ROUTES.create, { owner, repo, ...input }, pullRequestDetailedSchema, options)).data;
  }

  listFiles(owner: string, repo: string, number: number, options?: CallOptions) {
    return this.core.paginate(PULLS_ROUTES.listFiles, { owner, repo, number, per_page: 100 }, pullRequestFileSchema, options);
  }

  listCommits(owner: string, repo: string, number: number, options?: CallOptions) {
    return this.core.paginate(PULLS_ROUTES.listCommits, { owner, repo, number, per_page: 100 }, commitSummarySchema, options);
  }
}
