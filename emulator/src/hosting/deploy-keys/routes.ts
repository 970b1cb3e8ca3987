// Deploy keys (docs/service-api/hosting/repositories §10): list, get, create,
// delete; no edit (they are immutable). The key must be an OpenSSH public key,
// and one key serves one repository only: the same key twice is 422. Deploy
// keys grant access to the repository: only its administrators see them.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { loadRepo } from '../conventions/access';
import { created, parseBody } from '../conventions/conventions';
import { orNotFound, validationFailed } from '../conventions/errors';
import { paginateArray } from '../conventions/pagination';
import { bases } from '../conventions/urls';
import { normalizeSshKey } from './ssh-key';
import { deleteDeployKey, deployKeyInUse, deployKeyJson, findDeployKey, insertDeployKey, repoDeployKeys } from './store';

type RepoParams = { Params: { owner: string; repo: string } };
type KeyParams = { Params: { owner: string; repo: string; id: string } };

const createBody = z.object({ title: z.string().nullable().optional(), key: z.string() });

export function registerDeployKeyRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  app.get<RepoParams>('/repos/:owner/:repo/keys', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    return paginateArray(req, reply, repoDeployKeys(db, repo.id)).map((k) => deployKeyJson(bases(ctx, req), owner, repo, k));
  });

  app.get<KeyParams>('/repos/:owner/:repo/keys/:id', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    return deployKeyJson(bases(ctx, req), owner, repo, orNotFound(findDeployKey(db, repo.id, req.params.id)));
  });

  app.post<RepoParams>('/repos/:owner/:repo/keys', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    const f = parseBody(req, 'PublicKey', createBody);
    const key = normalizeSshKey(f.key);
    if (!key)
      throw validationFailed({
        resource: 'PublicKey',
        field: 'key',
        code: 'invalid',
        message: "key is invalid. It must begin with 'ssh-ed25519', 'ssh-rsa' or 'ecdsa-sha2-nistp256'. Check that you're copying the public half of the key",
      });
    if (deployKeyInUse(db, key)) throw validationFailed({ resource: 'PublicKey', field: 'key', code: 'custom', message: 'key is already in use' });
    const body = deployKeyJson(bases(ctx, req), owner, repo, insertDeployKey(db, repo.id, f.title ?? null, key));
    return created(reply, body.url as string, body);
  });

  app.delete<KeyParams>('/repos/:owner/:repo/keys/:id', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    deleteDeployKey(db, orNotFound(findDeployKey(db, repo.id, req.params.id)).id);
    return reply.code(204).send();
  });
}
