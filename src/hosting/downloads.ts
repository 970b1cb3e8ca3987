import type { CallOptions, HostingCore } from './transport';
import { downloadSchema } from './schemas/misc';

export const DOWNLOADS_ROUTES = {
  list: 'GET /repos/{owner}/{repo}/downloads',
  get: 'GET /repos/{owner}/{repo}/downloads/{id}',
  delete: 'DELETE /repos/{owner}/{repo}/downloads/{id}',
} as const;

/** Downloads (deprecated since 2012; releases replace them). */
export class DownloadsApi {
  constructor(private readonly core: HostingCore) {}

  list(owner: string, repo: string, options?: CallOptions) {
    return this.core.paginate(DOWNLOADS_ROUTES.list, { owner, repo, per_page: 100 }, downloadSchema, options);
  }

  async get(owner: string, repo: string, id: number, options?: CallOptions) {
    return (await this.core.call(DOWNLOADS_ROUTES.get, { owner, repo, id }, downloadSchema, options)).data;
  }

  delete(owner: string, repo: string, id: number, options?: CallOptions) {
    return this.core.callNoContent(DOWNLOADS_ROUTES.delete, { owner, repo, id }, options);
  }
}
