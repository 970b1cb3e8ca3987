// Deploy key rows and their JSON (docs/service-api/hosting/repositories §10:
// id, key, url, title).
import type { Db } from '../../db';
import { repoApiUrl } from '../conventions/representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { isoTime } from '../conventions/time';
import type { Bases } from '../conventions/urls';
import type { DeployKeyRow } from './schema';

export function deployKeyJson(b: Bases, owner: UserRow, repo: RepoRow, k: DeployKeyRow): Record<string, unknown> {
  return { id: k.id, key: k.key, url: `${repoApiUrl(b, owner.login, repo.name)}/keys/${k.id}`, title: k.title };
}

export function repoDeployKeys(db: Db, repoId: number): DeployKeyRow[] {
  return db.prepare<[number], DeployKeyRow>('SELECT * FROM deploy_keys WHERE repo_id = ? ORDER BY id').all(repoId);
}

/** The key `id` (as the URL gives it) of a repository, or undefined. */
export function findDeployKey(db: Db, repoId: number, id: string): DeployKeyRow | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  return db.prepare<[number, number], DeployKeyRow>('SELECT * FROM deploy_keys WHERE repo_id = ? AND id = ?').get(repoId, Number(id));
}

/** Whether any repository has this key already (a key serves one repository). */
export function deployKeyInUse(db: Db, key: string): boolean {
  return !!db.prepare('SELECT 1 FROM deploy_keys WHERE key = ?').get(key);
}

export function insertDeployKey(db: Db, repoId: number, title: string | null, key: string): DeployKeyRow {
  const id = db.prepare('INSERT INTO deploy_keys (repo_id, title, key, created_at) VALUES (?, ?, ?, ?)').run(repoId, title, key, isoTime()).lastInsertRowid;
  return db.prepare<[number], DeployKeyRow>('SELECT * FROM deploy_keys WHERE id = ?').get(Number(id))!;
}

export function deleteDeployKey(db: Db, id: number): void {
  db.prepare('DELETE FROM deploy_keys WHERE id = ?').run(id);
}
