// Teams: the 14 rows of docs/service-api/hosting/organizations §3 with their
// permission rules (Owners members manage; team members read their team; admin
// teams manage their members) and the 422 `org` / `not_owned` errors.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { findOrg, findRepo, findUser, findUserById, isOrgMember, isOrgOwner, repoPermission } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, parseBody } from '../conventions/conventions';
import { alreadyExists, forbidden, notFound, requiresAuthentication, validationFailed } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { orgSummary, repoSummary, userSummary } from '../conventions/representations';
import type { Bases } from '../conventions/urls';
import type { RepoRow } from '../repos/schema';
import type { TeamRow, UserRow } from './schema';
import { requireScope } from '../conventions/scopes';
import { bases } from '../conventions/urls';
import { repoById } from '../repos/store';
import {
  addTeamMember,
  addTeamRepo,
  createTeam,
  deleteTeam,
  isTeamMember,
  orgTeams,
  otherTeamNamed,
  removeTeamMember,
  removeTeamRepo,
  slugify,
  teamById,
  teamMemberCount,
  teamMembers,
  teamNameOrSlugTaken,
  teamRepoCount,
  teamRepos,
  updateTeam,
  userTeams,
} from './store';

const permission = z.enum(['pull', 'push', 'admin']);
const teamCreate = z.object({
  name: z.string().min(1).max(255),
  repo_names: z.array(z.string()).optional(),
  permission: permission.optional(),
  description: z.string().nullable().optional(),
});
const teamUpdate = z.object({ name: z.string().min(1).max(255), permission: permission.optional(), description: z.string().nullable().optional() });

type TeamParams = { Params: { id: string } };
type TeamUserParams = { Params: { id: string; username: string } };
type TeamRepoParams = { Params: { id: string; owner: string; repo: string } };

function teamSummary(b: Bases, t: TeamRow): Record<string, unknown> {
  const url = `${b.api}/teams/${t.id}`;
  return {
    url,
    name: t.name,
    id: t.id,
    slug: t.slug,
    description: t.description,
    permission: t.permission,
    members_url: `${url}/members{/member}`,
    repositories_url: `${url}/repos`,
  };
}

function teamDetailed(ctx: EmulatorContext, b: Bases, t: TeamRow): Record<string, unknown> {
  const { db } = ctx;
  const org = findUserById(db, t.org_id)!;
  const o = orgSummary(b, org);
  return {
    ...teamSummary(b, t),
    members_count: teamMemberCount(db, t.id),
    repos_count: teamRepoCount(db, t),
    organization: { login: o.login, id: o.id, url: o.url, avatar_url: o.avatar_url },
  };
}

/** The checks and events every team route shares. */
function teamRouteHelpers(ctx: EmulatorContext) {
  const { db } = ctx;

  /** The signed-in caller, with the scopes this action checks. */
  const caller = (req: FastifyRequest, reply: FastifyReply, scopes: string[]): UserRow => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, scopes);
    return user;
  };
  /** The team, visible only to members of its organization (404 otherwise). */
  const loadTeam = (req: FastifyRequest<TeamParams>, user: UserRow): TeamRow => {
    const team = teamById(db, req.params.id);
    if (!team || !isOrgMember(db, team.org_id, user.id)) throw notFound();
    return team;
  };
  const requireOwner = (orgId: number, user: UserRow) => {
    if (!isOrgOwner(db, orgId, user.id)) throw forbidden('You must be an owner of this organization (a member of its Owners team).');
  };
  /** Readers of a team's members and repositories: its members and the organization's owners. */
  const requireTeamReader = (team: TeamRow, user: UserRow) => {
    if (!isTeamMember(db, team.id, user.id) && !isOrgOwner(db, team.org_id, user.id)) throw forbidden('You must be a member of this team.');
  };
  const emitTeamAdd = (team: TeamRow, repo: RepoRow, sender: UserRow) => {
    const b = bases(ctx);
    const org = findUserById(db, team.org_id)!;
    const owner = findUserById(db, repo.owner_id)!;
    ctx.events.emitEvent(
      'team_add',
      {
        team: teamSummary(b, team),
        repository: repoSummary(b, repo, owner, repoPermission(db, repo, sender)),
        organization: orgSummary(b, org),
        sender: userSummary(b, sender),
      },
      { repoId: repo.id, orgId: org.id },
    );
  };
  /** `org/repo` or `repo`: an organization repository, or a direct fork of one (not_owned otherwise). */
  const ownedRepo = (org: UserRow, owner: string, name: string, field: string): RepoRow => {
    const found = findRepo(db, owner, name);
    if (!found) throw validationFailed({ resource: 'TeamMember', field, code: 'not_owned' });
    const { repo } = found;
    const parentOwner = repo.parent_id ? repoById(db, repo.parent_id)?.owner_id : undefined;
    if (repo.owner_id !== org.id && parentOwner !== org.id) throw validationFailed({ resource: 'TeamMember', field, code: 'not_owned' });
    return repo;
  };
  /** Adding and removing members: the organization's owners, or members of this team when it has admin permission. */
  const requireMemberManager = (team: TeamRow, user: UserRow) => {
    if (isOrgOwner(db, team.org_id, user.id)) return;
    if (team.permission === 'admin' && isTeamMember(db, team.id, user.id)) return;
    throw forbidden('You must have admin permission on this team or own the organization.');
  };
  return { caller, loadTeam, requireOwner, requireTeamReader, emitTeamAdd, ownedRepo, requireMemberManager };
}

type TeamRouteHelpers = ReturnType<typeof teamRouteHelpers>;

export function registerTeamRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const helpers = teamRouteHelpers(ctx);
  registerTeamListAndEditRoutes(app, ctx, helpers);
  registerTeamMemberRoutes(app, ctx, helpers);
  registerTeamRepoRoutes(app, ctx, helpers);
}

/** An organization's teams: list, get, create, edit, delete. */
function registerTeamListAndEditRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  { caller, loadTeam, requireOwner, emitTeamAdd, ownedRepo }: TeamRouteHelpers,
): void {
  const { db } = ctx;

  app.get<{ Params: { org: string } }>('/orgs/:org/teams', { config: { cacheable: true } }, async (req, reply) => {
    const user = caller(req, reply, ['read:org']);
    const org = findOrg(db, req.params.org);
    if (!org || !isOrgMember(db, org.id, user.id)) throw notFound();
    const teams = orgTeams(db, org.id);
    const b = bases(ctx, req);
    return paginate(req, reply, teams.length, (l, o) => teams.slice(o, o + l)).map((t) => teamSummary(b, t));
  });

  app.get<TeamParams>('/teams/:id', { config: { cacheable: true } }, async (req, reply) => {
    const user = caller(req, reply, ['read:org']);
    const team = loadTeam(req, user);
    return teamDetailed(ctx, bases(ctx, req), team);
  });

  app.post<{ Params: { org: string } }>('/orgs/:org/teams', async (req, reply) => {
    const user = caller(req, reply, ['admin:org']);
    const org = findOrg(db, req.params.org);
    if (!org || !isOrgMember(db, org.id, user.id)) throw notFound();
    requireOwner(org.id, user);
    const body = parseBody(req, 'Team', teamCreate);
    if (teamNameOrSlugTaken(db, org.id, body.name, slugify(body.name))) throw alreadyExists('Team', 'name');
    const repos = (body.repo_names ?? []).map((full) => {
      const [owner, name] = full.includes('/') ? full.split('/', 2) : [org.login, full];
      return ownedRepo(org, owner ?? '', name ?? '', 'repo_names');
    });
    const team = db.transaction(() => {
      const t = createTeam(db, org.id, body.name, body.permission ?? 'pull', false, body.description ?? null);
      for (const r of repos) addTeamRepo(db, t.id, r.id);
      return t;
    })();
    for (const r of repos) emitTeamAdd(team, r, user);
    const b = bases(ctx, req);
    return created(reply, `${b.api}/teams/${team.id}`, teamDetailed(ctx, b, team));
  });

  app.patch<TeamParams>('/teams/:id', async (req, reply) => {
    const user = caller(req, reply, ['admin:org']);
    const team = loadTeam(req, user);
    requireOwner(team.org_id, user);
    const body = parseBody(req, 'Team', teamUpdate);
    // The Owners team always administers: its permission stays admin.
    const perm = team.is_owners ? 'admin' : (body.permission ?? 'pull');
    if (team.is_owners && body.permission && body.permission !== 'admin') throw validationFailed({ resource: 'Team', field: 'permission', code: 'invalid' });
    if (otherTeamNamed(db, team.org_id, team.id, body.name)) throw alreadyExists('Team', 'name');
    updateTeam(db, team.id, body.name, perm, body.description ?? null);
    return teamDetailed(ctx, bases(ctx, req), teamById(db, team.id)!);
  });

  app.delete<TeamParams>('/teams/:id', async (req, reply) => {
    const user = caller(req, reply, ['admin:org']);
    const team = loadTeam(req, user);
    requireOwner(team.org_id, user);
    if (team.is_owners) throw forbidden('The Owners team cannot be deleted.');
    deleteTeam(db, team);
    return reply.code(204).send();
  });
}

/** A team's members: list, check, add, remove. */
function registerTeamMemberRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  { caller, loadTeam, requireTeamReader, requireMemberManager }: TeamRouteHelpers,
): void {
  const { db } = ctx;

  app.get<TeamParams>('/teams/:id/members', { config: { cacheable: true } }, async (req, reply) => {
    const user = caller(req, reply, ['read:org']);
    const team = loadTeam(req, user);
    requireTeamReader(team, user);
    const users = teamMembers(db, team.id);
    const b = bases(ctx, req);
    return paginate(req, reply, users.length, (l, o) => users.slice(o, o + l)).map((u) => userSummary(b, u));
  });

  app.get<TeamUserParams>('/teams/:id/members/:username', async (req, reply) => {
    const user = caller(req, reply, ['read:org']);
    const team = loadTeam(req, user);
    requireTeamReader(team, user);
    const target = findUser(db, req.params.username);
    if (target && isTeamMember(db, team.id, target.id)) return reply.code(204).send();
    throw notFound();
  });

  app.put<TeamUserParams>('/teams/:id/members/:username', async (req, reply) => {
    const user = caller(req, reply, ['admin:org']);
    const team = loadTeam(req, user);
    requireMemberManager(team, user);
    const target = findUser(db, req.params.username);
    if (!target) throw notFound();
    if (target.type === 'Organization') throw validationFailed({ resource: 'TeamMember', field: 'user', code: 'org' });
    db.transaction(() => addTeamMember(db, team, target.id))();
    return reply.code(204).send();
  });

  app.delete<TeamUserParams>('/teams/:id/members/:username', async (req, reply) => {
    const user = caller(req, reply, ['admin:org']);
    const team = loadTeam(req, user);
    requireMemberManager(team, user);
    const target = findUser(db, req.params.username);
    if (!target || !isTeamMember(db, team.id, target.id)) throw notFound();
    if (team.is_owners && teamMemberCount(db, team.id) <= 1) {
      throw forbidden('Cannot remove the last owner of the organization.');
    }
    db.transaction(() => removeTeamMember(db, team, target.id))();
    return reply.code(204).send();
  });
}

/** A team's repositories (list, check, add, remove), and the caller's teams. */
function registerTeamRepoRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  { caller, loadTeam, requireOwner, requireTeamReader, emitTeamAdd, ownedRepo }: TeamRouteHelpers,
): void {
  const { db } = ctx;

  app.get<TeamParams>('/teams/:id/repos', { config: { cacheable: true } }, async (req, reply) => {
    const user = caller(req, reply, ['read:org']);
    const team = loadTeam(req, user);
    requireTeamReader(team, user);
    const repos = teamRepos(db, team);
    const b = bases(ctx, req);
    const org = findUserById(db, team.org_id)!;
    return paginate(req, reply, repos.length, (l, o) => repos.slice(o, o + l)).map((r) =>
      repoSummary(b, r, r.owner_id === org.id ? org : findUserById(db, r.owner_id)!, repoPermission(db, r, user)),
    );
  });

  app.get<TeamRepoParams>('/teams/:id/repos/:owner/:repo', async (req, reply) => {
    const user = caller(req, reply, ['read:org']);
    const team = loadTeam(req, user);
    requireTeamReader(team, user);
    const found = findRepo(db, req.params.owner, req.params.repo);
    if (found && teamRepos(db, team).some((r) => r.id === found.repo.id)) return reply.code(204).send();
    throw notFound();
  });

  app.put<TeamRepoParams>('/teams/:id/repos/:owner/:repo', async (req, reply) => {
    const user = caller(req, reply, ['admin:org']);
    const team = loadTeam(req, user);
    requireOwner(team.org_id, user);
    const org = findUserById(db, team.org_id)!;
    const repo = ownedRepo(org, req.params.owner, req.params.repo, 'repository');
    if (addTeamRepo(db, team.id, repo.id)) emitTeamAdd(team, repo, user);
    return reply.code(204).send();
  });

  app.delete<TeamRepoParams>('/teams/:id/repos/:owner/:repo', async (req, reply) => {
    const user = caller(req, reply, ['admin:org']);
    const team = loadTeam(req, user);
    requireOwner(team.org_id, user);
    if (team.is_owners) throw forbidden('Repositories cannot be removed from the Owners team.');
    const found = findRepo(db, req.params.owner, req.params.repo);
    if (!found) throw notFound();
    removeTeamRepo(db, team.id, found.repo.id);
    return reply.code(204).send();
  });

  app.get('/user/teams', { config: { cacheable: true } }, async (req, reply) => {
    const user = caller(req, reply, ['user', 'repo']);
    const teams = userTeams(db, user.id);
    const b = bases(ctx, req);
    return paginate(req, reply, teams.length, (l, o) => teams.slice(o, o + l)).map((t) => teamDetailed(ctx, b, t));
  });
}
