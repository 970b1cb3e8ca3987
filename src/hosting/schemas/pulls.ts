import { z } from 'zod';
import { href, nullableString, timestamp, userSummarySchema } from './common';
import { repositorySummarySchema } from './repos';

const branchSchema = z.object({
  label: z.string(),
  ref: z.string(),
  sha: z.string(),
  user: userSummarySchema.nullable(),
  // The head repository is null once it has been deleted.
  repo: repositorySummarySchema.nullable(),
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
  number: z.number().int(),
  state: z.enum(['open', 'closed']),
  title: z.string(),
  body: nullableString,
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: timestamp.nullable(),
  merged_at: timestamp.nullable(),
  head: branchSchema,
  base: branchSchema,
  _links: z.object({
    self: href, html: href, issue: href, comments: href, review_comments: href, review_comment: href, commits: href, statuses: href,
  }),
  user: userSummarySchema,
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/** The single pull request also carries these (spec README). */
export const pullRequestDetailedSchema = pullRequestSchema.extend({
  merged: z.boolean(),
  mergeable: z.boolean().nullable(),
  comments: z.number().int(),
  review_comments: z.number().int(),
  commits: z.number().int(),
  additions: z.number().int(),
  deletions: z.number().int(),
  changed_files: z.number().int(),
});
export type PullRequestDetailed = z.infer<typeof pullRequestDetailedSchema>;

export const pullRequestFileSchema = z.object({
  sha: z.string(),
  filename: z.string(),
  status: z.string(),
  additions: z.number().int(),
  deletions: z.number().int(),
  changes: z.number().int(),
  patch: z.string().optional(),
});
export type PullRequestFile = z.infer<typeof pullRequestFileSchema>;
