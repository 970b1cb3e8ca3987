// Deploy keys (document 2, "Deploy keys"): list, get, create, delete; no
// edit (they are immutable). The key must be an OpenSSH public key, and one
// key serves one repository only: the same key twice is 422.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext, EmulatorModule } from '../../server';
import { findRepo, loadRepo } from '../core/access';
import { created, parseBody } from '../core/conventions';
import { notFound, validationFailed } from '../core/errors';
import { paginateArray } from '../core/pagination';
import { repoApiUrl } from '../core/representations';
import type { RepoRow, UserRow } from '../core/schema';
import { isoTime } from '../core/time';
import { bases, type Bases } from '../core/urls';
import { DEMO_ORG } from '../../seed/demo';
import { normalizeSshKey } from './ssh-key';

interface DeployKeyRow {
  id: number;
  repo_id: number;
  title: string | null;
  key: string;
  created_at: string;
}

type RepoParams = { Params: { owner: string; repo: string } };
type KeyParams = { Params: { owner: string; repo: string; id: string } };

const createBody = z.object({ title: z.string().nullable().optional(), key: z.string() });

/** Two ed25519 keys made once with ssh-keygen for the demo (private halves discarded). */
export const DEMO_DEPLOY_KEYS = [
  { title: 'build-server', key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ9koJFnjqaEmyJ6kLDXXTx4ELrGI2x6GyltOr7vMU+h' },
  { title: 'docs-publisher', key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGtVwF8X5+Ma/bj3W0ZFbkbnnP652w5qf4nSVjhxveQF' },
];

function keyJson(b: Bases, owner: UserRow, repo: RepoRow, k: DeployKeyRow): Record<string, unknown> {
  return { id: k.id, key: k.key, url: `${repoApiUrl(b, owner.login, repo.name)}/keys/${k.id}`, title: k.title };
}

function insertKey(ctx: EmulatorContext, repoId: number, title: string | null, key: string): DeployKeyRow {
  const id = ctx.db.prepare('INSERT INTO deploy_keys (repo_id, title, key, created_at) VALUES (?, ?, ?, ?)').run(repoId, title, key, isoTime()).lastInsertRowid;
  return ctx.db.prepare<[number], DeployKeyRow>('SELECT * FROM deploy_keys WHERE id = ?').get(Number(id))!;
}

function registerDeployKeyRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  // Deploy keys grant access to the repository: only its administrators see them.
  const find = (repoId: number, id: string) => {
    const key = /^\d+$/.test(id) ? db.prepare<[number, number], DeployKeyRow>('SELECT * FROM deploy_keys WHERE repo_id = ? AND id = ?').get(repoId, Number(id)) : undefined;
    if (!key) throw notFound();
    return key;
  };

  app.get<RepoParams>('/repos/:owner/:repo/keys', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    const keys = db.prepare<[number], DeployKeyRow>('SELECT * FROM deploy_keys WHERE repo_id = ? ORDER BY id').all(repo.id);
    return paginateArray(req, reply, keys).map((k) => keyJson(bases(ctx, req), owner, repo, k));
  });

  app.get<KeyParams>('/repos/:owner/:repo/keys/:id', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    return keyJson(bases(ctx, req), owner, repo, find(repo.id, req.params.id));
  });

  app.post<RepoParams>('/repos/:owner/:repo/keys', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    const f = parseBody(req, 'PublicKey', createBody);
    const key = normalizeSshKey(f.key);
    if (!key) throw validationFailed({ resource: 'PublicKey', field: 'key', code: 'invalid', message: 'key is invalid. It must begin with \'ssh-ed25519\', \'ssh-rsa\' or \'ecdsa-sha2-nistp256\'. Check that you\'re copying the public half of the key' });
    if (db.prepare('SELECT 1 FROM deploy_keys WHERE key = ?').get(key)) throw validationFailed({ resource: 'PublicKey', field: 'key', code: 'custom', message: 'key is already in use' });
    const row = insertKey(ctx, repo.id, f.title ?? null, key);
    const body = keyJson(bases(ctx, req), owner, repo, row);
    return created(reply, body.url as string, body);
  });

  app.delete<KeyParams>('/repos/:owner/:repo/keys/:id', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'admin');
    db.prepare('DELETE FROM deploy_keys WHERE id = ?').run(find(repo.id, req.params.id).id);
    return reply.code(204).send();
  });
}

export const deployKeysModule: EmulatorModule = {
  name: 'v3-deploy-keys',
  migrations: [
    {
      id: 'v3-deploy-keys/001-keys',
      sql: `CREATE TABLE deploy_keys (
  id INTEGER PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  title TEXT,
  key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
)`,
    },
  ],
  register: registerDeployKeyRoutes,
  seed(ctx, seed) {
    const found = seed === 'demo' ? findRepo(ctx.db, DEMO_ORG, 'difference-engine') : undefined;
    if (!found) return;
    ctx.db.transaction(() => {
      for (const k of DEMO_DEPLOY_KEYS) insertKey(ctx, found.repo.id, k.title, k.key);
    })();
  },
};
