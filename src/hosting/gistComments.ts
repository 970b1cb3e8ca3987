import type { CallOptions, HostingCore } from './transport';
import { withBodyFormat, type CommentCallOptions } from './bodyFormat';
import { gistCommentSchema } from './schemas/comments';

export const GIST_COMMENTS_ROUTES = {
  list: 'GET /gists/{gist_id}/comments',
  get: 'GET /gists/{gist_id}/comments/{id}',
  create: 'POST /gists/{gist_id}/comments',
  update: 'PATCH /gists/{gist_id}/comments/{id}',
  delete: 'DELETE /gists/{gist_id}/comments/{id}',
} as const;

export class GistCommentsApi {
  constructor(private readonly core: HostingCore) {}

  list(gistId: string, options?: CommentCallOptions) {
    return this.core.paginate(GIST_COMMENTS_ROUTES.list, { gist_id: gistId, per_page: 100 }, gistCommentSchema, withBodyFormat(this.core, options));
  }

  async get(gistId: string, id: number, options?: CommentCallOptions) {
    return (await this.core.call(GIST_COMMENTS_ROUTES.get, { gist_id: gistId, id }, gistCommentSchema, withBodyFormat(this.core, options))).data;
  }

  async create(gistId: string, body: string, options?: CommentCallOptions) {
    return (await this.core.call(GIST_COMMENTS_ROUTES.create, { gist_id: gistId, body }, gistCommentSchema, withBodyFormat(this.core, options))).data;
  }

  async update(gistId: string, id: number, body: string, options?: CommentCallOptions) {
    return (await this.core.call(GIST_COMMENTS_ROUTES.update, { gist_id: gistId, id, body }, gistCommentSchema, withBodyFormat(this.core, options))).data;
  }

  delete(gistId: string, id: number, options?: CallOptions) {
    return this.core.callNoContent(GIST_COMMENTS_ROUTES.delete, { gist_id: gistId, id }, options);
  }
}
