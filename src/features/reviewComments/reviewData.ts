// Review comments as the views read them: the client's schema plus
// `in_reply_to_id`, which the service sends on replies and which the views
// need to rebuild threads.
import { z } from 'zod';
import type { CallOptions, HostingClient } from '../../hosting';
import { REVIEW_COMMENTS_ROUTES } from '../../hosting/reviewComments';
import { reviewCommentSchema } from '../../hosting/schemas/comments';

export const threadedCommentSchema = reviewCommentSchema.extend({ in_reply_to_id: z.number().int().nullable().optional() });
export type ThreadedComment = z.infer<typeof threadedCommentSchema>;

export function listPullComments(client: HostingClient, owner: string, repo: string, number: number, options?: CallOptions): AsyncIterable<ThreadedComment> {
  return client.core.paginate(REVIEW_COMMENTS_ROUTES.listForPull, { owner, repo, number, per_page: 100 }, threadedCommentSchema, options);
}

export function listRepoComments(client: HostingClient, owner: string, repo: string, query: { sort?: 'created' | 'updated'; direction?: 'asc' | 'desc'; since?: string }, options?: CallOptions): AsyncIterable<ThreadedComment> {
  return client.core.paginate(REVIEW_COMMENTS_ROUTES.listForRepo, { owner, repo, per_page: 100, ...query }, threadedCommentSchema, options);
}

export async function collectAll<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
