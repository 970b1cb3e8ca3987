// The 7 repository rows of document 2, plus the operations the account side
// needs around them: edit (rename with redirects, publish), delete, forks.
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { repoGitPath } from '../../git';
import type { EmulatorContext } from '../../server';
import { effectivePermission, findOrg, findUser, isOrgMember, loadRepo } from '../core/access';
import { currentUser } from '../core/auth';
import { created, parseBody } from '../core/conventions';
import { alreadyExists, forbidden, invalidField, notFound, requiresAuthentication } from '../core/errors';
import { paginate } from '../core/pagination';
import { repoMinimal } from '../core/representations';
import type { RepoRow, UserRow } from '../core/schema';
import { requireScope } from '../core/scopes';
import { isoTime } from '../core/time';
import { bases } from '../core/urls';
import { createRepository, emitRepoEvent, forkRepository, isValidRepoName } from './create';
import { repoDetailed, summaryOf } from './representation';

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

const SORT_COLUMNS: Record<string, string> = {
  full_name: "lower(o.login || '/' || r.name)",
  created: 'r.created_at',
  updated: 'r.updated_at',
  pushed: 'coalesce(r.pushed_at, r.created_at)',
};

/** ORDER BY of the sort/direction filters: full_name by default, asc for full_name, desc otherwise. */
function orderBy(q: ListQuery['Querystring']): string {
  const sort = q.sort ?? 'full_name';
  const column = SORT_COLUMNS[sort];
  if (!column) throw invalidField('Repository', 'sort');
  const direction = q.direction ?? (sort === 'full_name' ? 'asc' : 'desc');
  if (direction !== 'asc' && direction !== 'desc') throw invalidField('Repository', 'direction');
  return `${column} ${direction}, r.id ${direction}`;
}

export function registerRepoRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const signedIn = (req: FastifyRequest): UserRow => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    return user;
  };
  /** Lists rows of a query (owner joined as `o`), visible to the caller, one page of summaries. */
  const listPage = (req: FastifyRequest, reply: FastifyReply, where: string, params: unknown[], order: string) => {
    const rows = db.prepare<unknown[], RepoRow>(`SELECT r.* FROM repositories r JOIN users o ON o.id = r.owner_id WHERE ${where} ORDER BY ${order}`).all(...params);
    const visible = rows.map((r) => ({ r, p: effectivePermission(db, req, r) })).filter((x) => x.p !== null);
    const b = bases(ctx, req);
    return paginate(req, reply, visible.length, (l, o) => visible.slice(o, o + l)).map(({ r, p }) => summaryOf(db, b, r, p));
  };

  app.get<ListQuery>('/user/repos', { config: { cacheable: true } }, async (req, reply) => {
    const user = signedIn(req);
    const type = req.query.type ?? 'all';
    const order = orderBy(req.query);
    const owned = 'r.owner_id = ?';
    const member = "(r.id IN (SELECT repo_id FROM collaborators WHERE user_id = ?) AND o.type = 'User')";
    const byType: Record<string, [string, unknown[]]> = {
      all: [`(${owned} OR ${member})`, [user.id, user.id]],
      owner: [owned, [user.id]],
      public: [`(${owned} OR ${member}) AND r.private = 0`, [user.id, user.id]],
      private: [`(${owned} OR ${member}) AND r.private = 1`, [user.id, user.id]],
      member: [member, [user.id]],
    };
    const chosen = byType[type];
    if (!chosen) throw invalidField('Repository', 'type');
    return listPage(req, reply, chosen[0], chosen[1], order);
  });

  app.get<{ Params: { username: string } } & ListQuery>('/users/:username/repos', { config: { cacheable: true } }, async (req, reply) => {
    const user = findUser(db, req.params.username);
    if (!user) throw notFound();
    const type = req.query.type ?? 'owner';
    const order = orderBy(req.query);
    const owned = 'r.owner_id = ?';
    const member = 'r.id IN (SELECT repo_id FROM collaborators WHERE user_id = ?)';
    const byType: Record<string, [string, unknown[]]> = {
      all: [`(${owned} OR ${member})`, [user.id, user.id]],
      owner: [owned, [user.id]],
      member: [member, [user.id]],
    };
    const chosen = byType[type];
    if (!chosen) throw invalidField('Repository', 'type');
    return listPage(req, reply, `${chosen[0]} AND r.private = 0`, chosen[1], order);
  });

  app.get<{ Params: { org: string } } & ListQuery>('/orgs/:org/repos', { config: { cacheable: true } }, async (req, reply) => {
    const org = findOrg(db, req.params.org);
    if (!org) throw notFound();
    const type = req.query.type ?? 'all';
    const order = orderBy(req.query);
    const user = currentUser(req);
    const byType: Record<string, string> = {
      all: '1 = 1',
      public: 'r.private = 0',
      private: 'r.private = 1',
      forks: 'r.fork = 1',
      sources: 'r.fork = 0',
      member: `r.id IN (SELECT tr.repo_id FROM team_repos tr JOIN team_members tm ON tm.team_id = tr.team_id WHERE tm.user_id = ${user ? user.id : 0})
               OR EXISTS (SELECT 1 FROM teams t JOIN team_members tm ON tm.team_id = t.id WHERE t.org_id = r.owner_id AND t.is_owners = 1 AND tm.user_id = ${user ? user.id : 0})`,
    };
    const chosen = byType[type];
    if (!chosen) throw invalidField('Repository', 'type');
    return listPage(req, reply, `r.owner_id = ? AND (${chosen})`, [org.id], order);
  });

  // Every public repository in creation order, paged only by `since`.
  app.get<{ Querystring: { since?: string } }>('/repositories', { config: { cacheable: true } }, async (req, reply) => {
    const since = /^\d{1,15}$/.test(req.query.since ?? '') ? Number(req.query.since) : 0;
    const rows = db.prepare<[number], RepoRow>('SELECT * FROM repositories WHERE private = 0 AND id > ? ORDER BY id LIMIT 100').all(since);
    const b = bases(ctx, req);
    const last = rows[rows.length - 1];
    const links = [`<${b.api}/repositories{?since}>; rel="first"`];
    if (last && rows.length === 100) links.unshift(`<${b.api}/repositories?since=${last.id}>; rel="next"`);
    reply.header('Link', links.join(', '));
    return rows.map((r) => repoMinimal(b, r, ctx.db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(r.owner_id)!));
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
    if (renamed && name.toLowerCase() !== repo.name.toLowerCase() && db.prepare('SELECT 1 FROM repositories WHERE owner_id = ? AND name = ?').get(repo.owner_id, name)) {
      throw alreadyExists('Repository', 'name');
    }
    db.transaction(() => {
      db.prepare(
        `UPDATE repositories SET name = ?, description = ?, homepage = ?, private = ?, has_issues = ?, has_wiki = ?, has_downloads = ?, default_branch = ?, updated_at = ? WHERE id = ?`,
      ).run(
        name,
        body.description !== undefined ? body.description : repo.description,
        body.homepage !== undefined ? body.homepage : repo.homepage,
        body.private === undefined ? repo.private : body.private ? 1 : 0,
        body.has_issues === undefined ? repo.has_issues : body.has_issues ? 1 : 0,
        body.has_wiki === undefined ? repo.has_wiki : body.has_wiki ? 1 : 0,
        body.has_downloads === undefined ? repo.has_downloads : body.has_downloads ? 1 : 0,
        body.default_branch ?? repo.default_branch,
        isoTime(),
        repo.id,
      );
      if (renamed) {
        db.prepare('DELETE FROM repository_redirects WHERE owner_login = ? AND name = ?').run(owner.login, name);
        db.prepare('INSERT OR REPLACE INTO repository_redirects (owner_login, name, repo_id) VALUES (?, ?, ?)').run(owner.login, repo.name, repo.id);
      }
    })();
    const updated = db.prepare<[number], RepoRow>('SELECT * FROM repositories WHERE id = ?').get(repo.id)!;
    if (repo.private && !updated.private) emitRepoEvent(ctx, 'public', {}, updated, user);
    return repoDetailed(db, bases(ctx, req), updated, 'admin');
  });

  app.delete<RepoParams>('/repos/:owner/:repo', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    requireScope(req, reply, ['delete_repo'], 'forbidden');
    db.transaction(() => {
      db.prepare('UPDATE repositories SET forks_count = max(0, forks_count - 1) WHERE id = ?').run(repo.parent_id ?? -1);
      db.prepare('DELETE FROM repositories WHERE id = ?').run(repo.id);
    })();
    fs.rmSync(repoGitPath(ctx.gitDir, repo.id), { recursive: true, force: true });
    return reply.code(204).send();
  });

  app.get<RepoParams & { Querystring: { sort?: string } }>('/repos/:owner/:repo/forks', { config: { cacheable: true } }, async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const orders: Record<string, string> = { newest: 'r.created_at DESC, r.id DESC', oldest: 'r.created_at ASC, r.id ASC', stargazers: 'r.stargazers_count DESC, r.id DESC' };
    const order = orders[req.query.sort ?? 'newest'];
    if (!order) throw invalidField('Repository', 'sort');
    return listPage(req, reply, 'r.parent_id = ?', [repo.id], order);
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
    const owner = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(fork.owner_id)!;
    // Forking happens asynchronously on the real service: 202 Accepted.
    return reply.code(202).header('Location', `${b.api}/repos/${owner.login}/${fork.name}`).send(repoDetailed(db, b, fork, 'admin'));
  });
}
