// The web addresses of a pull request's and a comparison's diff and patch,
// the `diff_url` / `patch_url` of their answers:
// `<web>/<owner>/<repo>/pull/<n>.diff|.patch` and
// `<web>/<owner>/<repo>/compare/<base>...<head>.diff|.patch`, the same text
// as the API's diff and patch media types (pulls/routes.ts, compare.ts).
// Outside the documents (they have no such address); clients and people
// follow these URLs as given. A web address, as raw.ts: never under /api/v3,
// not counted against the rate limit, and a private repository needs the
// API's credentials (404 without them).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { repoGitPath, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { visibleRepo, type VisibleRepo } from '../../web/access';
import { notFound } from '../conventions/errors';
import { conventionServices } from '../conventions/module';
import { PullGit } from '../pulls/git';
import type { Pull } from '../pulls/schema';
import { findPull, pullById } from '../pulls/store';
import { refreshRepoPulls } from '../pulls/sync';
import type { RepoParams, RestParams } from './common';
import { comparisonText, resolveComparison } from './compare';
import { DIFF_MEDIA, splitBaseHead, splitDiffFile, type DiffMedia } from './rules';

type PullParams = { Params: { owner: string; repo: string; number: string } };

/** git's text as it is: plain text the browser must not reinterpret, as raw.ts sends a file. */
function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.header('Content-Type', 'text/plain; charset=utf-8').header('X-Content-Type-Options', 'nosniff').send(text);
}

/** The pull request numbered `number`, an open one first brought up to date with its branches, as the API does before answering. */
async function currentPull(ctx: EmulatorContext, repoId: number, number: string): Promise<Pull | undefined> {
  const found = findPull(ctx.db, repoId, number);
  if (!found || found.state !== 'open') return found;
  await refreshRepoPulls(ctx, repoId);
  return pullById(ctx.db, found.id);
}

/** As the API's media types for a pull request (pulls/routes.ts): `git diff base...head`, or `git format-patch` of base..head. */
function pullText(ctx: EmulatorContext, pull: Pull, media: DiffMedia): Promise<string> {
  const git = PullGit.of(ctx, pull.repo_id);
  return media === 'diff' ? git.diff(pull.base_sha, pull.head_sha) : git.formatPatch(pull.base_sha, pull.head_sha);
}

export function registerDiffPages(app: FastifyInstance, ctx: EmulatorContext, repositories: Repositories): void {
  const { rateLimiter } = conventionServices(ctx);

  /** What every web address starts with (web/routes.ts): not under the API prefix, the call given back; then the repository, if the caller may read it. */
  const visible = (req: FastifyRequest, reply: FastifyReply, params: RepoParams['Params']): VisibleRepo => {
    if (req.apiPrefix) throw notFound();
    rateLimiter.refund(req, reply);
    const r = visibleRepo(ctx.db, req, params.owner, params.repo);
    if (!r) throw notFound();
    return r;
  };

  // The router matches a parameter followed by a fixed ending (`:number.diff`)
  // ahead of the plain `:number` of the pull request page (web/routes.ts), so
  // that page keeps every other address.
  for (const media of DIFF_MEDIA) {
    app.get<PullParams>(`/:owner/:repo/pull/:number.${media}`, async (req, reply) => {
      const r = visible(req, reply, req.params);
      const pull = await currentPull(ctx, r.repo.id, req.params.number);
      if (!pull) throw notFound();
      return sendText(reply, await pullText(ctx, pull, media));
    });
  }

  // A ref may hold slashes, so the whole rest; only its `.diff` / `.patch` forms are served (there is no comparison page).
  app.get<RestParams>('/:owner/:repo/compare/*', async (req, reply) => {
    const r = visible(req, reply, req.params);
    const file = splitDiffFile(req.params['*']);
    const spec = file && splitBaseHead(file.name);
    if (!file || !spec) throw notFound();
    const git = repositories.get(repoGitPath(ctx.gitDir, r.repo.id));
    const c = await resolveComparison(ctx, req, { loaded: r, git }, repositories, spec);
    // Unrelated histories have no `base...head`: 404, as the API's.
    if (c === undefined || c.mergeBase === undefined) throw notFound();
    return sendText(reply, await comparisonText(c, file.media));
  });
}
