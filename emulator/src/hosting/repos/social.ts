// Stars (the `watch` event), collaborators of user-owned repositories (the
// `member` event) and the gitignore template listing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';
import { findUser, findUserById, loadRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { notFound, requiresAuthentication, validationFailed } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { userSummary } from '../conventions/representations';
import type { UserRow } from '../accounts/schema';
import { requireScope } from '../conventions/scopes';
import { bases } from '../conventions/urls';
import { emitRepoEvent } from './create';
import { addCollaborator, addStar, collaborators, isCollaborator, isStarred, removeCollaborator, removeStar, stargazers } from './store';
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

  app.get<RepoParams>('/user/starred/:owner/:repo', async (req, reply) => {
    const user = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    if (isStarred(db, repo.id, user.id)) return reply.code(204).send();
    throw notFound();
  });

  app.put<RepoParams>('/user/starred/:owner/:repo', async (req, reply) => {
    const user = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    if (addStar(db, repo.id, user.id)) emitRepoEvent(ctx, 'watch', { action: 'started' }, repo, user);
    return reply.code(204).send();
  });

  app.delete<RepoParams>('/user/starred/:owner/:repo', async (req, reply) => {
    const user = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    removeStar(db, repo.id, user.id);
    return reply.code(204).send();
  });

  app.get<RepoParams>('/repos/:owner/:repo/stargazers', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const users = stargazers(db, repo.id);
    const b = bases(ctx, req);
    return paginate(req, reply, users.length, (l, o) => users.slice(o, o + l)).map((u) => userSummary(b, u));
  });

  app.get<RepoParams>('/repos/:owner/:repo/collaborators', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'push');
    const users = collaborators(db, repo);
    const b = bases(ctx, req);
    return paginate(req, reply, users.length, (l, o) => users.slice(o, o + l)).map((u) => userSummary(b, u));
  });

  app.get<CollaboratorParams>('/repos/:owner/:repo/collaborators/:username', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'push');
    const user = findUser(db, req.params.username);
    if (user && (user.id === repo.owner_id || isCollaborator(db, repo.id, user.id))) return reply.code(204).send();
    throw notFound();
  });

  app.put<CollaboratorParams>('/repos/:owner/:repo/collaborators/:username', async (req, reply) => {
    const sender = signedIn(req);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    requireScope(req, reply, ['repo'], 'forbidden');
    const user = findUser(db, req.params.username);
    if (!user) throw notFound();
    if (user.type === 'Organization') throw validationFailed({ resource: 'Collaborator', field: 'user', code: 'org' });
    const added = addCollaborator(db, repo.id, user.id);
    const owner = findUserById(db, repo.owner_id)!;
    // The member event is for collaborators of repositories that no organization owns.
    if (added && owner.type === 'User') emitRepoEvent(ctx, 'member', { action: 'added', member: userSummary(bases(ctx), user) }, repo, sender);
    return reply.code(204).send();
  });

  app.delete<CollaboratorParams>('/repos/:owner/:repo/collaborators/:username', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    requireScope(req, reply, ['repo'], 'forbidden');
    const user = findUser(db, req.params.username);
    if (user) removeCollaborator(db, repo.id, user.id);
    return reply.code(204).send();
  });

  app.get('/gitignore/templates', async () => Object.keys(GITIGNORE_TEMPLATES).sort());
  app.get<{ Params: { name: string } }>('/gitignore/templates/:name', async (req) => {
    const source = gitignoreText(req.params.name);
    if (source === undefined) throw notFound();
    return { name: req.params.name, source };
  });
}
