// The legacy search shapes (deprecated endpoints, loosely typed by the service itself).
import * as z from 'zod/mini';

const text = z.nullable(z.string());
const num = z.number();

const legacyIssueSchema = z.object({
  gravatar_id: text,
  position: num,
  number: num,
  votes: num,
  created_at: text,
  comments: num,
  body: text,
  title: z.string(),
  updated_at: text,
  html_url: z.string(),
  user: z.string(),
  labels: z.array(z.string()),
  state: z.string(),
});
const legacyRepositorySchema = z.object({
  type: z.string(),
  created: text,
  watchers: num,
  has_downloads: z.boolean(),
  username: z.string(),
  homepage: text,
  url: z.string(),
  fork: z.boolean(),
  has_issues: z.boolean(),
  has_wiki: z.boolean(),
  forks: num,
  size: num,
  private: z.boolean(),
  followers: num,
  name: z.string(),
  owner: z.string(),
  open_issues: num,
  pushed_at: text,
  score: num,
  pushed: text,
  description: text,
  language: text,
  created_at: text,
});
const legacyUserSchema = z.object({
  gravatar_id: text,
  name: text,
  created_at: text,
  location: text,
  public_repo_count: num,
  followers: num,
  language: text,
  fullname: text,
  username: z.string(),
  id: z.string(),
  repos: num,
  type: z.string(),
  followers_count: num,
  login: z.string(),
  score: num,
  created: text,
});
const legacyEmailUserSchema = z.object({
  public_repo_count: num,
  public_gist_count: num,
  followers_count: num,
  following_count: num,
  created: text,
  created_at: text,
  name: text,
  company: text,
  blog: text,
  location: text,
  email: text,
  id: z.int(),
  login: z.string(),
  type: z.string(),
  gravatar_id: text,
});

export const legacyIssueSearchSchema = z.object({ issues: z.array(legacyIssueSchema) });
export const legacyRepoSearchSchema = z.object({ repositories: z.array(legacyRepositorySchema) });
export const legacyUserSearchSchema = z.object({ users: z.array(legacyUserSchema) });
export const legacyEmailSearchSchema = z.object({ user: legacyEmailUserSchema });
