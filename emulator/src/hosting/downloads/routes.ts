// Downloads (docs/service-api/hosting/releases §7, deprecated since 11 December
// 2012; releases replace them): list, get and delete only. Reading needs pull
// access, deleting push. Also the file at a download's html_url (the emulator's
// addition, below).
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../../server';
import { loadRepo } from '../conventions/access';
import { orNotFound } from '../conventions/errors';
import { paginateArray } from '../conventions/pagination';
import { bases } from '../conventions/urls';
import { notFound } from '../conventions/errors';
import { contentDisposition } from '../releases/assets';
import { countDownload, deleteDownload, downloadJson, downloadBytes, findDownload, repoDownloads } from './store';

type RepoParams = { Params: { owner: string; repo: string } };
type DownloadParams = { Params: { owner: string; repo: string; id: string } };
type FileParams = { Params: { owner: string; repo: string; name: string } };

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

  // html_url: the file itself; a GET counts one download. No endpoint uploads
  // downloads, so the emulator keeps none of their bytes: it serves `size`
  // bytes made from the name (the same every time), so that saving a download
  // or moving it to a release works end to end.
  app.get<FileParams>('/:owner/:repo/downloads/:name', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const download = repoDownloads(db, repo.id).find((d) => d.name === req.params.name);
    if (!download) throw notFound();
    if (req.method === 'GET') countDownload(db, download.id);
    return reply.type(download.content_type).header('Content-Disposition', contentDisposition(download.name)).send(downloadBytes(download));
  });
}
