// The 7 repository rows of docs/service-api/hosting/repositories §3–§8, plus
// the operations the account side needs around them: edit (rename with
// redirects, publish), delete, forks.
import { repositoriesOf } from '../conventions/repositories';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { repoGitPath } from '../../git';
import type { EmulatorContext } from '../../server';
import { effectivePermission, findOrg, findUser, findUserById, isOrgMember, loadRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, parseBody } from '../conventions/conventions';
import { alreadyExists, forbidden, invalidField, notFound, requiresAuthentication } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { repoMinimal } from '../conventions/representations';
import type { RepoRow } from './schema';
import type { UserRow } from '../accounts/schema';
import { requireScope } from '../conventions/scopes';
import { bases } from '../conventions/urls';
import { createRepository, emitRepoEvent, forkRepository, isValidRepoName } from './create';
import { repoDetailed, summaryOf } from './representation';
import {
  deleteRepository,
  forksOf,
  isForkSort,
  isOrgReposType,
  isOwnReposType,
  isRepoSort,
  isUserReposType,
  orgRepos,
  ownRepos,
  publicReposSince,
  publicUserRepos,
  recordRename,
  repoById,
  repoNameTaken,
  updateRepository,
  type RepoOrder,
} from './store';

const createBody = z.object({
  name: z.string(),
  description: z.string().nullable().optional(),
  homepage: z.string().nullable().optional(),
  private: z.boolean().optional(),
  has_issues: z.boolean().optional(),
  has_wiki: z.boolean().optional(),
  has_downloads: z.boolean().optional(),
  team_id: z.number().int().optional(),
  auto_init: z.boolean().optional(),
  gitignore_template: z.string().optional(),
  license_template: z.string().optional(),
});

const editBody = z.object({
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  homepage: z.string().nullable().optional(),
  private: z.boolean().optional(),
  has_issues: z.boolean().optional(),
  has_wiki: z.boolean().optional(),
  has_downloads: z.boolean().optional(),
  default_branch: z.string().min(1).optional(),
});

type RepoParams = { Params: { owner: string; repo: string } };
type ListQuery = { Querystring: { type?: string; sort?: string; direction?: string } };

/** The sort/direction filters: full_name by default, asc for full_name, desc otherwise. */
function orderOf(q: ListQuery['Querystring']): RepoOrder {
  const sort = q.sort ?? 'full_name';
  if (!isRepoSort(sort)) throw invalidField('Repository', 'sort');
  const direction = q.direction ?? (sort === 'full_name' ? 'asc' : 'desc');
  if (direction !== 'asc' && direction !== 'desc') throw invalidField('Repository', 'direction');
  return { sort, direction };
}

/** The `type` filter, checked against the types the list knows. */
function typeOf(type: string, known: (type: string) => boolean): string {
  if (!known(type)) throw invalidField('Repository', 'type');
  return type;
}

export function registerRepoRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const signedIn = (req: FastifyRequest): UserRow => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    return user;
  };
  /** The rows visible to the caller, one page of summaries. */
  const listPage = (req: FastifyRequest, reply: FastifyReply, rows: RepoRow[]) => {
    const visible = rows.map((r) => ({ r, p: effectivePermission(db, req, r) })).filter((x) => x.p !== null);
    const b = bases(ctx, req);
    return paginate(req, reply, visible.length, (l, o) => visible.slice(o, o + l)).map(({ r, p }) => summaryOf(db, b, r, p));
  };

  app.get<ListQuery>('/user/repos', { config: { cacheable: true } }, async (req, reply) => {
    const user = signedIn(req);
    const order = orderOf(req.query);
    return listPage(req, reply, ownRepos(db, user.id, typeOf(req.query.type ?? 'all', isOwnReposType), order));
  });

  app.get<{ Params: { username: string } } & ListQuery>('/users/:username/repos', { config: { cacheable: true } }, async (req, reply) => {
    const user = findUser(db, req.params.username);
    if (!user) throw notFound();
    const order = orderOf(req.query);
    return listPage(req, reply, publicUserRepos(db, user.id, typeOf(req.query.type ?? 'owner', isUserReposType), order));
  });

  app.get<{ Params: { org: string } } & ListQuery>('/orgs/:org/repos', { config: { cacheable: true } }, async (req, reply) => {
    const org = findOrg(db, req.params.org);
    if (!org) throw notFound();
    const order = orderOf(req.query);
    const type = typeOf(req.query.type ?? 'all', isOrgReposType);
    return listPage(req, reply, orgRepos(db, org.id, type, currentUser(req)?.id ?? 0, order));
  });

  // Every public repository in creation order, paged only by `since`.
  app.get<{ Querystring: { since?: string } }>('/repositories', { config: { cacheable: true } }, async (req, reply) => {
    const since = /^\d{1,15}$/.test(req.query.since ?? '') ? Number(req.query.since) : 0;
    const rows = publicReposSince(db, since, 100);
    const b = bases(ctx, req);
    const last = rows[rows.length - 1];
    const links = [`<${b.api}/repositories{?since}>; rel="first"`];
    if (last && rows.length === 100) links.unshift(`<${b.api}/repositories?since=${last.id}>; rel="next"`);
    reply.header('Link', links.join(', '));
    return rows.map((r) => repoMinimal(b, r, findUserById(db, r.owner_id)!));
  });

  const create = async (req: FastifyRequest, reply: FastifyReply, owner: UserRow, creator: UserRow) => {
    const body = parseBody(req, 'Repository', createBody);
    requireScope(req, reply, body.private ? ['repo'] : ['public_repo', 'repo'], 'forbidden');
    const repo = await createRepository(ctx, owner, creator, body);
    const b = bases(ctx, req);
    return created(reply, `${b.api}/repos/${owner.login}/${repo.name}`, repoDetailed(db, b, repo, 'admin'));
  };

  app.post('/user/repos', async (req, reply) => {
    const user = signedIn(req);
    return create(req, reply, user, user);
  });

  app.post<{ Params: { org: string } }>('/orgs/:org/repos', async (req, reply) => {
    const user = signedIn(req);
    const org = findOrg(db, req.params.org);
    if (!org) throw notFound();
    if (!isOrgMember(db, org.id, user.id)) throw forbidden('You must be a member of this organization to create a repository in it.');
    return create(req, reply, org, user);
  });

  app.get<RepoParams>('/repos/:owner/:repo', { config: { cacheable: true } }, async (req, reply) => {
    const { repo, permission } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    reply.header('Last-Modified', new Date(repo.updated_at).toUTCString());
    return repoDetailed(db, bases(ctx, req), repo, permission);
  });

  app.patch<RepoParams>('/repos/:owner/:repo', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    const user = signedIn(req);
    const body = parseBody(req, 'Repository', editBody);
    if (body.private === true) requireScope(req, reply, ['repo'], 'forbidden');
    const name = body.name ?? repo.name;
    if (!isValidRepoName(name)) throw invalidField('Repository', 'name');
    const renamed = name !== repo.name;
    if (renamed && name.toLowerCase() !== repo.name.toLowerCase() && repoNameTaken(db, repo.owner_id, name)) {
      throw alreadyExists('Repository', 'name');
    }
    db.transaction(() => {
      updateRepository(db, repo.id, {
        name,
        description: body.description !== undefined ? body.description : repo.description,
        homepage: body.homepage !== undefined ? body.homepage : repo.homepage,
        private: body.private === undefined ? repo.private : body.private ? 1 : 0,
        has_issues: body.has_issues === undefined ? repo.has_issues : body.has_issues ? 1 : 0,
        has_wiki: body.has_wiki === undefined ? repo.has_wiki : body.has_wiki ? 1 : 0,
        has_downloads: body.has_downloads === undefined ? repo.has_downloads : body.has_downloads ? 1 : 0,
        default_branch: body.default_branch ?? repo.default_branch,
      });
      if (renamed) recordRename(db, owner.login, repo.name, name, repo.id);
    })();
    const updated = repoById(db, repo.id)!;
    if (repo.private && !updated.private) emitRepoEvent(ctx, 'public', {}, updated, user);
    return repoDetailed(db, bases(ctx, req), updated, 'admin');
  });

  app.delete<RepoParams>('/repos/:owner/:repo', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    requireScope(req, reply, ['delete_repo'], 'forbidden');
    // Row and folder go together: no later repository gets this id
    // (ids-never-reused.ts), and nothing but a restart would remove the folder.
    deleteRepository(db, repo);
    fs.rmSync(repoGitPath(ctx.gitDir, repo.id), { recursive: true, force: true });
    // Its cat-file process goes with it (or it would hold the deleted files open).
    await repositoriesOf(ctx).forget(repoGitPath(ctx.gitDir, repo.id));
    return reply.code(204).send();
  });

  app.get<RepoParams & { Querystring: { sort?: string } }>('/repos/:owner/:repo/forks', { config: { cacheable: true } }, async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const sort = req.query.sort ?? 'newest';
    if (!isForkSort(sort)) throw invalidField('Repository', 'sort');
    return listPage(req, reply, forksOf(db, repo.id, sort));
  });

  app.post<RepoParams>('/repos/:owner/:repo/forks', async (req, reply) => {
    const user = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const body = parseBody(req, 'Fork', z.object({ organization: z.string().optional() }));
    let target: UserRow = user;
    if (body.organization !== undefined) {
      const org = findOrg(db, body.organization);
      if (!org || !isOrgMember(db, org.id, user.id)) throw invalidField('Fork', 'organization');
      target = org;
    }
    requireScope(req, reply, repo.private ? ['repo'] : ['public_repo', 'repo'], 'forbidden');
    const fork = await forkRepository(ctx, repo, target, user);
    const b = bases(ctx, req);
    const owner = findUserById(db, fork.owner_id)!;
    // Forking happens asynchronously on the real service: 202 Accepted.
    return reply
      .code(202)
      .header('Location', `${b.api}/repos/${owner.login}/${fork.name}`)
      .send(repoDetailed(db, b, fork, 'admin'));
  });
}
