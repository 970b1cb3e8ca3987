// The minimal issue endpoints (docs/service-api/hosting/repositories §9,
// docs/service-api/decisions §5): create and get, so that comments and labels
// have a target.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { loadRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, parseBody } from '../conventions/conventions';
import { notFound, requiresAuthentication } from '../conventions/errors';
import { bases } from '../conventions/urls';
import { emitIssueEvent, findIssue, insertIssue, issueJson } from './store';

type RepoParams = { Params: { owner: string; repo: string } };
type IssueParams = { Params: { owner: string; repo: string; number: string } };

const createBody = z.object({ title: z.string().min(1), body: z.string().nullable().optional() });

export function registerIssueRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;

  app.post<RepoParams>('/repos/:owner/:repo/issues', async (req, reply) => {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'pull');
    const f = parseBody(req, 'Issue', createBody);
    const issue = db.transaction(() => insertIssue(db, repo.id, user.id, f.title, f.body ?? null, false))();
    const json = issueJson(db, bases(ctx, req), repo, issue);
    emitIssueEvent(ctx, 'opened', repo, issue, user);
    return created(reply, json.url as string, json);
  });

  app.get<IssueParams>('/repos/:owner/:repo/issues/:number', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'pull');
    const issue = findIssue(db, repo.id, req.params.number);
    if (!issue) throw notFound();
    return issueJson(db, bases(ctx, req), repo, issue);
  });
}
