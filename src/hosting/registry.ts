// Which client method serves which endpoint: `METHOD /route` -> `group.method`.
// The routes are the very strings the methods send, so this map cannot drift
// from the code; test/unit/hosting/spec-coverage.test.ts checks it against the
// spec's endpoint tables.
import { AUTHORIZATIONS_ROUTES } from './authorizations';
import { DEPLOY_KEYS_ROUTES } from './deployKeys';
import { DOWNLOADS_ROUTES } from './downloads';
import { GIST_COMMENTS_ROUTES } from './gistComments';
import { GISTS_ROUTES } from './gists';
import { GIT_ROUTES } from './git';
import { HOOKS_ROUTES } from './hooks';
import { ISSUE_COMMENTS_ROUTES } from './issueComments';
import { LABELS_ROUTES } from './labels';
import { ORG_MEMBERS_ROUTES } from './orgMembers';
import { PULLS_ROUTES } from './pulls';
import { RELEASES_ROUTES } from './releases';
import { REPOS_ROUTES } from './repos';
import { REVIEW_COMMENTS_ROUTES } from './reviewComments';
import { SEARCH_ROUTES } from './search';
import { STATS_ROUTES } from './stats';
import { TEAMS_ROUTES } from './teams';
import { USERS_ROUTES } from './users';

/** Group name on HostingClient -> that group's routes. */
export const ROUTE_GROUPS = {
  authorizations: AUTHORIZATIONS_ROUTES,
  deployKeys: DEPLOY_KEYS_ROUTES,
  downloads: DOWNLOADS_ROUTES,
  gistComments: GIST_COMMENTS_ROUTES,
  gists: GISTS_ROUTES,
  git: GIT_ROUTES,
  hooks: HOOKS_ROUTES,
  issueComments: ISSUE_COMMENTS_ROUTES,
  labels: LABELS_ROUTES,
  orgMembers: ORG_MEMBERS_ROUTES,
  pulls: PULLS_ROUTES,
  releases: RELEASES_ROUTES,
  repos: REPOS_ROUTES,
  reviewComments: REVIEW_COMMENTS_ROUTES,
  search: SEARCH_ROUTES,
  stats: STATS_ROUTES,
  teams: TEAMS_ROUTES,
  users: USERS_ROUTES,
} as const;

export interface RegisteredEndpoint {
  /** `METHOD /route` as sent, e.g. `GET /repos/{owner}/{repo}/git/refs/{+ref}`. */
  route: string;
  group: keyof typeof ROUTE_GROUPS;
  method: string;
}

/** Every endpoint the client can call. */
export function registeredEndpoints(): RegisteredEndpoint[] {
  return Object.entries(ROUTE_GROUPS).flatMap(([group, routes]) =>
    Object.entries(routes).map(([method, route]) => ({ route, group: group as keyof typeof ROUTE_GROUPS, method })),
  );
}

/** `GET /repos/:owner/:repo` and `GET /repos/{owner}/{+repo}` both become `GET /repos/{}/{}`. */
export function endpointShape(endpoint: string): string {
  const [method = '', path = ''] = endpoint.trim().split(/\s+/, 2);
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}|:[A-Za-z_][A-Za-z0-9_]*/g, '{}').replace(/\/+$/, '')}`;
}
