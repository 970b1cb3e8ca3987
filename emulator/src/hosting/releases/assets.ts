// Release assets: upload through the release's upload_url (`{?name}`, the
// raw bytes as the body, their type in Content-Type, an optional `label`),
// list, get, edit name and label, delete, and the browser_download_url that
// returns the bytes and counts download_count.
import { checkText } from '../conventions/text-input';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { atLeast, loadRepo, type LoadedRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, parseBody } from '../conventions/conventions';
import { alreadyExists, invalidField, missingField, notFound, requiresAuthentication, validationFailed } from '../conventions/errors';
import { paginateArray } from '../conventions/pagination';
import { bases } from '../conventions/urls';
import type { ReleaseRow } from './schema';
import {
  assetById,
  assetContent,
  assetJson,
  assetNameTaken,
  assetsOf,
  countAssetDownload,
  deleteAsset,
  insertAsset,
  releaseById,
  releaseByTag,
  updateAsset,
} from './store';

type ReleaseParams = { Params: { owner: string; repo: string; id: string } };
type UploadQuery = { Querystring: { name?: string; label?: string } };
type DownloadParams = { Params: { owner: string; repo: string; tag: string; name: string } };

const editBody = z.object({ name: z.string().min(1).optional(), label: z.string().nullable().optional() });

export function registerAssetRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const load = (req: FastifyRequest<{ Params: { owner: string; repo: string } }>, reply: FastifyReply, need: 'pull' | 'push' = 'pull') =>
    loadRepo(db, req, reply, req.params.owner, req.params.repo, need);
  /** Drafts (and so their assets) exist only for callers with push access. */
  const visibleRelease = (r: LoadedRepo, release: ReleaseRow | undefined) => {
    if (!release || (release.draft && !atLeast(r.permission, 'push'))) throw notFound();
    return release;
  };
  const json = (req: FastifyRequest, r: LoadedRepo, release: ReleaseRow, asset: Parameters<typeof assetJson>[5]) =>
    assetJson(db, bases(ctx, req), r.owner, r.repo, release, asset);

  // The upload takes any content type as raw bytes: its own parser, in a
  // plugin of its own so that every other route keeps the JSON parser.
  void app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    uploads.post<ReleaseParams & UploadQuery>('/repos/:owner/:repo/releases/:id/assets', async (req, reply) => {
      const r = load(req, reply, 'push');
      const user = currentUser(req);
      if (!user) throw requiresAuthentication();
      const release = visibleRelease(r, releaseById(db, r.repo.id, req.params.id));
      const name = req.query.name;
      if (!name) throw missingField('ReleaseAsset', 'name');
      if (typeof name !== 'string' || (req.query.label !== undefined && typeof req.query.label !== 'string'))
        throw invalidField('ReleaseAsset', typeof name !== 'string' ? 'name' : 'label');
      checkText('ReleaseAsset', 'name', name);
      if (req.query.label !== undefined) checkText('ReleaseAsset', 'label', req.query.label);
      const contentType = req.headers['content-type'];
      if (!contentType)
        throw validationFailed({ resource: 'ReleaseAsset', field: 'content_type', code: 'missing_field', message: 'Content-Type header required' });
      if (assetNameTaken(db, release.id, name)) throw alreadyExists('ReleaseAsset', 'name');
      const content = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const asset = insertAsset(db, release.id, user.id, { name, label: req.query.label ?? null, contentType, content });
      const body = json(req, r, release, asset);
      return created(reply, body.url as string, body);
    });
  });

  app.get<ReleaseParams>('/repos/:owner/:repo/releases/:id/assets', async (req, reply) => {
    const r = load(req, reply);
    const release = visibleRelease(r, releaseById(db, r.repo.id, req.params.id));
    return paginateArray(req, reply, assetsOf(db, release.id)).map((a) => json(req, r, release, a));
  });

  const assetOr404 = (r: LoadedRepo, id: string) => {
    const found = assetById(db, r.repo.id, id);
    if (!found) throw notFound();
    visibleRelease(r, found.release);
    return found;
  };

  app.get<ReleaseParams>('/repos/:owner/:repo/releases/assets/:id', async (req, reply) => {
    const r = load(req, reply);
    const { asset, release } = assetOr404(r, req.params.id);
    const body = json(req, r, release, asset);
    // Asking for the bytes (Accept: application/octet-stream) redirects to the download.
    if (String(req.headers.accept ?? '').includes('application/octet-stream'))
      return reply
        .code(302)
        .header('Location', body.browser_download_url as string)
        .send();
    return body;
  });

  app.patch<ReleaseParams>('/repos/:owner/:repo/releases/assets/:id', async (req, reply) => {
    const r = load(req, reply, 'push');
    const { asset, release } = assetOr404(r, req.params.id);
    const f = parseBody(req, 'ReleaseAsset', editBody);
    const name = f.name ?? asset.name;
    if (name !== asset.name && assetNameTaken(db, release.id, name)) throw alreadyExists('ReleaseAsset', 'name');
    const label = f.label !== undefined ? f.label : asset.label;
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    updateAsset(db, asset.id, name, label, now);
    return json(req, r, release, { ...asset, name, label, updated_at: now });
  });

  app.delete<ReleaseParams>('/repos/:owner/:repo/releases/assets/:id', async (req, reply) => {
    const r = load(req, reply, 'push');
    deleteAsset(db, assetOr404(r, req.params.id).asset.id);
    return reply.code(204).send();
  });

  // browser_download_url: the bytes themselves; a GET counts one download.
  app.get<DownloadParams>('/:owner/:repo/releases/download/:tag/:name', async (req, reply) => {
    const r = load(req, reply);
    const release = visibleRelease(r, releaseByTag(db, r.repo.id, req.params.tag));
    const row = assetContent(db, release.id, req.params.name);
    if (!row) throw notFound();
    if (req.method === 'GET') countAssetDownload(db, row.id);
    return reply.type(row.content_type).header('Content-Disposition', contentDisposition(req.params.name)).send(row.content);
  });
}

/**
 * `attachment` with the file name (RFC 6266): an ASCII `filename` fallback
 * (other characters as `_`) and, when the name is not plain ASCII, the exact
 * name as `filename*=UTF-8''…` — a raw non-ASCII header value is refused.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
