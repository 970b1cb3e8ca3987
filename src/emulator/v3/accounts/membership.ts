// Team and organization membership changes, shared by the routes and the
// seed. Organization membership follows team membership (document 2): the
// org_memberships row exists while the user is in any team of the organization.
import type { Db } from '../../db';
import type { TeamRow } from '../core/schema';
import { isoTime } from '../core/time';

export function slugify(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'team';
}

export function createTeam(db: Db, orgId: number, name: string, permission: TeamRow['permission'], isOwners = false, description: string | null = null): TeamRow {
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
  return db.prepare('SELECT count(*) FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE t.org_id = ? AND t.is_owners = 1').pluck().get(orgId) as number;
}
