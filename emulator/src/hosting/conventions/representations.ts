// JSON shapes shared by every v3 module: the user summary of
// docs/service-api/hosting/users §1, the organization (§2), and the repository
// (summary, detailed, minimal). Every field is present, null when it has no
// value; every *_url is on this server.
import type { Db } from '../../db';
import type { Bases } from './urls';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { isoOrNull, isoTime } from './time';

function avatarUrl(b: Bases, user: Pick<UserRow, 'id'>): string {
  return `${b.web}/avatars/u/${user.id}?v=3`;
}

/**
 * A small memo of values derived only from their key (URL blocks, user
 * summaries): a GET of a repository builds ~100 URLs, the same every time.
 */
class Memo<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly max = 2000) {}
  get(key: string, make: () => T): T {
    let v = this.map.get(key);
    if (v === undefined) {
      if (this.map.size >= this.max) this.map.clear();
      v = make();
      this.map.set(key, v);
    }
    return v;
  }
}

const userSummaries = new Memo<Readonly<Record<string, unknown>>>();

/** The user summary of docs/service-api/hosting/users §1 (also for organizations: type Organization, §2). */
export function userSummary(b: Bases, u: UserRow): Record<string, unknown> {
  const key = `${b.api} ${b.web} ${u.id} ${u.login} ${u.type} ${u.site_admin} ${u.gravatar_id}`;
  return { ...userSummaries.get(key, () => buildUserSummary(b, u)) };
}

function buildUserSummary(b: Bases, u: UserRow): Record<string, unknown> {
  const url = `${b.api}/users/${u.login}`;
  return {
    login: u.login,
    id: u.id,
    avatar_url: avatarUrl(b, u),
    gravatar_id: u.gravatar_id,
    url,
    html_url: `${b.web}/${u.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: u.type,
    site_admin: u.site_admin === 1,
  };
}

interface UserCounts {
  public_repos: number;
  public_gists: number;
  followers: number;
  following: number;
}

function userCounts(db: Db, u: UserRow): UserCounts {
  const publicRepos = db.prepare('SELECT count(*) FROM repositories WHERE owner_id = ? AND private = 0').pluck().get(u.id) as number;
  return { public_repos: publicRepos, public_gists: 0, followers: 0, following: 0 };
}

/** The detailed user (GET /users/:username); `self` adds the private fields of GET /user. */
export function userDetailed(db: Db, b: Bases, u: UserRow, self = false): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...userSummary(b, u),
    name: u.name,
    company: u.company,
    blog: u.blog,
    location: u.location,
    email: u.email,
    hireable: null,
    bio: u.bio,
    ...userCounts(db, u),
    created_at: isoTime(u.created_at),
    updated_at: isoTime(u.updated_at),
  };
  if (self) {
    const owned = db.prepare('SELECT count(*) FROM repositories WHERE owner_id = ? AND private = 1').pluck().get(u.id) as number;
    Object.assign(out, {
      total_private_repos: owned,
      owned_private_repos: owned,
      private_gists: 0,
      disk_usage: 0,
      collaborators: 0,
      plan: { name: 'medium', space: 400000, private_repos: 20, collaborators: 0 },
    });
  }
  return out;
}

/** The organization summary (GET /user/orgs, team `organization`). */
export function orgSummary(b: Bases, o: UserRow): Record<string, unknown> {
  const url = `${b.api}/orgs/${o.login}`;
  return {
    login: o.login,
    id: o.id,
    url,
    repos_url: `${url}/repos`,
    events_url: `${url}/events`,
    hooks_url: `${url}/hooks`,
    issues_url: `${url}/issues`,
    members_url: `${url}/members{/member}`,
    public_members_url: `${url}/public_members{/member}`,
    avatar_url: avatarUrl(b, o),
    description: o.description,
  };
}

/** The detailed organization (GET /orgs/:org); members see the private fields. */
export function orgDetailed(db: Db, b: Bases, o: UserRow, member: boolean): Record<string, unknown> {
  const counts = userCounts(db, o);
  const out: Record<string, unknown> = {
    ...orgSummary(b, o),
    name: o.name,
    company: o.company,
    blog: o.blog,
    location: o.location,
    email: o.email,
    public_repos: counts.public_repos,
    public_gists: 0,
    followers: 0,
    following: 0,
    html_url: `${b.web}/${o.login}`,
    created_at: isoTime(o.created_at),
    updated_at: isoTime(o.updated_at),
    type: 'Organization',
  };
  if (member) {
    const priv = db.prepare('SELECT count(*) FROM repositories WHERE owner_id = ? AND private = 1').pluck().get(o.id) as number;
    Object.assign(out, {
      total_private_repos: priv,
      owned_private_repos: priv,
      private_gists: 0,
      disk_usage: 0,
      collaborators: 0,
      billing_email: o.billing_email,
      plan: { name: 'medium', space: 400000, private_repos: 20 },
    });
  }
  return out;
}

interface Permissions {
  admin: boolean;
  push: boolean;
  pull: boolean;
}

export type Permission = 'pull' | 'push' | 'admin';

function permissionsObject(p: Permission | null): Permissions {
  return { admin: p === 'admin', push: p === 'admin' || p === 'push', pull: p !== null };
}

/** The API URL of a repository. */
export function repoApiUrl(b: Bases, owner: string, name: string): string {
  return `${b.api}/repos/${owner}/${name}`;
}

/** The minimal form of GET /repositories. */
export function repoMinimal(b: Bases, r: RepoRow, owner: UserRow): Record<string, unknown> {
  return {
    id: r.id,
    owner: userSummary(b, owner),
    name: r.name,
    full_name: `${owner.login}/${r.name}`,
    description: r.description,
    private: r.private === 1,
    fork: r.fork === 1,
    url: repoApiUrl(b, owner.login, r.name),
    html_url: `${b.web}/${owner.login}/${r.name}`,
  };
}

const repoUrls = new Memo<Readonly<Record<string, string>>>();

function buildRepoUrls(b: Bases, login: string, name: string): Record<string, string> {
  const url = repoApiUrl(b, login, name);
  return {
    forks_url: `${url}/forks`,
    keys_url: `${url}/keys{/key_id}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    teams_url: `${url}/teams`,
    hooks_url: `${url}/hooks`,
    issue_events_url: `${url}/issues/events{/number}`,
    events_url: `${url}/events`,
    assignees_url: `${url}/assignees{/user}`,
    branches_url: `${url}/branches{/branch}`,
    tags_url: `${url}/tags`,
    blobs_url: `${url}/git/blobs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    trees_url: `${url}/git/trees{/sha}`,
    statuses_url: `${url}/statuses/{sha}`,
    languages_url: `${url}/languages`,
    stargazers_url: `${url}/stargazers`,
    contributors_url: `${url}/contributors`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    commits_url: `${url}/commits{/sha}`,
    git_commits_url: `${url}/git/commits{/sha}`,
    comments_url: `${url}/comments{/number}`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    contents_url: `${url}/contents/{+path}`,
    compare_url: `${url}/compare/{base}...{head}`,
    merges_url: `${url}/merges`,
    archive_url: `${url}/{archive_format}{/ref}`,
    downloads_url: `${url}/downloads`,
    issues_url: `${url}/issues{/number}`,
    pulls_url: `${url}/pulls{/number}`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    labels_url: `${url}/labels{/name}`,
    releases_url: `${url}/releases{/id}`,
  };
}

/** The repository summary (lists); `permission` is the caller's, null for anonymous callers. */
export function repoSummary(b: Bases, r: RepoRow, owner: UserRow, permission: Permission | null | undefined): Record<string, unknown> {
  const html = `${b.web}/${owner.login}/${r.name}`;
  const host = b.host;
  const out: Record<string, unknown> = {
    ...repoMinimal(b, r, owner),
    ...repoUrls.get(`${b.api} ${b.web} ${owner.login} ${r.name}`, () => buildRepoUrls(b, owner.login, r.name)),
    created_at: isoTime(r.created_at),
    updated_at: isoTime(r.updated_at),
    pushed_at: isoOrNull(r.pushed_at),
    git_url: `git://${host}/${owner.login}/${r.name}.git`,
    ssh_url: `git@${host}:${owner.login}/${r.name}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    mirror_url: null,
    homepage: r.homepage,
    size: r.size,
    stargazers_count: r.stargazers_count,
    watchers_count: r.watchers_count,
    language: r.language,
    has_issues: r.has_issues === 1,
    has_downloads: r.has_downloads === 1,
    has_wiki: r.has_wiki === 1,
    forks_count: r.forks_count,
    open_issues_count: r.open_issues_count,
    forks: r.forks_count,
    open_issues: r.open_issues_count,
    watchers: r.watchers_count,
    default_branch: r.default_branch,
  };
  if (permission !== undefined) out.permissions = permissionsObject(permission);
  return out;
}
