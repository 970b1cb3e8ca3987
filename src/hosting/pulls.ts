import * as z from 'zod/mini';
import type { CallOptions, HostingCore } from './transport';
import { commitSummarySchema } from './schemas/git';
import { pullRequestDetailedSchema, pullRequestFileSchema, pullRequestSchema } from './schemas/pulls';

export const PULLS_ROUTES = {
  list: 'GET /repos/{owner}/{repo}/pulls',
  get: 'GET /repos/{owner}/{repo}/pulls/{number}',
  // Decided rows: docs/service-api/hosting/pulls §5.
  create: 'POST /repos/{owner}/{repo}/pulls',
  update: 'PATCH /repos/{owner}/{repo}/pulls/{number}',
  checkMerged: 'GET /repos/{owner}/{repo}/pulls/{number}/merge',
  merge: 'PUT /repos/{owner}/{repo}/pulls/{number}/merge',
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

const mergeResultSchema = z.object({ sha: z.string(), merged: z.boolean(), message: z.string() });

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

  /** Title, body or state (`closed` closes, `open` reopens; a merged pull request stays closed). */
  async update(owner: string, repo: string, number: number, input: { title?: string; body?: string; state?: 'open' | 'closed' }, options?: CallOptions) {
    return (await this.core.call(PULLS_ROUTES.update, { owner, repo, number, ...input }, pullRequestDetailedSchema, options)).data;
  }

  /** 204 when merged, 404 when not. */
  checkMerged(owner: string, repo: string, number: number, options?: CallOptions): Promise<boolean> {
    return this.core.check(PULLS_ROUTES.checkMerged, { owner, repo, number }, options);
  }

  /**
   * Merges with the merge button's commit. `sha`: the head the user reviewed
   * (409 when the head moved since); 405 when it cannot be merged.
   */
  async merge(owner: string, repo: string, number: number, input: { commit_message?: string; sha?: string } = {}, options?: CallOptions) {
    return (await this.core.call(PULLS_ROUTES.merge, { owner, repo, number, ...input }, mergeResultSchema, options)).data;
  }

  listFiles(owner: string, repo: string, number: number, options?: CallOptions) {
    return this.core.paginate(PULLS_ROUTES.listFiles, { owner, repo, number, per_page: 100 }, pullRequestFileSchema, options);
  }

  listCommits(owner: string, repo: string, number: number, options?: CallOptions) {
    return this.core.paginate(PULLS_ROUTES.listCommits, { owner, repo, number, per_page: 100 }, commitSummarySchema, options);
  }
}
