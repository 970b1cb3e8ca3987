import { z } from 'zod';
import { nullableString, organizationSchema, timestamp, userSummarySchema } from './common';

/** The minimal form of `GET /repositories`. */
export const repositoryMinimalSchema = z.object({
  id: z.number().int(),
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

export const repositorySummarySchema = repositoryMinimalSchema.extend({
  clone_url: z.string(),
  git_url: z.string(),
  ssh_url: z.string(),
  svn_url: z.string(),
  mirror_url: nullableString,
  homepage: nullableString,
  language: nullableString,
  forks_count: z.number().int(),
  stargazers_count: z.number().int(),
  watchers_count: z.number().int(),
  size: z.number().int(),
  open_issues_count: z.number().int(),
  default_branch: z.string(),
  has_issues: z.boolean(),
  has_wiki: z.boolean(),
  has_downloads: z.boolean(),
  pushed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  permissions: z.object({ admin: z.boolean(), push: z.boolean(), pull: z.boolean() }).optional(),
});
export type RepositorySummary = z.infer<typeof repositorySummarySchema>;

export const repositoryDetailedSchema = repositorySummarySchema.extend({
  subscribers_count: z.number().int(),
  organization: organizationSchema.nullable().optional(),
  // Present only for a fork.
  parent: repositorySummarySchema.optional(),
  source: repositorySummarySchema.optional(),
});
export type RepositoryDetailed = z.infer<typeof repositoryDetailedSchema>;
