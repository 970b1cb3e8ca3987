// Downloads (document 2, deprecated since 11 December 2012; releases replace
// them): list, get and delete only. Reading needs pull access, deleting push.
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../../server';
import { loadRepo } from '../core/access';
import { orNotFound } from '../core/errors';
import { paginateArray } from '../core/pagination';
import { bases } from '../core/urls';
import { deleteDownload, downloadJson, findDownload, repoDownloads } from './store';

type RepoParams = { Params: { owner: string; repo: string } };
type DownloadParams = { Params: { owner: string; repo: string; id: string } };

export function registerDownloadRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  app.get<RepoParams>('/repos/:owner/:repo/downloads', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    return paginateArray(req, reply, repoDownloads(db, repo.id)).map((d) => downloadJson(bases(ctx, req), owner, repo, d));
  });

  app.get<DownloadParams>('/repos/:owner/:repo/downloads/:id', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    return downloadJson(bases(ctx, req), owner, repo, orNotFound(findDownload(db, repo.id, req.params.id)));
  });

  app.delete<DownloadParams>('/repos/:owner/:repo/downloads/:id', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'push');
    deleteDownload(db, orNotFound(findDownload(db, repo.id, req.params.id)).id);
    return reply.code(204).send();
  });
}
