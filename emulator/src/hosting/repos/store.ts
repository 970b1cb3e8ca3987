// Repository rows and what hangs off them (renames, stars, collaborators,
// forks): every SQL statement of the repositories module on its tables
// (schema.ts).
import type { Db } from '../../db';
import type { RepoRow } from './schema';
import type { UserRow } from '../accounts/schema';
import { isoTime } from '../conventions/time';

export function repoById(db: Db, id: number | null): RepoRow | undefined {
  return id === null ? undefined : db.prepare<[number], RepoRow>('SELECT * FROM repositories WHERE id = ?').get(id);
}

/** `owner/name` of a repository by id (the `/repositories/:id` addresses), or undefined. */
export function repoFullNameById(db: Db, id: number): string | undefined {
  return db.prepare<[number], string>("SELECT u.login || '/' || r.name FROM repositories r JOIN users u ON u.id = r.owner_id WHERE r.id = ?").pluck().get(id);
}

/** Whether the owner has a repository of this name (names compare as SQLite's `=` does). */
export function repoNameTaken(db: Db, ownerId: number, name: string): boolean {
  return !!db.prepare('SELECT 1 FROM repositories WHERE owner_id = ? AND name = ?').get(ownerId, name);
}

/** Every repository, oldest first. */
export function allRepos(db: Db): RepoRow[] {
  return db.prepare<[], RepoRow>('SELECT * FROM repositories ORDER BY id').all();
}

/** The owner's repositories by name, ignoring case. */
export function reposOwnedBy(db: Db, ownerId: number): RepoRow[] {
  return db.prepare<[number], RepoRow>('SELECT * FROM repositories WHERE owner_id = ? ORDER BY lower(name)').all(ownerId);
}

export function publicRepoCount(db: Db, ownerId: number): number {
  return db.prepare('SELECT count(*) FROM repositories WHERE owner_id = ? AND private = 0').pluck().get(ownerId) as number;
}

/** The language most of the owner's public repositories are in (ties: alphabetical), or undefined. */
export function mainLanguage(db: Db, ownerId: number): string | undefined {
  return db
    .prepare(
      'SELECT language FROM repositories WHERE owner_id = ? AND private = 0 AND language IS NOT NULL GROUP BY language ORDER BY count(*) DESC, language LIMIT 1',
    )
    .pluck()
    .get(ownerId) as string | undefined;
}

/** How many repositories share this source (the network of a repository and its forks). */
export function networkCount(db: Db, sourceId: number): number {
  return db.prepare('SELECT count(*) FROM repositories WHERE source_id = ?').pluck().get(sourceId) as number;
}

/** Counts an issue or pull request opened (+1) or closed (-1), never below 0. */
export function adjustOpenIssues(db: Db, repoId: number, delta: number): void {
  db.prepare('UPDATE repositories SET open_issues_count = max(0, open_issues_count + ?) WHERE id = ?').run(delta, repoId);
}

/** The owner's repository in the network whose root is `rootId` (the root itself or a fork of it), the oldest first. */
export function networkRepoOwnedBy(db: Db, ownerId: number, rootId: number): RepoRow | undefined {
  return db
    .prepare<[number, number, number], RepoRow>('SELECT * FROM repositories WHERE owner_id = ? AND (id = ? OR source_id = ?) ORDER BY id LIMIT 1')
    .get(ownerId, rootId, rootId);
}

/** A push moved a ref: pushed_at is `at` (now by default). */
export function markPushed(db: Db, repoId: number, at = isoTime()): void {
  db.prepare('UPDATE repositories SET pushed_at = ? WHERE id = ?').run(at, repoId);
}

/** Every repository's id and default branch (the start-up check for missing git data). */
export function repoBranches(db: Db): Array<Pick<RepoRow, 'id' | 'default_branch'>> {
  return db.prepare('SELECT id, default_branch FROM repositories').all() as Array<Pick<RepoRow, 'id' | 'default_branch'>>;
}

// Lists. The owner is joined as `o`, so the orders may use its login.

const SORT_COLUMNS: Record<string, string> = {
  full_name: "lower(o.login || '/' || r.name)",
  created: 'r.created_at',
  updated: 'r.updated_at',
  pushed: 'coalesce(r.pushed_at, r.created_at)',
};

export interface RepoOrder {
  sort: string;
  direction: 'asc' | 'desc';
}

export const isRepoSort = (sort: string): boolean => sort in SORT_COLUMNS;

function listRepos(db: Db, where: string, params: unknown[], order: string): RepoRow[] {
  return db.prepare<unknown[], RepoRow>(`SELECT r.* FROM repositories r JOIN users o ON o.id = r.owner_id WHERE ${where} ORDER BY ${order}`).all(...params);
}

const byOrder = (o: RepoOrder) => `${SORT_COLUMNS[o.sort]} ${o.direction}, r.id ${o.direction}`;
const OWNED = 'r.owner_id = ?';

/** GET /user/repos: `member` is a collaborator of a repository a user (not an organization) owns. */
const OWN_MEMBER = "(r.id IN (SELECT repo_id FROM collaborators WHERE user_id = ?) AND o.type = 'User')";
const OWN_TYPES: Record<string, (userId: number) => [string, unknown[]]> = {
  all: (u) => [`(${OWNED} OR ${OWN_MEMBER})`, [u, u]],
  owner: (u) => [OWNED, [u]],
  public: (u) => [`(${OWNED} OR ${OWN_MEMBER}) AND r.private = 0`, [u, u]],
  private: (u) => [`(${OWNED} OR ${OWN_MEMBER}) AND r.private = 1`, [u, u]],
  member: (u) => [OWN_MEMBER, [u]],
};
export const isOwnReposType = (type: string): boolean => type in OWN_TYPES;

/** The signed-in user's repositories of a type (all, owner, public, private, member), private ones included. */
export function ownRepos(db: Db, userId: number, type: string, order: RepoOrder): RepoRow[] {
  const [where, params] = OWN_TYPES[type]!(userId);
  return listRepos(db, where, params, byOrder(order));
}

/** GET /users/:username/repos: public repositories only. */
const USER_MEMBER = 'r.id IN (SELECT repo_id FROM collaborators WHERE user_id = ?)';
const USER_TYPES: Record<string, (userId: number) => [string, unknown[]]> = {
  all: (u) => [`(${OWNED} OR ${USER_MEMBER})`, [u, u]],
  owner: (u) => [OWNED, [u]],
  member: (u) => [USER_MEMBER, [u]],
};
export const isUserReposType = (type: string): boolean => type in USER_TYPES;

export function publicUserRepos(db: Db, userId: number, type: string, order: RepoOrder): RepoRow[] {
  const [where, params] = USER_TYPES[type]!(userId);
  return listRepos(db, `${where} AND r.private = 0`, params, byOrder(order));
}

/** GET /orgs/:org/repos: `member` is a repository one of the caller's teams has, or all of them for an owner. */
const ORG_TYPES: Record<string, (callerId: number) => [string, unknown[]]> = {
  all: () => ['1 = 1', []],
  public: () => ['r.private = 0', []],
  private: () => ['r.private = 1', []],
  forks: () => ['r.fork = 1', []],
  sources: () => ['r.fork = 0', []],
  member: (c) => [
    `r.id IN (SELECT tr.repo_id FROM team_repos tr JOIN team_members tm ON tm.team_id = tr.team_id WHERE tm.user_id = ?)
               OR EXISTS (SELECT 1 FROM teams t JOIN team_members tm ON tm.team_id = t.id WHERE t.org_id = r.owner_id AND t.is_owners = 1 AND tm.user_id = ?)`,
    [c, c],
  ],
};
export const isOrgReposType = (type: string): boolean => type in ORG_TYPES;

/** @param callerId the signed-in caller, 0 for anonymous (then `member` is empty). */
export function orgRepos(db: Db, orgId: number, type: string, callerId: number, order: RepoOrder): RepoRow[] {
  const [where, params] = ORG_TYPES[type]!(callerId);
  return listRepos(db, `r.owner_id = ? AND (${where})`, [orgId, ...params], byOrder(order));
}

const FORK_ORDERS: Record<string, string> = {
  newest: 'r.created_at DESC, r.id DESC',
  oldest: 'r.created_at ASC, r.id ASC',
  stargazers: 'r.stargazers_count DESC, r.id DESC',
};
export const isForkSort = (sort: string): boolean => sort in FORK_ORDERS;

export function forksOf(db: Db, repoId: number, sort: string): RepoRow[] {
  return listRepos(db, 'r.parent_id = ?', [repoId], FORK_ORDERS[sort]!);
}

/** GET /repositories: public repositories in creation order after `since`. */
export function publicReposSince(db: Db, since: number, limit: number): RepoRow[] {
  return db.prepare<[number, number], RepoRow>('SELECT * FROM repositories WHERE private = 0 AND id > ? ORDER BY id LIMIT ?').all(since, limit);
}

// Writes.

export interface NewRepository {
  name: string;
  description: string | null;
  homepage: string | null;
  private: boolean;
  default_branch: string;
  has_issues: boolean;
  has_wiki: boolean;
  has_downloads: boolean;
  pushed_at: string | null;
}

export function insertRepository(db: Db, ownerId: number, f: NewRepository, now: string): number {
  const info = db
    .prepare(
      `INSERT INTO repositories (owner_id, name, description, homepage, private, default_branch, has_issues, has_wiki, has_downloads, pushed_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      ownerId,
      f.name,
      f.description,
      f.homepage,
      f.private ? 1 : 0,
      f.default_branch,
      f.has_issues ? 1 : 0,
      f.has_wiki ? 1 : 0,
      f.has_downloads ? 1 : 0,
      f.pushed_at,
      now,
      now,
    );
  return Number(info.lastInsertRowid);
}

/** The fork of `parentId` that `ownerId` has, if any. */
export function forkOwnedBy(db: Db, ownerId: number, parentId: number): RepoRow | undefined {
  return db.prepare<[number, number], RepoRow>('SELECT * FROM repositories WHERE owner_id = ? AND parent_id = ?').get(ownerId, parentId);
}

/** A fork row copying the source's fields (issues off), counted in the source's forks_count. */
export function insertFork(db: Db, source: RepoRow, ownerId: number, name: string, now: string): number {
  const info = db
    .prepare(
      `INSERT INTO repositories (owner_id, name, description, homepage, private, fork, parent_id, source_id, default_branch, has_issues, has_wiki, has_downloads, language, size, pushed_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      ownerId,
      name,
      source.description,
      source.homepage,
      source.private,
      source.id,
      source.source_id ?? source.id,
      source.default_branch,
      source.has_wiki,
      source.has_downloads,
      source.language,
      source.size,
      source.pushed_at,
      now,
      now,
    );
  db.prepare('UPDATE repositories SET forks_count = forks_count + 1 WHERE id = ?').run(source.id);
  return Number(info.lastInsertRowid);
}

export type RepoEdit = Pick<RepoRow, 'name' | 'description' | 'homepage' | 'private' | 'has_issues' | 'has_wiki' | 'has_downloads' | 'default_branch'>;

export function updateRepository(db: Db, id: number, e: RepoEdit): void {
  db.prepare(
    `UPDATE repositories SET name = ?, description = ?, homepage = ?, private = ?, has_issues = ?, has_wiki = ?, has_downloads = ?, default_branch = ?, updated_at = ? WHERE id = ?`,
  ).run(e.name, e.description, e.homepage, e.private, e.has_issues, e.has_wiki, e.has_downloads, e.default_branch, isoTime(), id);
}

/** After a rename: the old name redirects to the repository, and the new name is nobody's redirect any more. */
export function recordRename(db: Db, ownerLogin: string, oldName: string, newName: string, repoId: number): void {
  db.prepare('DELETE FROM repository_redirects WHERE owner_login = ? AND name = ?').run(ownerLogin, newName);
  db.prepare('INSERT OR REPLACE INTO repository_redirects (owner_login, name, repo_id) VALUES (?, ?, ?)').run(ownerLogin, oldName, repoId);
}

/** Deletes the row (its stars, collaborators... go with it) and uncounts it from its parent's forks. */
export function deleteRepository(db: Db, repo: RepoRow): void {
  db.transaction(() => {
    db.prepare('UPDATE repositories SET forks_count = max(0, forks_count - 1) WHERE id = ?').run(repo.parent_id ?? -1);
    db.prepare('DELETE FROM repositories WHERE id = ?').run(repo.id);
  })();
}

// Stars.

export function isStarred(db: Db, repoId: number, userId: number): boolean {
  return !!db.prepare('SELECT 1 FROM stars WHERE repo_id = ? AND user_id = ?').get(repoId, userId);
}

function refreshStarCount(db: Db, repoId: number): void {
  db.prepare(
    'UPDATE repositories SET stargazers_count = (SELECT count(*) FROM stars WHERE repo_id = ?), watchers_count = (SELECT count(*) FROM stars WHERE repo_id = ?) WHERE id = ?',
  ).run(repoId, repoId, repoId);
}

/** Stars the repository for the user; false when it was starred already. */
export function addStar(db: Db, repoId: number, userId: number): boolean {
  return db.transaction(() => {
    const changes = db.prepare('INSERT OR IGNORE INTO stars (repo_id, user_id, created_at) VALUES (?, ?, ?)').run(repoId, userId, isoTime()).changes;
    refreshStarCount(db, repoId);
    return changes > 0;
  })();
}

export function removeStar(db: Db, repoId: number, userId: number): void {
  db.transaction(() => {
    db.prepare('DELETE FROM stars WHERE repo_id = ? AND user_id = ?').run(repoId, userId);
    refreshStarCount(db, repoId);
  })();
}

/** Oldest star first. */
export function stargazers(db: Db, repoId: number): UserRow[] {
  return db.prepare<[number], UserRow>('SELECT u.* FROM stars s JOIN users u ON u.id = s.user_id WHERE s.repo_id = ? ORDER BY s.created_at, u.id').all(repoId);
}

// Collaborators.

/** The owner (when a user) and the collaborators, by login. */
export function collaborators(db: Db, repo: RepoRow): UserRow[] {
  return db
    .prepare<[number, number], UserRow>(
      'SELECT * FROM users WHERE id = ? UNION SELECT u.* FROM collaborators c JOIN users u ON u.id = c.user_id WHERE c.repo_id = ? ORDER BY login',
    )
    .all(repo.owner_id, repo.id)
    .filter((u) => u.type === 'User');
}

export function isCollaborator(db: Db, repoId: number, userId: number): boolean {
  return !!db.prepare('SELECT 1 FROM collaborators WHERE repo_id = ? AND user_id = ?').get(repoId, userId);
}

/** False when the user was a collaborator already. */
export function addCollaborator(db: Db, repoId: number, userId: number): boolean {
  return db.prepare('INSERT OR IGNORE INTO collaborators (repo_id, user_id) VALUES (?, ?)').run(repoId, userId).changes > 0;
}

export function removeCollaborator(db: Db, repoId: number, userId: number): void {
  db.prepare('DELETE FROM collaborators WHERE repo_id = ? AND user_id = ?').run(repoId, userId);
}
