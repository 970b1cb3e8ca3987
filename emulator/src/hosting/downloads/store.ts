// Download rows and their JSON (docs/service-api/hosting/releases §7).
import type { Db } from '../../db';
import { repoApiUrl } from '../conventions/representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import type { Bases } from '../conventions/urls';
import type { DownloadRow } from './schema';

export function downloadJson(b: Bases, owner: UserRow, repo: RepoRow, d: DownloadRow): Record<string, unknown> {
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

/** Newest first. */
export function repoDownloads(db: Db, repoId: number): DownloadRow[] {
  return db.prepare<[number], DownloadRow>('SELECT * FROM downloads WHERE repo_id = ? ORDER BY id DESC').all(repoId);
}

/** The download `id` (as the URL gives it) of a repository, or undefined. */
export function findDownload(db: Db, repoId: number, id: string): DownloadRow | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  return db.prepare<[number, number], DownloadRow>('SELECT * FROM downloads WHERE repo_id = ? AND id = ?').get(repoId, Number(id));
}

export type NewDownload = Pick<DownloadRow, 'name' | 'description' | 'size' | 'download_count' | 'content_type' | 'created_at'>;

export function insertDownload(db: Db, repoId: number, d: NewDownload): void {
  db.prepare('INSERT INTO downloads (repo_id, name, description, size, download_count, content_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    repoId,
    d.name,
    d.description,
    d.size,
    d.download_count,
    d.content_type,
    d.created_at,
  );
}

export function deleteDownload(db: Db, id: number): void {
  db.prepare('DELETE FROM downloads WHERE id = ?').run(id);
}

export function countDownload(db: Db, id: number): void {
  db.prepare('UPDATE downloads SET download_count = download_count + 1 WHERE id = ?').run(id);
}

/** The stand-in bytes of a download (none are stored): `size` bytes, the name and a counter repeated. */
export function downloadBytes(d: Pick<DownloadRow, 'name' | 'size'>): Buffer {
  const out = Buffer.alloc(d.size);
  let at = 0;
  for (let line = 1; at < d.size; line++) at += out.write(`${d.name} ${line}\n`, at);
  return out;
}
