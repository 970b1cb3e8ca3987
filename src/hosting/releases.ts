import type { CallOptions, HostingCore } from './transport';
import * as z from 'zod/mini';
import { releaseAssetSchema, releaseSchema } from './schemas/releases';

export const RELEASES_ROUTES = {
  list: 'GET /repos/{owner}/{repo}/releases',
  get: 'GET /repos/{owner}/{repo}/releases/{id}',
  create: 'POST /repos/{owner}/{repo}/releases',
  update: 'PATCH /repos/{owner}/{repo}/releases/{id}',
  // Beyond the spec's table, as the service and the emulator have it (docs/EMULATOR.md): 204, the tag stays.
  delete: 'DELETE /repos/{owner}/{repo}/releases/{id}',
  // Assets: "not shown" by the documents; the service family's routes, as the emulator serves them (docs/EMULATOR.md).
  listAssets: 'GET /repos/{owner}/{repo}/releases/{id}/assets',
  getAsset: 'GET /repos/{owner}/{repo}/releases/assets/{id}',
  updateAsset: 'PATCH /repos/{owner}/{repo}/releases/assets/{id}',
  deleteAsset: 'DELETE /repos/{owner}/{repo}/releases/assets/{id}',
} as const;

/**
 * The upload URL for an asset: the release's `upload_url` template
 * (`{?name}` in the documents, `{?name,label}` from the real service)
 * expanded with the parameters that have a value, so a missing label leaves
 * no empty `&` or `label=`.
 */
export function uploadUrl(template: string, params: { name: string; label?: string }): string {
  const base = template.replace(/\{\?[^}]*\}$/, '');
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  return `${base}?${query.toString()}`;
}

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

  /** Uploads bytes through the release's `upload_url` template, with an optional label; the body is the file itself. */
  async uploadAsset(release: { upload_url: string }, name: string, bytes: Uint8Array, contentType: string, options?: CallOptions & { label?: string }) {
    const url = uploadUrl(release.upload_url, { name, ...(options?.label ? { label: options.label } : {}) });
    return (await this.core.call(`POST ${url}`, { data: bytes, headers: { 'content-type': contentType } }, releaseAssetSchema, options)).data;
  }

  listAssets(owner: string, repo: string, releaseId: number, options?: CallOptions) {
    return this.core.paginate(RELEASES_ROUTES.listAssets, { owner, repo, id: releaseId, per_page: 100 }, releaseAssetSchema, options);
  }

  async getAsset(owner: string, repo: string, id: number, options?: CallOptions) {
    return (await this.core.call(RELEASES_ROUTES.getAsset, { owner, repo, id }, releaseAssetSchema, options)).data;
  }

  /** Renames an asset or changes its label (`null` removes the label). */
  async updateAsset(owner: string, repo: string, id: number, input: { name?: string; label?: string | null }, options?: CallOptions) {
    return (await this.core.call(RELEASES_ROUTES.updateAsset, { owner, repo, id, ...input }, releaseAssetSchema, options)).data;
  }

  deleteAsset(owner: string, repo: string, id: number, options?: CallOptions): Promise<void> {
    return this.core.callNoContent(RELEASES_ROUTES.deleteAsset, { owner, repo, id }, options);
  }

  /**
   * The asset's bytes, exactly as uploaded, from its `browser_download_url`.
   * Read raw: parsed or decoded by its content type, a JSON asset came back
   * re-serialized (`{\n  "a": 1\n}` as `{"a":1}`; with a number beyond 2^53,
   * a TypeError) and a Latin-1 text with replacement characters.
   */
  async downloadAsset(asset: { browser_download_url: string }, options?: CallOptions): Promise<Uint8Array> {
    const res = await this.core.call(`GET ${asset.browser_download_url}`, {}, z.instanceof(ArrayBuffer), {
      ...options,
      accept: 'application/octet-stream',
      rawBody: true,
    });
    return new Uint8Array(res.data);
  }
}
