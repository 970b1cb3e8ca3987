import type { CallOptions, HostingCore } from './core';
import { releaseSchema } from './schemas/releases';

export const RELEASES_ROUTES = {
  list: 'GET /repos/{owner}/{repo}/releases',
  get: 'GET /repos/{owner}/{repo}/releases/{id}',
  create: 'POST /repos/{owner}/{repo}/releases',
  update: 'PATCH /repos/{owner}/{repo}/releases/{id}',
} as const;

export interface ReleaseInput {
  tag_name: string;
  target_commitish?: string;
  name?: string;
  body?: string;
  draft?: boolean;
  prerelease?: boolean;
}

export class ReleasesApi {
  constructor(private readonly core: HostingCore) {}

  list(owner: string, repo: string, options?: CallOptions) {
    return this.core.paginate(RELEASES_ROUTES.list, { owner, repo, per_page: 100 }, releaseSchema, options);
  }

  async get(owner: string, repo: string, id: number, options?: CallOptions) {
    return (await this.core.call(RELEASES_ROUTES.get, { owner, repo, id }, releaseSchema, options)).data;
  }

  async create(owner: string, repo: string, input: ReleaseInput, options?: CallOptions) {
    return (await this.core.call(RELEASES_ROUTES.create, { owner, repo, ...input }, releaseSchema, options)).data;
  }

  /** `draft: false` publishes a draft; `draft: true` turns a release back into one. */
  async update(owner: string, repo: string, id: number, input: Partial<ReleaseInput>, options?: CallOptions) {
    return (await this.core.call(RELEASES_ROUTES.update, { owner, repo, id, ...input }, releaseSchema, options)).data;
  }
}
