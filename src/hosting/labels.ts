import * as z from 'zod/mini';
import type { CallOptions, HostingCore } from './transport';
import { labelSchema } from './schemas/misc';

export const LABELS_ROUTES = {
  listForRepo: 'GET /repos/{owner}/{repo}/labels',
  get: 'GET /repos/{owner}/{repo}/labels/{name}',
  create: 'POST /repos/{owner}/{repo}/labels',
  update: 'PATCH /repos/{owner}/{repo}/labels/{name}',
  delete: 'DELETE /repos/{owner}/{repo}/labels/{name}',
  listForIssue: 'GET /repos/{owner}/{repo}/issues/{number}/labels',
  addToIssue: 'POST /repos/{owner}/{repo}/issues/{number}/labels',
  removeFromIssue: 'DELETE /repos/{owner}/{repo}/issues/{number}/labels/{name}',
  replaceForIssue: 'PUT /repos/{owner}/{repo}/issues/{number}/labels',
  removeAllFromIssue: 'DELETE /repos/{owner}/{repo}/issues/{number}/labels',
  listForMilestone: 'GET /repos/{owner}/{repo}/milestones/{number}/labels',
} as const;

/** Labels; `color` is 6 hex digits without `#`. */
export class LabelsApi {
  constructor(private readonly core: HostingCore) {}

  listForRepo(owner: string, repo: string, options?: CallOptions) {
    return this.core.paginate(LABELS_ROUTES.listForRepo, { owner, repo, per_page: 100 }, labelSchema, options);
  }

  async get(owner: string, repo: string, name: string, options?: CallOptions) {
    return (await this.core.call(LABELS_ROUTES.get, { owner, repo, name }, labelSchema, options)).data;
  }

  async create(owner: string, repo: string, input: { name: string; color: string }, options?: CallOptions) {
    return (await this.core.call(LABELS_ROUTES.create, { owner, repo, ...input }, labelSchema, options)).data;
  }

  async update(owner: string, repo: string, currentName: string, input: { name: string; color: string }, options?: CallOptions) {
    // The new name travels in the body; the path names the label as it is now.
    return (await this.core.call(LABELS_ROUTES.update, { owner, repo, data: input, name: currentName }, labelSchema, options)).data;
  }

  delete(owner: string, repo: string, name: string, options?: CallOptions) {
    return this.core.callNoContent(LABELS_ROUTES.delete, { owner, repo, name }, options);
  }

  listForIssue(owner: string, repo: string, number: number, options?: CallOptions) {
    return this.core.paginate(LABELS_ROUTES.listForIssue, { owner, repo, number, per_page: 100 }, labelSchema, options);
  }

  /** Adds labels by name; answers with all labels of the issue. */
  async addToIssue(owner: string, repo: string, number: number, names: string[], options?: CallOptions) {
    return (await this.core.call(LABELS_ROUTES.addToIssue, { owner, repo, number, data: names }, z.array(labelSchema), options)).data;
  }

  /** Removes one label; answers with the remaining ones. */
  async removeFromIssue(owner: string, repo: string, number: number, name: string, options?: CallOptions) {
    return (await this.core.call(LABELS_ROUTES.removeFromIssue, { owner, repo, number, name }, z.array(labelSchema), options)).data;
  }

  /** Replaces all labels; an empty list removes them all. */
  async replaceForIssue(owner: string, repo: string, number: number, names: string[], options?: CallOptions) {
    return (await this.core.call(LABELS_ROUTES.replaceForIssue, { owner, repo, number, data: names }, z.array(labelSchema), options)).data;
  }

  removeAllFromIssue(owner: string, repo: string, number: number, options?: CallOptions) {
    return this.core.callNoContent(LABELS_ROUTES.removeAllFromIssue, { owner, repo, number }, options);
  }

  listForMilestone(owner: string, repo: string, number: number, options?: CallOptions) {
    return this.core.paginate(LABELS_ROUTES.listForMilestone, { owner, repo, number, per_page: 100 }, labelSchema, options);
  }
}
