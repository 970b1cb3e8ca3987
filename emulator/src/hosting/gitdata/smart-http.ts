// clone_url over git's smart HTTP: `git http-backend` as a CGI behind three
// routes, so `git clone` and `git push` work against the emulator. Reading
// needs pull access, pushing push access (Basic with login and password or a
// token); an anonymous request that needs more gets 401 with a Basic
// challenge so git asks for credentials. A push counts as a push: pushed_at
// and the push/create/delete events of every branch or tag it moved, journaled
// so that a kill after git moved the references still records them. Packs
// are streamed to and from git (cgi-stream.ts): memory stays flat in a clone
// or push of any size.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';
import { repoGitPath, type Repositories } from '../../git';
import { loadRepo, type LoadedRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { ApiError } from '../conventions/errors';
import { runHttpBackend } from './cgi-stream';
import { beginPush, currentRefs, finishPush } from './push-journal';

type GitParams = { Params: { owner: string; repoGit: string }; Querystring: { service?: string } };

const GIT_BODY_TYPES = ['application/x-git-upload-pack-request', 'application/x-git-receive-pack-request'];

function access(ctx: EmulatorContext, req: FastifyRequest<GitParams>, reply: FastifyReply, need: 'pull' | 'push'): LoadedRepo {
  const name = req.params.repoGit.replace(/\.git$/, '');
  try {
    return loadRepo(ctx.db, req, reply, req.params.owner, name, need);
  } catch (error) {
    if (req.auth.kind === 'anonymous' && error instanceof ApiError && error.status === 404) {
      throw new ApiError(401, 'Requires authentication', undefined, '/v3', { 'WWW-Authenticate': 'Basic realm="RepoDesk"' });
    }
    throw error;
  }
}

/**
 * Runs http-backend for one request and streams its CGI answer (Status and
 * headers, then the body) to the reply; resolves once git has exited, so that
 * a push's references are read after git moved them.
 */
async function backend(
  ctx: EmulatorContext,
  repositories: Repositories,
  req: FastifyRequest<GitParams>,
  reply: FastifyReply,
  loaded: LoadedRepo,
  pathInfo: string,
): Promise<FastifyReply> {
  const user = currentUser(req);
  const env: Record<string, string> = {
    GIT_PROJECT_ROOT: ctx.gitDir,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: `/${loaded.repo.id}.git/${pathInfo}`,
    REQUEST_METHOD: req.method,
    QUERY_STRING: req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '',
    CONTENT_TYPE: String(req.headers['content-type'] ?? ''),
    REMOTE_ADDR: req.ip,
    // receive-pack is only offered to a known user.
    ...(user ? { REMOTE_USER: user.login } : {}),
    ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
    ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
  };
  // A git content type arrives as a stream (below); another, read by the catch-all parser, as bytes.
  const input = req.body instanceof Readable ? req.body : Buffer.isBuffer(req.body) ? Readable.from([req.body]) : undefined;
  const answer = await runHttpBackend(repositories.environment, env, input);
  if (answer.status !== undefined) reply.code(answer.status);
  for (const [key, value] of answer.headers) reply.header(key, value);
  reply.send(answer.body);
  // The answer has begun: a failure now can only be told to the log (git wrote its own status, if any).
  const { code, stderr } = await answer.exited;
  if (code !== 0) ctx.log(`git http-backend ${pathInfo} of ${loaded.owner.login}/${loaded.repo.name} exited with ${code}: ${stderr.trim()}`);
  return reply;
}

export function registerSmartHttp(app: FastifyInstance, ctx: EmulatorContext, repositories: Repositories): void {
  // Pack data as the request's stream, read by git as it arrives (cgi-stream.ts): a push of any size, memory flat.
  app.addContentTypeParser(GIT_BODY_TYPES, (_req, payload, done) => done(null, payload));

  app.get<GitParams>('/:owner/:repoGit/info/refs', async (req, reply) => {
    if (!req.params.repoGit.endsWith('.git')) return reply.callNotFound();
    const loaded = access(ctx, req, reply, req.query.service === 'git-receive-pack' ? 'push' : 'pull');
    return backend(ctx, repositories, req, reply, loaded, 'info/refs');
  });

  app.post<GitParams>('/:owner/:repoGit/git-upload-pack', async (req, reply) => {
    if (!req.params.repoGit.endsWith('.git')) return reply.callNotFound();
    const loaded = access(ctx, req, reply, 'pull');
    return backend(ctx, repositories, req, reply, loaded, 'git-upload-pack');
  });

  app.post<GitParams>('/:owner/:repoGit/git-receive-pack', async (req, reply) => {
    if (!req.params.repoGit.endsWith('.git')) return reply.callNotFound();
    const loaded = access(ctx, req, reply, 'push');
    const git = repositories.get(repoGitPath(ctx.gitDir, loaded.repo.id));
    const sender = currentUser(req);
    // Journaled (push-journal.ts): a kill after git moved the references still gets the push's events.
    const before = await currentRefs(git);
    const journal = beginPush(ctx.db, loaded.repo.id, sender?.id ?? null, before);
    try {
      return await backend(ctx, repositories, req, reply, loaded, 'git-receive-pack');
    } finally {
      // The answer is sent; a failure here leaves the journal row, finished at the next start.
      await finishPush(ctx, git, journal, loaded.repo, loaded.owner, sender, before).catch((error: unknown) =>
        ctx.log(`push events of ${loaded.owner.login}/${loaded.repo.name} failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  });
}
