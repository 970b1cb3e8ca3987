import type { CallOptions, HostingCore } from './core';
import { z } from 'zod';
import { releaseAssetSchema, releaseSchema } from './schemas/releases';

export const RELEASES_ROUTES = {
  list: 'GET /repos/{owner}/{repo}/releases',
  get: 'GET /repos/{owner}/{repo}/releases/{id}',
  create: 'POST /repos/{owner}/{repo}/releases',
  update: 'PATCH /repos/{owner}/{repo}/releases/{id}',
  // Beyond the spec's table, as the service and the emulator have it (docs/EMULATOR.md): 204, the tag stays.
  delete: 'DELETE /repos/{owner}/{repo}/releases/{id}',
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

  /** Deletes the release; its git tag stays. */
  delete(owner: string, repo: string, id: number, options?: CallOptions): Promise<void> {
    return this.core.callNoContent(RELEASES_ROUTES.delete, { owner, repo, id }, options);
  }

  /** Uploads bytes through the release's `upload_url` template (`{?name}`); the body is the file itself. */
  async uploadAsset(release: { upload_url: string }, name: string, bytes: Uint8Array, contentType: string, options?: CallOptions) {
    return (await this.core.call(`POST ${release.upload_url}`, { name, data: bytes, headers: { 'content-type': contentType } }, releaseAssetSchema, options)).data;
  }

  /** The asset's bytes, exactly as uploaded, from its `browser_download_url`. */
  async downloadAsset(asset: { browser_download_url: string }, options?: CallOptions): Promise<Uint8Array> {
    const res = await this.core.call(`GET ${asset.browser_download_url}`, {}, z.unknown(), { ...options, accept: 'application/octet-stream' });
    const data = res.data;
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (data instanceof Uint8Array) return data;
    // A textual asset (text/*, JSON) arrives decoded.
    return new TextEncoder().encode(typeof data === 'string' ? data : JSON.stringify(data));
  }
}
