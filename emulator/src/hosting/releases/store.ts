// Release and asset JSON (docs/service-api/hosting/releases §1, §2) and the
// lookups the routes share.
import type { Db } from '../../db';
import { findUserById } from '../conventions/access';
import { repoApiUrl, userSummary } from '../conventions/representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { isoOrNull, isoTime } from '../conventions/time';
import type { Bases } from '../conventions/urls';
import { ASSET_COLUMNS, type AssetRow, type ReleaseRow } from './schema';

export function releaseById(db: Db, repoId: number, id: string | number): ReleaseRow | undefined {
  if (!/^\d+$/.test(String(id))) return undefined;
  return db.prepare<[number, number], ReleaseRow>('SELECT * FROM releases WHERE repo_id = ? AND id = ?').get(repoId, Number(id));
}

/** Every release of a repository (drafts included), newest first. */
export function repoReleases(db: Db, repoId: number): ReleaseRow[] {
  return db.prepare<[number], ReleaseRow>('SELECT * FROM releases WHERE repo_id = ? ORDER BY created_at DESC, id DESC').all(repoId);
}

export interface ReleaseFields {
  tag_name: string;
  target_commitish: string;
  name: string | null;
  body: string | null;
  draft: boolean;
  prerelease: boolean;
}

/** Writes a release row; a published one (not a draft) gets published_at = created_at. Returns its id. */
export function insertRelease(db: Db, repoId: number, authorId: number, f: ReleaseFields, now = isoTime()): number {
  return Number(
    db
      .prepare(
        'INSERT INTO releases (repo_id, tag_name, target_commitish, name, body, draft, prerelease, author_id, created_at, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(repoId, f.tag_name, f.target_commitish, f.name, f.body, f.draft ? 1 : 0, f.prerelease ? 1 : 0, authorId, now, f.draft ? null : now).lastInsertRowid,
  );
}

export function updateRelease(db: Db, id: number, f: ReleaseFields, publishedAt: string | null): void {
  db.prepare('UPDATE releases SET tag_name = ?, target_commitish = ?, name = ?, body = ?, draft = ?, prerelease = ?, published_at = ? WHERE id = ?').run(
    f.tag_name,
    f.target_commitish,
    f.name,
    f.body,
    f.draft ? 1 : 0,
    f.prerelease ? 1 : 0,
    publishedAt,
    id,
  );
}

export function deleteRelease(db: Db, id: number): void {
  db.prepare('DELETE FROM releases WHERE id = ?').run(id);
}

export function releaseByTag(db: Db, repoId: number, tag: string): ReleaseRow | undefined {
  return db.prepare<[number, string], ReleaseRow>('SELECT * FROM releases WHERE repo_id = ? AND tag_name = ?').get(repoId, tag);
}

export function assetsOf(db: Db, releaseId: number): AssetRow[] {
  return db.prepare<[number], AssetRow>(`SELECT ${ASSET_COLUMNS} FROM release_assets WHERE release_id = ? ORDER BY id`).all(releaseId);
}

/** An asset of a repository with its release. */
export function assetById(db: Db, repoId: number, id: string): { asset: AssetRow; release: ReleaseRow } | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  const asset = db
    .prepare<[number, number], AssetRow>(
      `SELECT ${ASSET_COLUMNS.split(', ')
        .map((c) => `a.${c}`)
        .join(', ')} FROM release_assets a JOIN releases r ON r.id = a.release_id WHERE r.repo_id = ? AND a.id = ?`,
    )
    .get(repoId, Number(id));
  return asset ? { asset, release: db.prepare<[number], ReleaseRow>('SELECT * FROM releases WHERE id = ?').get(asset.release_id)! } : undefined;
}

export function assetNameTaken(db: Db, releaseId: number, name: string): boolean {
  return !!db.prepare('SELECT 1 FROM release_assets WHERE release_id = ? AND name = ?').get(releaseId, name);
}

/** An asset's bytes and type, by its release and name (the download URL). */
export function assetContent(db: Db, releaseId: number, name: string): { id: number; content: Buffer; content_type: string } | undefined {
  return db.prepare('SELECT id, content, content_type FROM release_assets WHERE release_id = ? AND name = ?').get(releaseId, name) as
    { id: number; content: Buffer; content_type: string } | undefined;
}

export function countAssetDownload(db: Db, id: number): void {
  db.prepare('UPDATE release_assets SET download_count = download_count + 1 WHERE id = ?').run(id);
}

export function updateAsset(db: Db, id: number, name: string, label: string | null, updatedAt: string): void {
  db.prepare('UPDATE release_assets SET name = ?, label = ?, updated_at = ? WHERE id = ?').run(name, label, updatedAt, id);
}

export function deleteAsset(db: Db, id: number): void {
  db.prepare('DELETE FROM release_assets WHERE id = ?').run(id);
}

export function insertAsset(
  db: Db,
  releaseId: number,
  uploaderId: number,
  a: { name: string; label: string | null; contentType: string; content: Buffer },
): AssetRow {
  const now = isoTime();
  const id = db
    .prepare(
      'INSERT INTO release_assets (release_id, name, label, content_type, size, content, uploader_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(releaseId, a.name, a.label, a.contentType, a.content.length, a.content, uploaderId, now, now).lastInsertRowid;
  return db.prepare<[number], AssetRow>(`SELECT ${ASSET_COLUMNS} FROM release_assets WHERE id = ?`).get(Number(id))!;
}

export function assetJson(db: Db, b: Bases, owner: UserRow, repo: RepoRow, release: ReleaseRow, a: AssetRow): Record<string, unknown> {
  return {
    url: `${repoApiUrl(b, owner.login, repo.name)}/releases/assets/${a.id}`,
    browser_download_url: `${b.web}/${owner.login}/${repo.name}/releases/download/${encodeURIComponent(release.tag_name)}/${encodeURIComponent(a.name)}`,
    id: a.id,
    name: a.name,
    label: a.label,
    state: 'uploaded',
    content_type: a.content_type,
    size: a.size,
    download_count: a.download_count,
    created_at: isoTime(a.created_at),
    updated_at: isoTime(a.updated_at),
    uploader: userSummary(b, findUserById(db, a.uploader_id)!),
  };
}

export function releaseJson(db: Db, b: Bases, owner: UserRow, repo: RepoRow, r: ReleaseRow): Record<string, unknown> {
  const url = `${repoApiUrl(b, owner.login, repo.name)}/releases/${r.id}`;
  const tag = encodeURIComponent(r.tag_name);
  return {
    url,
    html_url: `${b.web}/${owner.login}/${repo.name}/releases/tag/${tag}`,
    assets_url: `${url}/assets`,
    upload_url: `${url}/assets{?name}`,
    tarball_url: `${repoApiUrl(b, owner.login, repo.name)}/tarball/${tag}`,
    zipball_url: `${repoApiUrl(b, owner.login, repo.name)}/zipball/${tag}`,
    id: r.id,
    tag_name: r.tag_name,
    target_commitish: r.target_commitish,
    name: r.name,
    body: r.body,
    draft: r.draft === 1,
    prerelease: r.prerelease === 1,
    created_at: isoTime(r.created_at),
    published_at: isoOrNull(r.published_at),
    author: userSummary(b, findUserById(db, r.author_id)!),
    assets: assetsOf(db, r.id).map((a) => assetJson(db, b, owner, repo, r, a)),
  };
}
