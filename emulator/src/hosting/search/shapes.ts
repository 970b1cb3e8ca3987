// The legacy search result shapes of docs/service-api/hosting/search §3:
// older, flatter objects than the v3 representations.
import type { Db } from '../../db';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { isoOrNull, isoTime } from '../conventions/time';
import type { Bases } from '../conventions/urls';
import { findUserById } from '../conventions/access';
import type { IssueRow } from '../issues/schema';
import { issueCommentCount } from '../issues/store';
import { issueLabels } from '../labels/store';
import { mainLanguage, publicRepoCount } from '../repos/store';

/** The legacy `created`/`pushed` form: `2012/10/02 09:30:00 -0700` in UTC. */
function legacyTime(value: string | null): string | null {
  if (!value) return null;
  return isoTime(value).replace(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})Z$/, '$1/$2/$3 $4 +0000');
}

export function legacyIssue(db: Db, b: Bases, path: string, issue: IssueRow, position: number): Record<string, unknown> {
  const user = findUserById(db, issue.user_id)!;
  const labels = issueLabels(db, issue.id).map((l) => l.name);
  return {
    gravatar_id: user.gravatar_id,
    position,
    number: issue.number,
    votes: 0,
    created_at: isoTime(issue.created_at),
    comments: issueCommentCount(db, issue.id),
    body: issue.body ?? '',
    title: issue.title,
    updated_at: isoTime(issue.updated_at),
    html_url: `${b.web}/${path}/issues/${issue.number}`,
    user: user.login,
    labels,
    state: issue.state,
  };
}

export function legacyRepository(b: Bases, r: RepoRow, owner: UserRow, score: number): Record<string, unknown> {
  return {
    type: 'repo',
    created: legacyTime(r.created_at),
    watchers: r.watchers_count,
    has_downloads: r.has_downloads === 1,
    username: owner.login,
    homepage: r.homepage ?? '',
    url: `${b.web}/${owner.login}/${r.name}`,
    fork: r.fork === 1,
    has_issues: r.has_issues === 1,
    has_wiki: r.has_wiki === 1,
    forks: r.forks_count,
    size: r.size,
    private: r.private === 1,
    followers: r.watchers_count,
    name: r.name,
    owner: owner.login,
    open_issues: r.open_issues_count,
    pushed_at: isoOrNull(r.pushed_at),
    score,
    pushed: legacyTime(r.pushed_at),
    description: r.description ?? '',
    language: r.language,
    created_at: isoTime(r.created_at),
  };
}

export function legacyUser(db: Db, u: UserRow, score: number): Record<string, unknown> {
  const repos = publicRepoCount(db, u.id);
  const language = mainLanguage(db, u.id);
  return {
    gravatar_id: u.gravatar_id,
    name: u.name ?? u.login,
    created_at: isoTime(u.created_at),
    location: u.location,
    public_repo_count: repos,
    followers: 0,
    language: language ?? null,
    fullname: u.name ?? u.login,
    username: u.login,
    id: `user-${u.id}`,
    repos,
    type: u.type === 'Organization' ? 'organization' : 'user',
    followers_count: 0,
    login: u.login,
    score,
    created: legacyTime(u.created_at),
  };
}

export function legacyUserByEmail(db: Db, u: UserRow): Record<string, unknown> {
  return {
    public_repo_count: publicRepoCount(db, u.id),
    public_gist_count: 0,
    followers_count: 0,
    following_count: 0,
    created: legacyTime(u.created_at),
    created_at: isoTime(u.created_at),
    name: u.name,
    company: u.company,
    blog: u.blog,
    location: u.location,
    email: u.email,
    id: u.id,
    login: u.login,
    type: u.type,
    gravatar_id: u.gravatar_id,
  };
}
