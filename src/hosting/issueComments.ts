import type { CallOptions, HostingCore } from './transport';
import { withBodyFormat, type CommentCallOptions } from './bodyFormat';
import { issueCommentSchema } from './schemas/comments';

export const ISSUE_COMMENTS_ROUTES = {
  listForIssue: 'GET /repos/{owner}/{repo}/issues/{number}/comments',
  listForRepo: 'GET /repos/{owner}/{repo}/issues/comments',
  get: 'GET /repos/{owner}/{repo}/issues/comments/{id}',
  create: 'POST /repos/{owner}/{repo}/issues/{number}/comments',
  update: 'PATCH /repos/{owner}/{repo}/issues/comments/{id}',
  delete: 'DELETE /repos/{owner}/{repo}/issues/comments/{id}',
} as const;

/** Issue comments; they also apply to pull requests (same number). */
export class IssueCommentsApi {
  constructor(private readonly core: HostingCore) {}

  listForIssue(owner: string, repo: string, number: number, options?: CommentCallOptions) {
    return this.core.paginate(
      ISSUE_COMMENTS_ROUTES.listForIssue,
      { owner, repo, number, per_page: 100 },
      issueCommentSchema,
      withBodyFormat(this.core, options),
    );
  }

  listForRepo(
    owner: string,
    repo: string,
    query: { sort?: 'created' | 'updated'; direction?: 'asc' | 'desc'; since?: string } = {},
    options?: CommentCallOptions,
  ) {
    return this.core.paginate(
      ISSUE_COMMENTS_ROUTES.listForRepo,
      { owner, repo, per_page: 100, ...query },
      issueCommentSchema,
      withBodyFormat(this.core, options),
    );
  }

  async get(owner: string, repo: string, id: number, options?: CommentCallOptions) {
    return (await this.core.call(ISSUE_COMMENTS_ROUTES.get, { owner, repo, id }, issueCommentSchema, withBodyFormat(this.core, options))).data;
  }

  async create(owner: string, repo: string, number: number, body: string, options?: CommentCallOptions) {
    return (await this.core.call(ISSUE_COMMENTS_ROUTES.create, { owner, repo, number, body }, issueCommentSchema, withBodyFormat(this.core, options))).data;
  }

  async update(owner: string, repo: string, id: number, body: string, options?: CommentCallOptions) {
    return (await this.core.call(ISSUE_COMMENTS_ROUTES.update, { owner, repo, id, body }, issueCommentSchema, withBodyFormat(this.core, options))).data;
  }

  delete(owner: string, repo: string, id: number, options?: CallOptions) {
    return this.core.callNoContent(ISSUE_COMMENTS_ROUTES.delete, { owner, repo, id }, options);
  }
}
