// Downloads (document 2, deprecated since 11 December 2012; releases replace
// them): list, get and delete only. No endpoint creates them, so the demo
// seed provides the repository's old package downloads.
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext, EmulatorModule } from '../../server';
import { findRepo, loadRepo } from '../core/access';
import { notFound } from '../core/errors';
import { paginateArray } from '../core/pagination';
import { repoApiUrl } from '../core/representations';
import type { RepoRow, UserRow } from '../core/schema';
import { isoTime } from '../core/time';
import { bases, type Bases } from '../core/urls';
import { DEMO_ORG } from '../../seed/demo';

interface DownloadRow {
  id: number;
  repo_id: number;
  name: string;
  description: string | null;
  size: number;
  download_count: number;
  content_type: string;
  created_at: string;
}

type RepoParams = { Params: { owner: string; repo: string } };
type DownloadParams = { Params: { owner: string; repo: string; id: string } };

function downloadJson(b: Bases, owner: UserRow, repo: RepoRow, d: DownloadRow): Record<string, unknown> {
  return {
    url: `${repoApiUrl(b, owner.login, repo.name)}/downloads/${d.id}`,
    html_url: `${b.web}/${owner.login}/${repo.name}/downloads/${encodeURIComponent(d.name)}`,
    id: d.id,
    name: d.name,
    description: d.description,
    size: d.size,
    download_count: d.download_count,
    content_type: d.content_type,
  };
}

function registerDownloadRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const find = (repoId: number, id: string) => {
    const d = /^\d+$/.test(id) ? db.prepare<[number, number], DownloadRow>('SELECT * FROM downloads WHERE repo_id = ? AND id = ?').get(repoId, Number(id)) : undefined;
    if (!d) throw notFound();
    return d;
  };

  app.get<RepoParams>('/repos/:owner/:repo/downloads', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const rows = db.prepare<[number], DownloadRow>('SELECT * FROM downloads WHERE repo_id = ? ORDER BY id DESC').all(repo.id);
    return paginateArray(req, reply, rows).map((d) => downloadJson(bases(ctx, req), owner, repo, d));
  });

  app.get<DownloadParams>('/repos/:owner/:repo/downloads/:id', async (req, reply) => {
    const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    return downloadJson(bases(ctx, req), owner, repo, find(repo.id, req.params.id));
  });

  app.delete<DownloadParams>('/repos/:owner/:repo/downloads/:id', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo, 'push');
    db.prepare('DELETE FROM downloads WHERE id = ?').run(find(repo.id, req.params.id).id);
    return reply.code(204).send();
  });
}

export const downloadsModule: EmulatorModule = {
  name: 'v3-downloads',
  migrations: [
    {
      id: 'v3-downloads/001-downloads',
      sql: `CREATE TABLE downloads (
  id INTEGER PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT,
  size INTEGER NOT NULL,
  download_count INTEGER NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL,
  created_at TEXT NOT NULL
)`,
    },
  ],
  register: registerDownloadRoutes,
  seed(ctx, seed) {
    const found = seed === 'demo' ? findRepo(ctx.db, DEMO_ORG, 'difference-engine') : undefined;
    if (!found) return;
    const add = ctx.db.prepare('INSERT INTO downloads (repo_id, name, description, size, download_count, content_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    ctx.db.transaction(() => {
      add.run(found.repo.id, 'difference-engine-0.8.tar.gz', 'Tables of the 0.8 engine (before releases)', 48_213, 42, 'application/x-gzip', isoTime('2012-10-02T09:30:00Z'));
      add.run(found.repo.id, 'printed-tables-1834.pdf', 'Scans of the printed tables', 1_204_551, 7, 'application/pdf', isoTime('2012-11-20T16:05:00Z'));
    })();
  },
};
