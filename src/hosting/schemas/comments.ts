import * as z from 'zod/mini';
import { href, timestamp, userSummarySchema } from './common';

// Bodies may come in several representations (raw/text/html/full media types).
const bodies = {
  body: z.optional(z.string()),
  body_text: z.optional(z.string()),
  body_html: z.optional(z.string()),
};

export const reviewCommentSchema = z.object({
  url: z.string(),
  id: z.int(),
  diff_hunk: z.string(),
  path: z.string(),
  position: z.nullable(z.int()),
  original_position: z.nullable(z.int()),
  commit_id: z.string(),
  original_commit_id: z.string(),
  user: userSummarySchema,
  ...bodies,
  created_at: timestamp,
  updated_at: timestamp,
  html_url: z.string(),
  pull_request_url: z.string(),
  _links: z.object({ self: href, html: href, pull_request: href }),
  // Not among the spec's fields, but sent on replies (the root comment's id,
  // as POST's `in_reply_to` names it; null on a root): threads are rebuilt
  // from it. A service that leaves it out still works (threads by place).
  in_reply_to_id: z.optional(z.nullable(z.int())),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

export const issueCommentSchema = z.object({
  id: z.int(),
  url: z.string(),
  html_url: z.string(),
  ...bodies,
  user: userSummarySchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type IssueComment = z.infer<typeof issueCommentSchema>;

export const gistCommentSchema = z.object({
  id: z.int(),
  url: z.string(),
  ...bodies,
  user: userSummarySchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type GistComment = z.infer<typeof gistCommentSchema>;
