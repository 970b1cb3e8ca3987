// Who may see and change what: repository permissions (owner, organization
// teams, collaborators, public), organization ownership and membership, and
// the lookups every route starts with. Hidden resources answer 404
// (docs/service-api/hosting/conventions §10).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { currentUser } from './auth';
import { ApiError, notFound } from './errors';
import type { Permission } from './representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { hasScope, requireScope } from './scopes';

const RANK: Record<Permission, number> = { pull: 1, push: 2, admin: 3 };

function maxPermission(a: Permission | null, b: Permission | null): Permission | null {
  if (!a) return b;
  if (!b) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

export function atLeast(p: Permission | null, need: Permission): boolean {
  return p !== null && RANK[p] >= RANK[need];
}

export function findUser(db: Db, login: string): UserRow | undefined {
  return db.prepare<[string], UserRow>('SELECT * FROM users WHERE login = ?').get(login);
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
}

export function findOrg(db: Db, login: string): UserRow | undefined {
  return db.prepare<[string], UserRow>("SELECT * FROM users WHERE login = ? AND type = 'Organization'").get(login);
}

/** Member of the organization's Owners team. */
export function isOrgOwner(db: Db, orgId: number, userId: number): boolean {
  return !!db
    .prepare('SELECT 1 FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE t.org_id = ? AND t.is_owners = 1 AND tm.user_id = ?')
    .get(orgId, userId);
}

/** In at least one team of the organization (docs/service-api/hosting/organizations §5, §6). */
export function isOrgMember(db: Db, orgId: number, userId: number): boolean {
  return !!db.prepare('SELECT 1 FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE t.org_id = ? AND tm.user_id = ?').get(orgId, userId);
}

/** The user's own permission on a repository, ignoring token scopes; null when they cannot see it. */
export function repoPermission(db: Db, repo: RepoRow, user: UserRow | undefined): Permission | null {
  const publicAccess: Permission | null = repo.private ? null : ('pull' as Permission);
  if (!user) return publicAccess;
  if (repo.owner_id === user.id) return 'admin';
  let p: Permission | null = publicAccess;
  if (db.prepare('SELECT 1 FROM collaborators WHERE repo_id = ? AND user_id = ?').get(repo.id, user.id)) p = maxPermission(p, 'push');
  const teams = db
    .prepare<[number, number, number], { permission: Permission; is_owners: number }>(
      `SELECT t.permission, t.is_owners FROM teams t JOIN team_members tm ON tm.team_id = t.id
       WHERE t.org_id = ? AND tm.user_id = ? AND (t.is_owners = 1 OR t.id IN (SELECT team_id FROM team_repos WHERE repo_id = ?))`,
    )
    .all(repo.owner_id, user.id, repo.id);
  for (const t of teams) p = maxPermission(p, t.is_owners ? 'admin' : t.permission);
  return p;
}

/**
 * The caller's effective permission: their own, limited by the token's
 * scopes (private repositories need `repo`; writes to public ones
 * `public_repo` or `repo`).
 */
export function effectivePermission(db: Db, req: FastifyRequest, repo: RepoRow): Permission | null {
  const own = repoPermission(db, repo, currentUser(req));
  if (own === null || req.auth.kind !== 'token') return own;
  if (repo.private) return hasScope(req, ['repo']) ? own : null;
  return hasScope(req, ['public_repo', 'repo']) ? own : 'pull';
}

export interface LoadedRepo {
  repo: RepoRow;
  owner: UserRow;
  /** The caller's effective permission (at least the one asked for). */
  permission: Permission;
}

const REPO_BY_NAME = `SELECT r.* FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = ? AND r.name = ?`;

export function findRepo(db: Db, owner: string, name: string): { repo: RepoRow; owner: UserRow } | undefined {
  const repo = db.prepare<[string, string], RepoRow>(REPO_BY_NAME).get(owner, name);
  if (!repo) return undefined;
  return { repo, owner: findUserById(db, repo.owner_id)! };
}

/**
 * Loads `/repos/:owner/:repo` for a route: 404 when missing or hidden, a
 * 301/307 redirect when it was renamed, 404 (or 403 for a visible
 * repository) when the caller lacks `need`. Declares the scopes it checks.
 */
export function loadRepo(db: Db, req: FastifyRequest, reply: FastifyReply, owner: string, name: string, need: Permission = 'pull'): LoadedRepo {
  const found = findRepo(db, owner, name);
  if (!found) {
    redirectIfRenamed(db, req, owner, name);
    throw notFound();
  }
  const writing = need !== 'pull' || isWriteRequest(req);
  reply.header('X-Accepted-OAuth-Scopes', repoScopes(found.repo, writing).join(', '));
  const permission = effectivePermission(db, req, found.repo);
  if (permission === null) throw notFound();
  // A write, even one that needs only pull access (an issue, a comment, a
  // star, a fork), needs public_repo or repo: with no scope a token is read-only.
  if (writing && !hasScope(req, repoScopes(found.repo, true))) requireScope(req, reply, repoScopes(found.repo, true), 'notFound');
  if (!atLeast(permission, need)) throw notFound();
  return { ...found, permission };
}

/** The scopes an action on `repo` checks: reads of a public repository none; private ones repo; writes public_repo or repo. */
function repoScopes(repo: RepoRow, writing: boolean): string[] {
  if (repo.private) return ['repo'];
  return writing ? ['public_repo', 'repo'] : [];
}

/** POSTs that only read: the fetch half of git's smart HTTP. */
const READING_POSTS = /\/git-upload-pack$/;

/** Whether the request changes something (any verb but GET and HEAD, except reading POSTs). */
function isWriteRequest(req: FastifyRequest): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  return !READING_POSTS.test(req.url.split('?')[0] ?? '');
}

/**
 * Throws the redirect of a renamed repository: 301 for GET and HEAD, 307 for
 * other methods, to `/repositories/:id` and the same path below it, as the
 * real service does (that address keeps working after later renames).
 */
export function redirectIfRenamed(db: Db, req: FastifyRequest, owner: string, name: string): void {
  const repoId = db
    .prepare<[string, string], number>(`SELECT r.id FROM repository_redirects d JOIN repositories r ON r.id = d.repo_id WHERE d.owner_login = ? AND d.name = ?`)
    .pluck()
    .get(owner, name);
  if (repoId === undefined) return;
  const [path = '', query] = req.url.split('?');
  const rest = path.split('/').slice(4);
  const location = `${req.baseUrl}${req.apiPrefix}/repositories/${repoId}${rest.length ? `/${rest.join('/')}` : ''}${query !== undefined ? `?${query}` : ''}`;
  const permanent = req.method === 'GET' || req.method === 'HEAD';
  throw new ApiError(permanent ? 301 : 307, permanent ? 'Moved Permanently' : 'Temporary Redirect', undefined, '/v3/#http-redirects', { Location: location });
}
