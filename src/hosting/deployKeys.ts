import type { CallOptions, HostingCore } from './transport';
import { deployKeySchema } from './schemas/misc';

export const DEPLOY_KEYS_ROUTES = {
  list: 'GET /repos/{owner}/{repo}/keys',
  get: 'GET /repos/{owner}/{repo}/keys/{id}',
  create: 'POST /repos/{owner}/{repo}/keys',
  delete: 'DELETE /repos/{owner}/{repo}/keys/{id}',
} as const;

/** Deploy keys are immutable: to change one, delete it and create another. */
export class DeployKeysApi {
  constructor(private readonly core: HostingCore) {}

  list(owner: string, repo: string, options?: CallOptions) {
    return this.core.paginate(DEPLOY_KEYS_ROUTES.list, { owner, repo, per_page: 100 }, deployKeySchema, options);
  }

  async get(owner: string, repo: string, id: number, options?: CallOptions) {
    return (await this.core.call(DEPLOY_KEYS_ROUTES.get, { owner, repo, id }, deployKeySchema, options)).data;
  }

  async create(owner: string, repo: string, input: { title: string; key: string }, options?: CallOptions) {
    return (await this.core.call(DEPLOY_KEYS_ROUTES.create, { owner, repo, ...input }, deployKeySchema, options)).data;
  }

  delete(owner: string, repo: string, id: number, options?: CallOptions) {
    return this.core.callNoContent(DEPLOY_KEYS_ROUTES.delete, { owner, repo, id }, options);
  }
}
