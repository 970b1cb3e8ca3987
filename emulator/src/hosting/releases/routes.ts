// The release rows of docs/service-api/hosting/releases §5 plus delete.
// Published releases are seen by everyone; drafts only by callers with push
// access, who alone create and edit. Publishing sets published_at, creates a
// missing tag at target_commitish and emits `release` (action published).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { repoGitPath, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { atLeast, loadRepo, type LoadedRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, parseBody } from '../conventions/conventions';
import { alreadyExists, notFound, requiresAuthentication } from '../conventions/errors';
import { paginateArray } from '../conventions/pagination';
import { isoTime } from '../conventions/time';
import { bases } from '../conventions/urls';
import { isGithubVendor } from '../conventions/vendor';
import { emitRepoEvent } from '../repos/create';
import type { ReleaseRow } from './schema';
import { deleteRelease, insertRelease, releaseById, releaseByTag, releaseJson, repoReleases, updateRelease } from './store';
import { checkTag, createTag } from './tags';
import { isSafeRefName } from '../conventions/git-input';

type RepoParams = { Params: { owner: string; repo: string } };
type ReleaseParams = { Params: { owner: string; repo: string; id: string } };

const createBody = z.object({
  tag_name: z.string().min(1).refine(isSafeRefName),
  target_commitish: z.string().min(1).refine(isSafeRefName).optional(),
  name: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  draft: z.boolean().optional(),
  prerelease: z.boolean().optional(),
});
const editBody = createBody.partial();

export function registerReleaseRoutes(app: FastifyInstance, ctx: EmulatorContext, repositories: Repositories): void {
  const { db } = ctx;
  const git = (r: LoadedRepo) => repositories.get(repoGitPath(ctx.gitDir, r.repo.id));
  // The upload_url of docs/service-api/hosting/releases §1 ends in {?name}; the
  // real service's in {?name,label}, which clients expand.
  const labelTemplate = isGithubVendor(ctx.limits.vendor);
  const json = (req: FastifyRequest | undefined, r: LoadedRepo, release: ReleaseRow) => {
    const out = releaseJson(db, bases(ctx, req), r.owner, r.repo, release);
    if (labelTemplate) out.upload_url = String(out.upload_url).replace(/\{\?name\}$/, '{?name,label}');
    return out;
  };
  const visible = (r: LoadedRepo, release: ReleaseRow | undefined) => (release && (!release.draft || atLeast(r.permission, 'push')) ? release : undefined);
  const load = (req: FastifyRequest<RepoParams>, reply: FastifyReply, need: 'pull' | 'push' = 'pull') =>
    loadRepo(db, req, reply, req.params.owner, req.params.repo, need);

  app.get<RepoParams>('/repos/:owner/:repo/releases', async (req, reply) => {
    const r = load(req, reply);
    const rows = repoReleases(db, r.repo.id).filter((x) => visible(r, x));
    return paginateArray(req, reply, rows).map((x) => json(req, r, x));
  });

  app.get<ReleaseParams>('/repos/:owner/:repo/releases/:id', async (req, reply) => {
    const r = load(req, reply);
    const release = visible(r, releaseById(db, r.repo.id, req.params.id));
    if (!release) throw notFound();
    return json(req, r, release);
  });

  app.post<RepoParams>('/repos/:owner/:repo/releases', async (req, reply) => {
    const r = load(req, reply, 'push');
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    const f = parseBody(req, 'Release', createBody);
    if (releaseByTag(db, r.repo.id, f.tag_name)) throw alreadyExists('Release', 'tag_name');
    const target = f.target_commitish ?? r.repo.default_branch;
    const newTagAt = await checkTag(git(r), f.tag_name, target, f.target_commitish !== undefined);
    const draft = f.draft ?? false;
    // Checked again after the awaits, then the row is written before the tag,
    // and removed if the tag cannot be made: no release without its tag, no
    // tag left by a refused release.
    if (releaseByTag(db, r.repo.id, f.tag_name)) throw alreadyExists('Release', 'tag_name');
    const id = insertRelease(db, r.repo.id, user.id, {
      tag_name: f.tag_name,
      target_commitish: target,
      name: f.name ?? null,
      body: f.body ?? null,
      draft,
      prerelease: f.prerelease ?? false,
    });
    if (!draft && newTagAt) {
      await createTag(ctx, git(r), r.repo, r.owner, user, f.tag_name, newTagAt).catch((err: unknown) => {
        deleteRelease(db, id);
        throw err;
      });
    }
    const release = releaseById(db, r.repo.id, id)!;
    if (!draft) emitRepoEvent(ctx, 'release', { action: 'published', release: json(undefined, r, release) }, r.repo, user);
    const body = json(req, r, release);
    return created(reply, body.url as string, body);
  });

  app.patch<ReleaseParams>('/repos/:owner/:repo/releases/:id', async (req, reply) => {
    const r = load(req, reply, 'push');
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    const release = releaseById(db, r.repo.id, req.params.id);
    if (!release) throw notFound();
    const f = parseBody(req, 'Release', editBody);
    const tag = f.tag_name ?? release.tag_name;
    const clash = releaseByTag(db, r.repo.id, tag);
    if (clash && clash.id !== release.id) throw alreadyExists('Release', 'tag_name');
    const target = f.target_commitish ?? release.target_commitish;
    const draft = f.draft ?? release.draft === 1;
    const publishing = release.draft === 1 && !draft;
    const newTagAt = await checkTag(git(r), tag, target, f.target_commitish !== undefined);
    const again = releaseByTag(db, r.repo.id, tag);
    if (again && again.id !== release.id) throw alreadyExists('Release', 'tag_name');
    if (!draft && newTagAt) await createTag(ctx, git(r), r.repo, r.owner, user, tag, newTagAt);
    const publishedAt = draft ? null : (release.published_at ?? isoTime());
    const fields = {
      tag_name: tag,
      target_commitish: target,
      name: f.name !== undefined ? f.name : release.name,
      body: f.body !== undefined ? f.body : release.body,
      draft,
      prerelease: f.prerelease ?? release.prerelease === 1,
    };
    updateRelease(db, release.id, fields, publishedAt);
    const updated = releaseById(db, r.repo.id, release.id)!;
    if (publishing) emitRepoEvent(ctx, 'release', { action: 'published', release: json(undefined, r, updated) }, r.repo, user);
    return json(req, r, updated);
  });

  app.delete<ReleaseParams>('/repos/:owner/:repo/releases/:id', async (req, reply) => {
    const r = load(req, reply, 'push');
    const release = releaseById(db, r.repo.id, req.params.id);
    if (!release) throw notFound();
    // The tag stays: deleting a release never deletes git data.
    deleteRelease(db, release.id);
    return reply.code(204).send();
  });
}
