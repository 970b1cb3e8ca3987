// The shape of a scenario file (`--seed <file>`, JSON or YAML): accounts,
// organizations and teams, repositories with their git history given as
// commits of whole files, pull requests with their comments, labels,
// releases, and the engagement service's users, contacts and cases. Field by
// field checks only; references between entries are checked in references.ts.
import { z } from 'zod';
import { RELATIVE_DATE } from './dates';

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
/** An ISO date, or a time before the seed: `-90s`, `-45m`, `-3h`, `-2d`, `-1w` (dates.ts). */
const when = z.union([z.string().regex(RELATIVE_DATE), date], {
  error: 'must be an ISO 8601 date and time (e.g. 2026-01-05T10:00:00Z) or a time before the seed (e.g. -3h, -2d)',
});
const zone = z.string().regex(/^[+-]\d{4}$/, 'must be a time zone offset as git writes it, e.g. +0100');

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
  billing_email: z.email().optional(),
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
  /** Parent commits by id, or by branch name for that branch's tip at this point (default: the branch's tip; none makes a root commit). Two or more make a merge. */
  parents: z.array(z.string().min(1)).optional(),
  author: login,
  message: text,
  /** Default: one hour after the repository's previous commit, the first at 2026-01-01T09:00:00Z (so the SHAs are the same on every load). */
  date: when.optional(),
  /** Whole contents by path; null deletes the file. */
  files: z.record(filePath, z.string().nullable()).default({}),
});

const tag = z.strictObject({
  name: refName,
  commit: z.string().min(1),
  /** An annotated tag when given. */
  message: z.string().optional(),
  tagger: login.optional(),
  /** The annotated tag's date (default: a minute after its commit, in the commit's zone). */
  date: when.optional(),
});

const note = z.strictObject({
  /** The commit (by id) the note is on. */
  commit: z.string().min(1),
  text: text,
  author: login,
  /** Default: a minute after its commit. */
  date: when.optional(),
  message: z.string().default('Notes added by the scenario'),
});

const generatedAuthor = z.strictObject({
  login,
  /** Relative share of the commits. */
  weight: z.number().positive().default(1),
  /** Time zones the author commits from, picked at random per commit. */
  zones: z.array(zone).min(1, 'must list at least one zone').default(['+0000']),
});

/** A long history made by a seeded generator (generate.ts): the same file and seed time give the same commits. */
const generate = z.strictObject({
  commits: z.number().int().min(1).max(100_000),
  /** The generator's seed: another number, another history. */
  seed: z.number().int().default(1),
  /** The last commit is before this time (default: the seed time). */
  until: when.optional(),
  /** The commits are spread over this many weeks before `until`. */
  weeks: z.number().int().min(1).max(520).default(52),
  authors: z.array(generatedAuthor).min(1, 'must list at least one author'),
  /** Files the commits change (one to three each), which grow and shrink by generated lines. */
  files: z.array(filePath).min(3, 'must list at least three files'),
  words: z.array(text).min(1).optional(),
  subjects: z.array(text).min(1).optional(),
  /** More files and a message paragraph for the first generated commit. */
  first_commit: z.strictObject({ body: z.string().optional(), files: z.record(filePath, z.string()).default({}) }).optional(),
  /** Side branches: `commits` commits made an hour apart from the `from`-th commit. */
  branches: z.array(z.strictObject({ name: refName, from: z.number().int().min(1), commits: z.number().int().min(1).max(1000) })).default([]),
  /** Tags on the `at`-th commit; with a message, annotated (tagged by the first author ten minutes after the commit). */
  tags: z.array(z.strictObject({ name: refName, at: z.number().int().min(1), message: z.string().optional() })).default([]),
  /** Notes on the `at`-th commit, written by the first author a quarter of an hour after it. */
  notes: z.array(z.strictObject({ at: z.number().int().min(1), text, message: z.string().optional() })).default([]),
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

const milestone = z.strictObject({ title: text });

const issue = z.strictObject({
  title: text,
  body: z.string().optional(),
  author: login,
  labels: z.array(text).default([]),
  /** Title of a milestone of the repository. */
  milestone: text.optional(),
  comments: z.array(reply).default([]),
});

const asset = z
  .strictObject({
    name: text,
    label: z.string().optional(),
    content_type: text.default('application/octet-stream'),
    /** The file's bytes as text, or `content_base64` for binary ones. */
    content: z.string().optional(),
    content_base64: z.base64().optional(),
  })
  .refine((a) => (a.content === undefined) !== (a.content_base64 === undefined), { message: 'give content or content_base64 (one of them)' });

const deployKey = z.strictObject({
  title: text,
  key: z.string().regex(/^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp\d+) [A-Za-z0-9+/]+=*( .*)?$/, 'must be an OpenSSH public key, e.g. ssh-ed25519 AAAA…'),
});

/** A download of the old downloads API: its row only (no file). */
const download = z.strictObject({
  name: text,
  description: z.string().optional(),
  size: z.number().int().nonnegative(),
  download_count: z.number().int().nonnegative().default(0),
  content_type: text.default('application/octet-stream'),
  date: when.optional(),
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
  assets: z.array(asset).default([]),
});

const repository = z.strictObject({
  owner: login,
  name: repoName,
  description: z.string().optional(),
  homepage: z.url().optional(),
  private: z.boolean().default(false),
  /** The user who creates it (the auto_init commit's author); default the owner. */
  created_by: login.optional(),
  /** As the API's create: an "Initial commit" made at the seed time with an empty README.md, and the templates' .gitignore and LICENSE. */
  auto_init: z.boolean().default(false),
  gitignore_template: text.optional(),
  license_template: text.optional(),
  default_branch: refName.default('master'),
  generate: generate.optional(),
  commits: z.array(commit).default([]),
  /** More branches: name → commit id. */
  branches: z.record(refName, z.string().min(1)).default({}),
  tags: z.array(tag).default([]),
  notes: z.array(note).default([]),
  labels: z.array(label).default([]),
  milestones: z.array(milestone).default([]),
  pulls: z.array(pull).default([]),
  /** Plain issues, numbered after the pull requests. */
  issues: z.array(issue).default([]),
  deploy_keys: z.array(deployKey).default([]),
  downloads: z.array(download).default([]),
  releases: z.array(release).default([]),
  /** Users who fork it once every repository is seeded: the fork holds the history as the file leaves it. */
  forks: z.array(login).default([]),
});

const gist = z.strictObject({
  owner: login,
  description: z.string().optional(),
  public: z.boolean().default(true),
  files: z.record(text, z.string()).refine((f) => Object.keys(f).length > 0, { message: 'must hold at least one file' }),
  comments: z.array(reply).default([]),
});

/** An OAuth application; its client id and secret are made at random and written to <data folder>/oauth-app.json. */
const oauthApplication = z.strictObject({
  owner: login,
  name: text,
  url: z.url(),
  callback_url: z.url(),
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
  /** When the contact was created (default: the seed time). */
  date: when.optional(),
});

const message = z.strictObject({ direction: z.enum(['in', 'out']), content: text, date: when.optional() });

const move = z.strictObject({ state: z.enum(['Arrived', 'Open', 'Closed']), date: when });

const supportCase = z.strictObject({
  contact: text,
  subject: text,
  campaign: text.default('General'),
  source: z.string().optional(),
  /** The state the case ends in; or `moves`, each state the case went through, in order. */
  state: z.enum(['Arrived', 'Open', 'Closed']).optional(),
  moves: z.array(move).default([]),
  /** `owner/name` of a repository of the file: tagged `repo:owner/name`. */
  repository: z.string().optional(),
  /** Number of a pull request of that repository: tagged `pr:<n>`. */
  pull: z.number().int().positive().optional(),
  tags: z.array(text).default([]),
  date: when.optional(),
  messages: z.array(message).default([]),
});

/** A campaign by name, or with the date it was created. */
const campaign = z.union([text, z.strictObject({ name: text, date: when })]).transform((c) => (typeof c === 'string' ? { name: c, date: undefined } : c));

const engagement = z.strictObject({
  users: z.array(engagementUser).default([]),
  campaigns: z.array(campaign).default([]),
  contacts: z.array(contact).default([]),
  cases: z.array(supportCase).default([]),
});

export const scenarioSchema = z.strictObject({
  users: z.array(user).default([]),
  organizations: z.array(organization).default([]),
  repositories: z.array(repository).default([]),
  gists: z.array(gist).default([]),
  oauth_application: oauthApplication.optional(),
  engagement: engagement.default({ users: [], campaigns: [], contacts: [], cases: [] }),
});

/** A scenario file once its fields are checked, with every default filled in. */
export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioRepository = Scenario['repositories'][number];
export type ScenarioGenerate = NonNullable<ScenarioRepository['generate']>;
