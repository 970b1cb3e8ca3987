// Repository contents and the readme: outside the documents (they have git
// blobs and trees only, docs/service-api/hosting/git-data §3, §8); the
// vendor's clients call them (octokit repos.getContent /
// createOrUpdateFileContents / deleteFile / getReadme, PyGithub
// get_contents / create_file / update_file / delete_file / get_readme).
// Reads walk the real repository's trees; a write is a real commit on the
// branch (a blob, a tree on the tip's tree, a commit, the ref moved only if
// it still holds the tip), so `git clone` and `git log` see it. Every check
// runs before the first object is written: a refused request writes nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readBlob, readTree, type GitRepository } from '../../git';
import type { EmulatorContext } from '../../server';
import { ApiError, notFound, validationFailed } from '../conventions/errors';
import { mediaTypeParam } from '../conventions/conventions';
import { hasBranches, entryAt, logOne, resolveCommit, type PathEntry } from './git';
import { checkContentPath, MAX_INLINE_BYTES, pickReadme } from './rules';
import type { Open, Opened, RepoParams, RestParams } from './common';

type ContentsQuery = { Querystring: { ref?: string } };

/** The path as the vendor's URLs carry it: each segment escaped, the slashes kept. */
const escapePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** A checked contents path from the URL, or 422 naming why it is refused. */
export function contentPath(raw: string, root: boolean): { path: string; segments: string[] } {
  const check = checkContentPath(raw, root);
  if (!check.ok) throw validationFailed({ resource: 'Content', field: 'path', code: 'invalid', message: check.reason });
  return check;
}

function typeOf(entry: Pick<PathEntry, 'mode' | 'type'>): 'file' | 'dir' | 'symlink' | 'submodule' {
  if (entry.type === 'tree') return 'dir';
  if (entry.type === 'commit') return 'submodule';
  return entry.mode === '120000' ? 'symlink' : 'file';
}

/** One entry as a directory listing shows it (and the `content` of a write's answer). */
export function entryJson(o: Opened, ref: string, path: string, entry: Pick<PathEntry, 'mode' | 'type' | 'sha'>, size: number) {
  const type = typeOf(entry);
  const escaped = escapePath(path);
  const url = `${o.api}/contents/${escaped}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = type === 'dir' ? `${o.api}/git/trees/${entry.sha}` : type === 'submodule' ? null : `${o.api}/git/blobs/${entry.sha}`;
  const htmlUrl = `${o.b.web}/${o.full}/${type === 'dir' ? 'tree' : 'blob'}/${ref}/${escaped}`;
  return {
    name: path.split('/').pop() ?? path,
    path,
    sha: entry.sha,
    size,
    url,
    html_url: htmlUrl,
    git_url: gitUrl,
    download_url: type === 'file' || type === 'symlink' ? `${o.b.web}/${o.full}/raw/${ref}/${escaped}` : null,
    type,
    _links: { self: url, git: gitUrl, html: htmlUrl },
  };
}

/** The vendor wraps base64 at 60 characters a line. */
function wrapBase64(text: string): string {
  return text.replace(/.{1,60}/g, '$&\n');
}

/** The commit a read's `ref` names (default branch without one); 404 as the vendor answers an empty repository or an unknown ref. */
async function readCommitOf(o: Opened, ref: string | undefined): Promise<{ ref: string; tree: string }> {
  if (!(await hasBranches(o.git))) throw new ApiError(404, 'This repository is empty.', undefined, '/v3');
  const name = ref ?? o.loaded.repo.default_branch;
  const sha = await resolveCommit(o.git, name);
  if (sha === undefined) throw new ApiError(404, `No commit found for the ref ${name}`, undefined, '/v3');
  return { ref: name, tree: (await logOne(o.git, sha)).tree };
}

async function fileJson(git: GitRepository, o: Opened, ref: string, path: string, entry: PathEntry) {
  const blob = await readBlob(git, entry.sha);
  const base = entryJson(o, ref, path, entry, blob.size);
  if (base.type === 'symlink') return { ...base, target: Buffer.from(blob.content, 'base64').toString('utf8') };
  // Beyond 1 MiB the vendor sends no content in JSON (the raw media type still gives the bytes).
  if (blob.size > MAX_INLINE_BYTES) return { ...base, content: '', encoding: 'none' };
  return { ...base, content: wrapBase64(blob.content), encoding: 'base64' };
}

async function answerPath(o: Opened, req: FastifyRequest, reply: FastifyReply, ctx: EmulatorContext, ref: string, path: string, entry: PathEntry) {
  if (entry.type === 'tree') {
    const listing = await readTree(o.git, entry.sha);
    return listing.tree.map((e) => entryJson(o, ref, path === '' ? e.path : `${path}/${e.path}`, e, e.size ?? 0));
  }
  if (entry.type === 'blob' && mediaTypeParam(req, ctx.limits.vendor) === 'raw') {
    const blob = await readBlob(o.git, entry.sha);
    return reply.type(`application/vnd.${ctx.limits.vendor}.v3.raw`).send(Buffer.from(blob.content, 'base64'));
  }
  if (entry.type === 'commit') return entryJson(o, ref, path, entry, 0);
  return fileJson(o.git, o, ref, path, entry);
}

export function registerContentRoutes(app: FastifyInstance, ctx: EmulatorContext, open: Open): void {
  const read = async (req: FastifyRequest<RepoParams & ContentsQuery>, reply: FastifyReply, raw: string) => {
    const o = open(req, reply, req.params);
    const { path, segments } = contentPath(raw, true);
    const at = await readCommitOf(o, req.query.ref);
    const entry = await entryAt(o.git, at.tree, segments);
    if (typeof entry === 'string') throw notFound();
    return answerPath(o, req, reply, ctx, at.ref, path, entry);
  };
  app.get<RepoParams & ContentsQuery>('/repos/:owner/:repo/contents', (req, reply) => read(req, reply, ''));
  app.get<RestParams & ContentsQuery>('/repos/:owner/:repo/contents/*', (req, reply) => read(req, reply, req.params['*']));

  // The readme: README.md, else README, in any case, at the root.
  app.get<RepoParams & ContentsQuery>('/repos/:owner/:repo/readme', async (req, reply) => {
    const o = open(req, reply, req.params);
    const at = await readCommitOf(o, req.query.ref);
    const root = await readTree(o.git, at.tree);
    const name = pickReadme(root.tree.filter((e) => e.type === 'blob').map((e) => e.path));
    const found = root.tree.find((e) => e.path === name);
    if (!found) throw notFound();
    return answerPath(o, req, reply, ctx, at.ref, found.path, found);
  });
}
