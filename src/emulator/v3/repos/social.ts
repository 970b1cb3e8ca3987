// Stars (the `watch` event), collaborators of user-owned repositories (the
// `member` event) and the gitignore template listing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';
import { findUser, loadRepo } from '../core/access';
import { currentUser } from '../core/auth';
import { notFound, requiresAuthentication, validationFailed } from '../core/errors';
import { paginate } from '../core/pagination';
import { userSummary } from '../core/representations';
import type { UserRow } from '../core/schema';
import { requireScope } from '../core/scopes';
import { isoTime } from '../core/time';
import { bases } from '../core/urls';
import { emitRepoEvent } from './create';
import { GITIGNORE_TEMPLATES, gitignoreText } from './templates';

type RepoParams = { Params: { owner: string; repo: string } };
type CollaboratorParams = { Params: { owner: string; repo: string; username: string } };

export function registerSocialRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const signedIn = (req: FastifyRequest): UserRow => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    return user;
  };
  const refreshStarCount = (repoId: number) =>
    db.prepare('UPDATE repositories SET stargazers_count = (SELECT count(*) FROM stars WHERE repo_id = ?), watchers_count = (SELECT count(*) FROM stars WHERE repo_id = ?) WHERE id = ?').run(repoId, repoId, repoId);

  app.get<RepoParams>('/user/starred/:owner/:repo', async (req, reply) => {
    const user = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    if (db.prepare('SELECT 1 FROM stars WHERE repo_id = ? AND user_id = ?').get(repo.id, user.id)) return reply.code(204).send();
    throw notFound();
  });

  app.put<RepoParams>('/user/starred/:owner/:repo', async (req, reply) => {
    const user = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const added = db.transaction(() => {
      const changes = db.prepare('INSERT OR IGNORE INTO stars (repo_id, user_id, created_at) VALUES (?, ?, ?)').run(repo.id, user.id, isoTime()).changes;
      refreshStarCount(repo.id);
      return changes > 0;
    })();
    if (added) emitRepoEvent(ctx, 'watch', { action: 'started' }, repo, user);
    return reply.code(204).send();
  });

  app.delete<RepoParams>('/user/starred/:owner/:repo', async (req, reply) => {
    const user = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    db.transaction(() => {
      db.prepare('DELETE FROM stars WHERE repo_id = ? AND user_id = ?').run(repo.id, user.id);
      refreshStarCount(repo.id);
    })();
    return reply.code(204).send();
  });

  app.get<RepoParams>('/repos/:owner/:repo/stargazers', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const users = db.prepare<[number], UserRow>('SELECT u.* FROM stars s JOIN users u ON u.id = s.user_id WHERE s.repo_id = ? ORDER BY s.created_at, u.id').all(repo.id);
    const b = bases(ctx, req);
    return paginate(req, reply, users.length, (l, o) => users.slice(o, o + l)).map((u) => userSummary(b, u));
  });

  app.get<RepoParams>('/repos/:owner/:repo/collaborators', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'push');
    const users = db
      .prepare<[number, number], UserRow>('SELECT * FROM users WHERE id = ? UNION SELECT u.* FROM collaborators c JOIN users u ON u.id = c.user_id WHERE c.repo_id = ? ORDER BY login')
      .all(repo.owner_id, repo.id)
      .filter((u) => u.type === 'User');
    const b = bases(ctx, req);
    return paginate(req, reply, users.length, (l, o) => users.slice(o, o + l)).map((u) => userSummary(b, u));
  });

  app.get<CollaboratorParams>('/repos/:owner/:repo/collaborators/:username', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'push');
    const user = findUser(db, req.params.username);
    if (user && (user.id === repo.owner_id || db.prepare('SELECT 1 FROM collaborators WHERE repo_id = ? AND user_id = ?').get(repo.id, user.id))) return reply.code(204).send();
    throw notFound();
  });

  app.put<CollaboratorParams>('/repos/:owner/:repo/collaborators/:username', async (req, reply) => {
    const sender = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    requireScope(req, reply, ['repo'], 'forbidden');
    const user = findUser(db, req.params.username);
    if (!user) throw notFound();
    if (user.type === 'Organization') throw validationFailed({ resource: 'Collaborator', field: 'user', code: 'org' });
    const added = db.prepare('INSERT OR IGNORE INTO collaborators (repo_id, user_id) VALUES (?, ?)').run(repo.id, user.id).changes > 0;
    const owner = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(repo.owner_id)!;
    // The member event is for collaborators of repositories that no organization owns.
    if (added && owner.type === 'User') emitRepoEvent(ctx, 'member', { action: 'added', member: userSummary(bases(ctx), user) }, repo, sender);
    return reply.code(204).send();
  });

  app.delete<CollaboratorParams>('/repos/:owner/:repo/collaborators/:username', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    requireScope(req, reply, ['repo'], 'forbidden');
    const user = findUser(db, req.params.username);
    if (user) db.prepare('DELETE FROM collaborators WHERE repo_id = ? AND user_id = ?').run(repo.id, user.id);
    return reply.code(204).send();
  });

  app.get('/gitignore/templates', async () => Object.keys(GITIGNORE_TEMPLATES).sort());
  app.get<{ Params: { name: string } }>('/gitignore/templates/:name', async (req) => {
    const source = gitignoreText(req.params.name);
    if (source === undefined) throw notFound();
    return { name: req.params.name, source };
  });
}
