import type { CallOptions, HostingCore, ListAllOptions } from './transport';
import { withBodyFormat, type CommentCallOptions } from './bodyFormat';
import { reviewCommentSchema, type ReviewComment } from './schemas/comments';

export const REVIEW_COMMENTS_ROUTES = {
  listForPull: 'GET /repos/{owner}/{repo}/pulls/{number}/comments',
  listForRepo: 'GET /repos/{owner}/{repo}/pulls/comments',
  get: 'GET /repos/{owner}/{repo}/pulls/comments/{number}',
  create: 'POST /repos/{owner}/{repo}/pulls/{number}/comments',
  update: 'PATCH /repos/{owner}/{repo}/pulls/comments/{number}',
  delete: 'DELETE /repos/{owner}/{repo}/pulls/comments/{number}',
} as const;

/** Either a new comment on a diff line, or a reply to an existing comment. */
export type NewReviewComment = { body: string; commit_id: string; path: string; position: number } | { body: string; in_reply_to: number };

export class ReviewCommentsApi {
  constructor(private readonly core: HostingCore) {}

  listForPull(owner: string, repo: string, number: number, options?: CommentCallOptions) {
    return this.core.paginate(
      REVIEW_COMMENTS_ROUTES.listForPull,
      { owner, repo, number, per_page: 100 },
      reviewCommentSchema,
      withBodyFormat(this.core, options),
    );
  }

  /** Every comment of the pull request at once (its pages read together: see HostingCore.listAll). */
  listAllForPull(owner: string, repo: string, number: number, options: CommentCallOptions & Pick<ListAllOptions<ReviewComment>, 'onFirstPage'> = {}) {
    const { onFirstPage, ...rest } = options;
    return this.core.listAll(REVIEW_COMMENTS_ROUTES.listForPull, { owner, repo, number, per_page: 100 }, reviewCommentSchema, {
      ...withBodyFormat(this.core, rest),
      onFirstPage,
    });
  }

  listForRepo(
    owner: string,
    repo: string,
    query: { sort?: 'created' | 'updated'; direction?: 'asc' | 'desc'; since?: string } = {},
    options?: CommentCallOptions,
  ) {
    return this.core.paginate(
      REVIEW_COMMENTS_ROUTES.listForRepo,
      { owner, repo, per_page: 100, ...query },
      reviewCommentSchema,
      withBodyFormat(this.core, options),
    );
  }

  async get(owner: string, repo: string, id: number, options?: CommentCallOptions) {
    return (await this.core.call(REVIEW_COMMENTS_ROUTES.get, { owner, repo, number: id }, reviewCommentSchema, withBodyFormat(this.core, options))).data;
  }

  async create(owner: string, repo: string, pullNumber: number, input: NewReviewComment, options?: CommentCallOptions) {
    return (
      await this.core.call(
        REVIEW_COMMENTS_ROUTES.create,
        { owner, repo, number: pullNumber, ...input },
        reviewCommentSchema,
        withBodyFormat(this.core, options),
      )
    ).data;
  }

  async update(owner: string, repo: string, id: number, body: string, options?: CommentCallOptions) {
    return (await this.core.call(REVIEW_COMMENTS_ROUTES.update, { owner, repo, number: id, body }, reviewCommentSchema, withBodyFormat(this.core, options)))
      .data;
  }

  delete(owner: string, repo: string, id: number, options?: CallOptions) {
    return this.core.callNoContent(REVIEW_COMMENTS_ROUTES.delete, { owner, repo, number: id }, options);
  }
}
