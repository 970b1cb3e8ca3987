// The file behind a contents answer's `download_url` and a commit or
// comparison file's `raw_url`: `<web>/<owner>/<repo>/raw/<ref>/<path>`, the
// bytes themselves, as the vendor's raw host sends them. Outside the
// documents (they have no such address); clients follow these URLs as given
// (octokit users fetch `download_url`, PyGithub's ContentFile.download_url).
// A web address, not the API: never under /api/v3, and not counted against
// the rate limit (the web pages' rule, web/routes.ts); a private repository
// needs the API's credentials, and is 404 without them.
import type { FastifyInstance } from 'fastify';
import { repoGitPath, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { visibleRepo } from '../../web/access';
import { notFound } from '../conventions/errors';
import { conventionServices } from '../conventions/module';
import { contentPath } from './contents';
import { entryAt, logOne, resolveCommit } from './git';
import { splitRefAndPath } from './rules';

type RawParams = { Params: { owner: string; repo: string; '*': string } };

/** git's own test for binary content: a NUL among the first 8,000 bytes. */
const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0);

export function registerRawRoute(app: FastifyInstance, ctx: EmulatorContext, repositories: Repositories): void {
  const { rateLimiter } = conventionServices(ctx);
  app.get<RawParams>('/:owner/:repo/raw/*', async (req, reply) => {
    if (req.apiPrefix) throw notFound();
    rateLimiter.refund(req, reply);
    const r = visibleRepo(ctx.db, req, req.params.owner, req.params.repo);
    if (!r) throw notFound();
    const git = repositories.get(repoGitPath(ctx.gitDir, r.repo.id));
    // The ref may hold slashes (`feature/side`): its shortest leading segments that name a commit.
    for (const { ref, path } of splitRefAndPath(req.params['*'])) {
      const sha = await resolveCommit(git, ref);
      if (sha === undefined) continue;
      const { segments } = contentPath(path, false);
      const entry = await entryAt(git, (await logOne(git, sha)).tree, segments);
      if (typeof entry !== 'object' || entry.type !== 'blob') throw notFound();
      const bytes = (await git.readObject(entry.sha, 'blob')).content;
      return reply
        .header('Content-Type', isBinary(bytes) ? 'application/octet-stream' : 'text/plain; charset=utf-8')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    }
    throw notFound();
  });
}
