import * as z from 'zod/mini';
import { href, nullableString, timestamp, userSummarySchema } from './common';
import { repositorySummarySchema } from './repos';

const branchSchema = z.object({
  label: z.string(),
  ref: z.string(),
  sha: z.string(),
  user: z.nullable(userSummarySchema),
  // The head repository is null once it has been deleted.
  repo: z.nullable(repositorySummarySchema),
});

export const pullRequestSchema = z.object({
  url: z.string(),
  html_url: z.string(),
  diff_url: z.string(),
  patch_url: z.string(),
  issue_url: z.string(),
  commits_url: z.string(),
  review_comments_url: z.string(),
  review_comment_url: z.string(),
  comments_url: z.string(),
  statuses_url: z.string(),
  number: z.int(),
  state: z.enum(['open', 'closed']),
  title: z.string(),
  body: nullableString,
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: z.nullable(timestamp),
  merged_at: z.nullable(timestamp),
  head: branchSchema,
  base: branchSchema,
  _links: z.object({
    self: href,
    html: href,
    issue: href,
    comments: href,
    review_comments: href,
    review_comment: href,
    commits: href,
    statuses: href,
  }),
  user: userSummarySchema,
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/** The single pull request also carries these (docs/service-api/hosting/pulls §4). */
export const pullRequestDetailedSchema = z.extend(pullRequestSchema, {
  merged: z.boolean(),
  mergeable: z.nullable(z.boolean()),
  comments: z.int(),
  review_comments: z.int(),
  commits: z.int(),
  additions: z.int(),
  deletions: z.int(),
  changed_files: z.int(),
});
export type PullRequestDetailed = z.infer<typeof pullRequestDetailedSchema>;

export const pullRequestFileSchema = z.object({
  sha: z.string(),
  filename: z.string(),
  status: z.string(),
  additions: z.int(),
  deletions: z.int(),
  changes: z.int(),
  patch: z.optional(z.string()),
});
export type PullRequestFile = z.infer<typeof pullRequestFileSchema>;
