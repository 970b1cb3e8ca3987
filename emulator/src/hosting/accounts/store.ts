// The SQL of the account side: user and organization rows, organization
// membership, teams with their members and repositories. Shared by the
// routes and the seed. Organization membership follows team membership
// (docs/service-api/hosting/organizations §5): the org_memberships row exists
// while the user is in any team of the organization.
import type { Db } from '../../db';
import type { RepoRow } from '../repos/schema';
import type { TeamRow, UserRow } from './schema';
import { isoTime } from '../conventions/time';

/** Writes a users row, a user or an organization (no endpoint creates accounts; the seed and tests do). */
export function insertAccount(db: Db, fields: Partial<UserRow> & { login: string; type: 'User' | 'Organization' }, now = isoTime()): void {
  db.prepare(
    `INSERT INTO users (login, type, name, email, location, bio, description, billing_email, password_hash, site_admin, created_at, updated_at)
     VALUES (@login, @type, @name, @email, @location, @bio, @description, @billing_email, @password_hash, @site_admin, @now, @now)`,
  ).run({
    name: null,
    email: null,
    location: null,
    bio: null,
    description: null,
    billing_email: null,
    password_hash: null,
    site_admin: 0,
    ...fields,
    now,
  });
}

/** Writes the given columns of a users row (only keys of `allowed` present in `fields`). */
export function updateUser(db: Db, id: number, fields: Record<string, unknown>, allowed: readonly string[]): void {
  const keys = allowed.filter((k) => fields[k] !== undefined);
  if (keys.length === 0) return;
  const sets = keys.map((k) => `${k} = @${k}`).join(', ');
  const params: Record<string, unknown> = { id, updated_at: isoTime() };
  for (const k of keys) params[k] = fields[k];
  db.prepare(`UPDATE users SET ${sets}, updated_at = @updated_at WHERE id = @id`).run(params);
}

/** E-mail (lower case) → login of every user with a public e-mail. */
export function loginsByEmail(db: Db): Map<string, string> {
  const rows = db.prepare("SELECT lower(email) AS email, login FROM users WHERE email IS NOT NULL AND type = 'User'").all() as Array<{
    email: string;
    login: string;
  }>;
  return new Map(rows.map((r) => [r.email, r.login]));
}

/** Every user and organization, oldest first. */
export function allAccounts(db: Db): UserRow[] {
  return db.prepare<[], UserRow>('SELECT * FROM users ORDER BY id').all();
}

/** The user (not an organization) with this e-mail, ignoring case. */
export function userByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare<[string], UserRow>("SELECT * FROM users WHERE email IS NOT NULL AND lower(email) = lower(?) AND type = 'User'").get(email);
}

/** The user (not an organization) with this e-mail, compared as SQLite's NOCASE does. */
export function userWithEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare<[string], UserRow>("SELECT * FROM users WHERE email = ? COLLATE NOCASE AND type = 'User'").get(email);
}

/** The user (not an organization) with this login. */
export function userByLogin(db: Db, login: string): UserRow | undefined {
  return db.prepare<[string], UserRow>("SELECT * FROM users WHERE login = ? AND type = 'User'").get(login);
}

/** Users and organizations in id order after `since`. */
export function accountsSince(db: Db, since: number, limit: number): UserRow[] {
  return db.prepare<[number, number], UserRow>('SELECT * FROM users WHERE id > ? ORDER BY id LIMIT ?').all(since, limit);
}

/** The organizations a user belongs to, by login; only those where the membership is public when `publicOnly`. */
export function orgsOfUser(db: Db, userId: number, publicOnly: boolean): UserRow[] {
  return db
    .prepare<[number, number], UserRow>(
      `SELECT o.* FROM org_memberships m JOIN users o ON o.id = m.org_id WHERE m.user_id = ? AND (m.public = 1 OR ? = 0) ORDER BY o.login`,
    )
    .all(userId, publicOnly ? 1 : 0);
}

/** An organization's members by login; with `publicOnly`, the public ones plus `alsoUserId` (0: nobody). */
export function orgMembers(db: Db, orgId: number, publicOnly: boolean, alsoUserId = 0): UserRow[] {
  return db
    .prepare<[number, number, number], UserRow>(
      `SELECT u.* FROM org_memberships m JOIN users u ON u.id = m.user_id
         WHERE m.org_id = ? AND (m.public = 1 OR ? = 0 OR u.id = ?) ORDER BY u.login`,
    )
    .all(orgId, publicOnly ? 1 : 0, alsoUserId);
}

export function isPublicMember(db: Db, orgId: number, userId: number): boolean {
  const row = db.prepare('SELECT public FROM org_memberships WHERE org_id = ? AND user_id = ?').get(orgId, userId) as { public: number } | undefined;
  return row?.public === 1;
}

export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'team'
  );
}

export function createTeam(
  db: Db,
  orgId: number,
  name: string,
  permission: TeamRow['permission'],
  isOwners = false,
  description: string | null = null,
): TeamRow {
  const now = isoTime();
  const info = db
    .prepare('INSERT INTO teams (org_id, name, slug, description, permission, is_owners, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(orgId, name, slugify(name), description, permission, isOwners ? 1 : 0, now, now);
  return db.prepare<[number], TeamRow>('SELECT * FROM teams WHERE id = ?').get(Number(info.lastInsertRowid))!;
}

export function addTeamMember(db: Db, team: TeamRow, userId: number): void {
  db.prepare('INSERT OR IGNORE INTO team_members (team_id, user_id) VALUES (?, ?)').run(team.id, userId);
  db.prepare('INSERT OR IGNORE INTO org_memberships (org_id, user_id, public) VALUES (?, ?, 0)').run(team.org_id, userId);
}

/** Drops the organization membership when the user is in no team of it any more. */
function pruneMembership(db: Db, orgId: number, userId: number): void {
  const still = db.prepare('SELECT 1 FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE t.org_id = ? AND tm.user_id = ?').get(orgId, userId);
  if (!still) db.prepare('DELETE FROM org_memberships WHERE org_id = ? AND user_id = ?').run(orgId, userId);
}

export function removeTeamMember(db: Db, team: TeamRow, userId: number): void {
  db.prepare('DELETE FROM team_members WHERE team_id = ? AND user_id = ?').run(team.id, userId);
  pruneMembership(db, team.org_id, userId);
}

/** DELETE /orgs/:org/members/:username: every team, and collaborator access to the organization's repositories. */
export function removeOrgMember(db: Db, orgId: number, userId: number): void {
  db.prepare('DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE org_id = ?)').run(userId, orgId);
  db.prepare('DELETE FROM collaborators WHERE user_id = ? AND repo_id IN (SELECT id FROM repositories WHERE owner_id = ?)').run(userId, orgId);
  pruneMembership(db, orgId, userId);
}

export function setMembershipPublic(db: Db, orgId: number, userId: number, isPublic: boolean): void {
  db.prepare('UPDATE org_memberships SET public = ? WHERE org_id = ? AND user_id = ?').run(isPublic ? 1 : 0, orgId, userId);
}

export function ownersCount(db: Db, orgId: number): number {
  return db
    .prepare('SELECT count(*) FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE t.org_id = ? AND t.is_owners = 1')
    .pluck()
    .get(orgId) as number;
}

/** The team `id` (as the URL gives it), or undefined. */
export function teamById(db: Db, id: string | number): TeamRow | undefined {
  if (!/^\d+$/.test(String(id))) return undefined;
  return db.prepare<[number], TeamRow>('SELECT * FROM teams WHERE id = ?').get(Number(id));
}

/** Whether `teamId` is a team of the organization. */
export function isTeamOf(db: Db, teamId: number, orgId: number): boolean {
  return !!db.prepare('SELECT 1 FROM teams WHERE id = ? AND org_id = ?').get(teamId, orgId);
}

/** An organization's teams by name. */
export function orgTeams(db: Db, orgId: number): TeamRow[] {
  return db.prepare<[number], TeamRow>('SELECT * FROM teams WHERE org_id = ? ORDER BY name').all(orgId);
}

/** A user's teams, by organization login then team name. */
export function userTeams(db: Db, userId: number): TeamRow[] {
  return db
    .prepare<[number], TeamRow>(
      'SELECT t.* FROM team_members tm JOIN teams t ON t.id = tm.team_id JOIN users o ON o.id = t.org_id WHERE tm.user_id = ? ORDER BY o.login, t.name',
    )
    .all(userId);
}

/** Whether a team of the organization has this name (ignoring case) or this slug. */
export function teamNameOrSlugTaken(db: Db, orgId: number, name: string, slug: string): boolean {
  return !!db.prepare('SELECT 1 FROM teams WHERE org_id = ? AND (name = ? COLLATE NOCASE OR slug = ?)').get(orgId, name, slug);
}

/** Whether a team of the organization other than `teamId` has this name (ignoring case). */
export function otherTeamNamed(db: Db, orgId: number, teamId: number, name: string): boolean {
  return !!db.prepare('SELECT 1 FROM teams WHERE org_id = ? AND id != ? AND name = ? COLLATE NOCASE').get(orgId, teamId, name);
}

/** Renames a team (its slug follows), sets its permission, and its description unless null. */
export function updateTeam(db: Db, teamId: number, name: string, permission: TeamRow['permission'], description: string | null): void {
  db.prepare('UPDATE teams SET name = ?, slug = ?, permission = ?, description = coalesce(?, description), updated_at = ? WHERE id = ?').run(
    name,
    slugify(name),
    permission,
    description,
    isoTime(),
    teamId,
  );
}

/** Deletes a team; its members leave the organization unless another team keeps them in. */
export function deleteTeam(db: Db, team: TeamRow): void {
  db.transaction(() => {
    const memberIds = db.prepare('SELECT user_id FROM team_members WHERE team_id = ?').pluck().all(team.id) as number[];
    db.prepare('DELETE FROM teams WHERE id = ?').run(team.id);
    for (const id of memberIds) removeTeamMember(db, team, id);
  })();
}

export function isTeamMember(db: Db, teamId: number, userId: number): boolean {
  return !!db.prepare('SELECT 1 FROM team_members WHERE team_id = ? AND user_id = ?').get(teamId, userId);
}

export function teamMemberCount(db: Db, teamId: number): number {
  return db.prepare('SELECT count(*) FROM team_members WHERE team_id = ?').pluck().get(teamId) as number;
}

/** A team's members by login. */
export function teamMembers(db: Db, teamId: number): UserRow[] {
  return db.prepare<[number], UserRow>('SELECT u.* FROM team_members tm JOIN users u ON u.id = tm.user_id WHERE tm.team_id = ? ORDER BY u.login').all(teamId);
}

/** A team's repositories by name: every repository of the organization for its Owners team. */
export function teamRepos(db: Db, team: TeamRow): RepoRow[] {
  return team.is_owners
    ? db.prepare<[number], RepoRow>('SELECT * FROM repositories WHERE owner_id = ? ORDER BY name').all(team.org_id)
    : db.prepare<[number], RepoRow>('SELECT r.* FROM team_repos tr JOIN repositories r ON r.id = tr.repo_id WHERE tr.team_id = ? ORDER BY r.name').all(team.id);
}

/** How many repositories teamRepos lists. */
export function teamRepoCount(db: Db, team: TeamRow): number {
  return team.is_owners
    ? (db.prepare('SELECT count(*) FROM repositories WHERE owner_id = ?').pluck().get(team.org_id) as number)
    : (db.prepare('SELECT count(*) FROM team_repos WHERE team_id = ?').pluck().get(team.id) as number);
}

/** Gives the team a repository; false when it had it already. */
export function addTeamRepo(db: Db, teamId: number, repoId: number): boolean {
  return db.prepare('INSERT OR IGNORE INTO team_repos (team_id, repo_id) VALUES (?, ?)').run(teamId, repoId).changes > 0;
}

export function removeTeamRepo(db: Db, teamId: number, repoId: number): void {
  db.prepare('DELETE FROM team_repos WHERE team_id = ? AND repo_id = ?').run(teamId, repoId);
}
