// The shape of a scenario file (`--seed <file>`, JSON or YAML): accounts,
// organizations and teams, repositories with their git history given as
// commits of whole files, pull requests with their comments, labels,
// releases, and the engagement service's users, contacts and cases. Field by
// field checks only; references between entries are checked in references.ts.
import { z } from 'zod';

const login = z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'must be letters, digits and "-" (at most 39), not starting with "-"');
const text = z.string().min(1, 'must not be empty');
/** Branch and tag names git accepts (a subset: no spaces, `..`, `~^:?*[\`, no leading or trailing `/` or `.`). */
const refName = z.string().regex(/^(?![./])(?!.*(?:\.\.|\/\/|@\{|\/\.|\.lock$|[./]$))[^\s~^:?*[\\\p{Cc}]+$/u, 'is not a valid git branch or tag name');
const repoName = z
  .string()
  .regex(/^(?!\.\.?$)(?!.*\.git$)[A-Za-z0-9._-]{1,100}$/, 'must be letters, digits, ".", "-" and "_" (at most 100), not ending in .git');
const filePath = z
  .string()
  .regex(/^(?![/"])(?!.*(?:^|\/)\.\.?(?:\/|$))(?!.*\/\/)(?!.*\/$)[^\p{Cc}]+$/u, 'must be a relative file path without "." or ".." parts');
const date = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time, e.g. 2026-01-05T10:00:00Z' });

const token = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_]{20,100}$/, 'must be 20 to 100 letters, digits or "_"'),
  scopes: z.array(z.string().min(1)).default([]),
  note: z.string().optional(),
});

const user = z.strictObject({
  login,
  name: z.string().optional(),
  email: z.email().optional(),
  password: z.string().min(8, 'must be at least 8 characters').optional(),
  site_admin: z.boolean().default(false),
  location: z.string().optional(),
  bio: z.string().optional(),
  tokens: z.array(token).default([]),
});

const team = z.strictObject({
  name: text,
  description: z.string().optional(),
  permission: z.enum(['pull', 'push', 'admin']).default('pull'),
  /** The organization's Owners team (admin of everything). */
  owners: z.boolean().default(false),
  members: z.array(login).default([]),
  /** Names of the organization's repositories the team may use. */
  repositories: z.array(repoName).default([]),
});

const organization = z.strictObject({
  login,
  name: z.string().optional(),
  description: z.string().optional(),
  email: z.email().optional(),
  location: z.string().optional(),
  teams: z.array(team).default([]),
  /** Members (through a team) whose membership is public. */
  public_members: z.array(login).default([]),
});

const commit = z.strictObject({
  /** A name for the commit that other entries (parents, tags, branches, review comments) use. */
  id: z.string().min(1).optional(),
  /** The branch the commit moves (default: the repository's default branch). */
  branch: refName.optional(),
  /** Parent commits by id (default: the branch's tip; none makes a root commit). Two or more make a merge. */
  parents: z.array(z.string().min(1)).optional(),
  author: login,
  message: text,
  /** Default: one hour after the repository's previous commit, the first at 2026-01-01T09:00:00Z (so the SHAs are the same on every load). */
  date: date.optional(),
  /** Whole contents by path; null deletes the file. */
  files: z.record(filePath, z.string().nullable()).default({}),
});

const tag = z.strictObject({
  name: refName,
  commit: z.string().min(1),
  /** An annotated tag when given. */
  message: z.string().optional(),
  tagger: login.optional(),
});

const label = z.strictObject({
  name: text,
  color: z.string().regex(/^[0-9a-fA-F]{6}$/, 'must be six hexadecimal digits, e.g. fc2929'),
});

const reply = z.strictObject({ author: login, body: text });

const reviewComment = z.strictObject({
  author: login,
  body: text,
  path: filePath,
  /** Line of the diff of the file, counted from its first hunk header, as the API's `position`. */
  position: z.number().int().positive(),
  /** The commit (by id) the comment is on; default the pull request's head. */
  commit: z.string().min(1).optional(),
  replies: z.array(reply).default([]),
});

const pull = z.strictObject({
  title: text,
  body: z.string().optional(),
  author: login,
  head: refName,
  base: refName.optional(),
  state: z.enum(['open', 'closed', 'merged']).default('open'),
  /** Who closed or merged it (default: the author). */
  closed_by: login.optional(),
  labels: z.array(text).default([]),
  review_comments: z.array(reviewComment).default([]),
  comments: z.array(reply).default([]),
});

const release = z.strictObject({
  tag: refName,
  /** Branch or commit id the tag is made from (default: the default branch). */
  target: z.string().min(1).optional(),
  name: z.string().optional(),
  body: z.string().optional(),
  author: login,
  draft: z.boolean().default(false),
  prerelease: z.boolean().default(false),
});

const repository = z.strictObject({
  owner: login,
  name: repoName,
  description: z.string().optional(),
  homepage: z.url().optional(),
  private: z.boolean().default(false),
  default_branch: refName.default('master'),
  commits: z.array(commit).default([]),
  /** More branches: name → commit id. */
  branches: z.record(refName, z.string().min(1)).default({}),
  tags: z.array(tag).default([]),
  labels: z.array(label).default([]),
  pulls: z.array(pull).default([]),
  releases: z.array(release).default([]),
});

const engagementUser = z.strictObject({ user_name: text, api_key: text, password: text });

const profile = z.strictObject({
  source: z.enum(['email', 'twitter', 'facebook', 'custom']),
  ext_id: text,
  user_name: z.string().optional(),
});

const contact = z.strictObject({
  /** A name for the contact that cases use. */
  id: text,
  name: text,
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  crm_id: z.string().optional(),
  tags: z.array(text).default([]),
  notes: z.array(text).default([]),
  profiles: z.array(profile).min(1, 'must list at least one profile'),
});

const message = z.strictObject({ direction: z.enum(['in', 'out']), content: text, date: date.optional() });

const supportCase = z.strictObject({
  contact: text,
  subject: text,
  campaign: text.default('General'),
  source: z.string().optional(),
  state: z.enum(['Arrived', 'Open', 'Closed']).default('Arrived'),
  /** `owner/name` of a repository of the file: tagged `repo:owner/name`. */
  repository: z.string().optional(),
  /** Number of a pull request of that repository: tagged `pr:<n>`. */
  pull: z.number().int().positive().optional(),
  tags: z.array(text).default([]),
  date: date.optional(),
  messages: z.array(message).default([]),
});

const engagement = z.strictObject({
  users: z.array(engagementUser).default([]),
  campaigns: z.array(text).default([]),
  contacts: z.array(contact).default([]),
  cases: z.array(supportCase).default([]),
});

export const scenarioSchema = z.strictObject({
  users: z.array(user).default([]),
  organizations: z.array(organization).default([]),
  repositories: z.array(repository).default([]),
  engagement: engagement.default({ users: [], campaigns: [], contacts: [], cases: [] }),
});

/** A scenario file once its fields are checked, with every default filled in. */
export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioRepository = Scenario['repositories'][number];
