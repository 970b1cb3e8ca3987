// The tarball_url and zipball_url of a release: `git archive` of the tag (or
// any ref or SHA), so that the links in a release download real sources.
import type { FastifyInstance } from 'fastify';
import { repoGitPath, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { loadRepo } from '../conventions/access';
import { notFound } from '../conventions/errors';
import { resolveCommit } from './tags';

type ArchiveParams = { Params: { owner: string; repo: string; '*': string } };

const FORMATS = {
  tarball: { format: 'tar.gz', type: 'application/x-gzip', ext: 'tar.gz' },
  zipball: { format: 'zip', type: 'application/zip', ext: 'zip' },
} as const;

export function registerArchiveRoutes(app: FastifyInstance, ctx: EmulatorContext, repositories: Repositories): void {
  for (const [kind, f] of Object.entries(FORMATS)) {
    app.get<ArchiveParams>(`/repos/:owner/:repo/${kind}/*`, async (req, reply) => {
      const { repo, owner } = loadRepo(ctx.db, req, reply, req.params.owner, req.params.repo);
      const git = repositories.get(repoGitPath(ctx.gitDir, repo.id));
      const ref = req.params['*'] || repo.default_branch;
      const commit = await resolveCommit(git, ref);
      if (!commit) throw notFound();
      const prefix = `${owner.login}-${repo.name}-${commit.slice(0, 7)}`;
      const archive = await git.run(['archive', `--format=${f.format}`, `--prefix=${prefix}/`, commit]);
      return reply.type(f.type).header('Content-Disposition', `attachment; filename=${prefix}.${f.ext}`).send(archive.stdout);
    });
  }
}
