// The addresses of the web pages: exactly the `html_url` forms the API
// returns. They share the plain (non-/api/v3) paths with the API, whose
// static routes (`/repos/...`, `/users/...`, `/login/...`) always win over
// these parametric ones, so the API keeps every path it had.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../server';
import { findUser } from '../hosting/conventions/access';
import { notFound } from '../hosting/conventions/errors';
import { conventionServices } from '../hosting/conventions/module';
import { bases } from '../hosting/conventions/urls';
import { findGist } from '../hosting/gists/store';
import { findIssue } from '../hosting/issues/store';
import { findPull, pullById } from '../hosting/pulls/store';
import { refreshRepoPulls } from '../hosting/pulls/sync';
import { releaseByTag } from '../hosting/releases/store';
import { accountPage } from './account-page';
import { gistPage } from './gist-page';
import { canSeeDrafts, visibleRepo } from './access';
import { webPath } from './html';
import { issuePage } from './issue-page';
import { sendNotFound, sendPage } from './layout';
import { pullPage } from './pull-page';
import { releasePage } from './release-page';
import { repoPage } from './repo-page';

type RepoParams = { Params: { owner: string; repo: string } };
type NumberParams = { Params: { owner: string; repo: string; number: string } };
type TagParams = { Params: { owner: string; repo: string; tag: string } };

export function registerWebRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const { rateLimiter } = conventionServices(ctx);

  // The v3 conventions run on these paths too (they are not under a reserved
  // prefix): keep their checks, but give back the API call they counted, and
  // ask the browser to revalidate (ETag → 304) rather than keep a stale page.
  const options = {
    onSend: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.header('Cache-Control', 'no-cache');
      return payload;
    },
  };
  /** Common start of every page: pages live on the web base only, never under /api/v3. */
  const begin = (req: FastifyRequest, reply: FastifyReply) => {
    if (req.apiPrefix) throw notFound();
    rateLimiter.refund(req, reply);
  };
  const repoOf = (req: FastifyRequest<RepoParams>) => visibleRepo(db, req, req.params.owner, req.params.repo);
  const repoLabel = (p: RepoParams['Params']) => `The repository ${p.owner}/${p.repo}`;

  app.get<{ Params: { login: string } }>('/:login', options, async (req, reply) => {
    begin(req, reply);
    const user = findUser(db, req.params.login);
    if (!user) return sendNotFound(req, reply, `The user or organization ${req.params.login}`);
    return sendPage(reply, 200, accountPage(db, req, user));
  });

  app.get<RepoParams>('/:owner/:repo', options, async (req, reply) => {
    begin(req, reply);
    const r = repoOf(req);
    if (!r) return sendNotFound(req, reply, repoLabel(req.params));
    return sendPage(reply, 200, await repoPage(ctx, bases(ctx, req).web, r));
  });

  app.get<NumberParams>('/:owner/:repo/pull/:number', options, async (req, reply) => {
    begin(req, reply);
    const r = repoOf(req);
    const found = r && findPull(db, r.repo.id, req.params.number);
    if (!r || !found) return sendNotFound(req, reply, `Pull request #${req.params.number} of ${req.params.owner}/${req.params.repo}`);
    // An open pull request follows its branches; catch up as the API does before showing it.
    if (found.state === 'open') await refreshRepoPulls(ctx, r.repo.id);
    return sendPage(reply, 200, await pullPage(ctx, bases(ctx, req), r, pullById(db, found.id)!));
  });

  app.get<NumberParams>('/:owner/:repo/issues/:number', options, async (req, reply) => {
    begin(req, reply);
    const r = repoOf(req);
    const issue = r && findIssue(db, r.repo.id, req.params.number);
    if (!r || !issue) return sendNotFound(req, reply, `Issue #${req.params.number} of ${req.params.owner}/${req.params.repo}`);
    // Pull requests are issues too (search returns /issues/ links for them): show the pull request page.
    if (issue.is_pull)
      return reply
        .code(302)
        .header('Location', webPath(r.owner.login, r.repo.name, 'pull', issue.number))
        .send();
    return sendPage(reply, 200, issuePage(db, r, issue));
  });

  // A gist and its files (`html_url` and `raw_url` of gists); the static `gist` segment wins over `/:owner/:repo`.
  app.get<{ Params: { id: string } }>('/gist/:id', options, async (req, reply) => {
    begin(req, reply);
    const gist = findGist(db, req.params.id);
    if (!gist) return sendNotFound(req, reply, `The gist ${req.params.id}`);
    return sendPage(reply, 200, gistPage(db, gist));
  });

  app.get<{ Params: { id: string; name: string } }>('/gist/:id/raw/:name', options, async (req, reply) => {
    begin(req, reply);
    const gist = findGist(db, req.params.id);
    const files = gist ? (JSON.parse(gist.files) as Record<string, string>) : {};
    const content = Object.hasOwn(files, req.params.name) ? files[req.params.name] : undefined;
    if (content === undefined) return sendNotFound(req, reply, `The file ${req.params.name} of gist ${req.params.id}`);
    return reply.header('Content-Type', 'text/plain; charset=utf-8').header('X-Content-Type-Options', 'nosniff').send(content);
  });

  app.get<TagParams>('/:owner/:repo/releases/tag/:tag', options, async (req, reply) => {
    begin(req, reply);
    const r = repoOf(req);
    const release = r && releaseByTag(db, r.repo.id, req.params.tag);
    if (!r || !release || (release.draft && !canSeeDrafts(r))) {
      return sendNotFound(req, reply, `The release ${req.params.tag} of ${req.params.owner}/${req.params.repo}`);
    }
    return sendPage(reply, 200, releasePage(db, r, release));
  });
}
