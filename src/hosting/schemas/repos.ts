import * as z from 'zod/mini';
import { nullableString, organizationSchema, timestamp, userSummarySchema } from './common';

/** The minimal form of `GET /repositories`. */
export const repositoryMinimalSchema = z.object({
  id: z.int(),
  owner: userSummarySchema,
  name: z.string(),
  full_name: z.string(),
  description: nullableString,
  private: z.boolean(),
  fork: z.boolean(),
  url: z.string(),
  html_url: z.string(),
});
export type RepositoryMinimal = z.infer<typeof repositoryMinimalSchema>;

export const repositorySummarySchema = z.extend(repositoryMinimalSchema, {
  clone_url: z.string(),
  git_url: z.string(),
  ssh_url: z.string(),
  svn_url: z.string(),
  mirror_url: nullableString,
  homepage: nullableString,
  language: nullableString,
  forks_count: z.int(),
  stargazers_count: z.int(),
  watchers_count: z.int(),
  size: z.int(),
  open_issues_count: z.int(),
  default_branch: z.string(),
  has_issues: z.boolean(),
  has_wiki: z.boolean(),
  has_downloads: z.boolean(),
  pushed_at: z.nullable(timestamp),
  created_at: timestamp,
  updated_at: timestamp,
  permissions: z.optional(z.object({ admin: z.boolean(), push: z.boolean(), pull: z.boolean() })),
});
export type RepositorySummary = z.infer<typeof repositorySummarySchema>;

export const repositoryDetailedSchema = z.extend(repositorySummarySchema, {
  subscribers_count: z.int(),
  organization: z.optional(z.nullable(organizationSchema)),
  // Present only for a fork.
  parent: z.optional(repositorySummarySchema),
  source: z.optional(repositorySummarySchema),
});
