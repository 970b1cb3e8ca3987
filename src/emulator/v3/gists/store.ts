// Gists: create, find (secret gists are readable by anyone who has the id, as
// the service family does; they are only left out of lists) and the JSON.
import type { Db } from '../../db';
import { findUserById } from '../core/access';
import { userSummary } from '../core/representations';
import { isoTime } from '../core/time';
import type { Bases } from '../core/urls';
import type { GistRow } from './schema';

export function insertGist(db: Db, ownerId: number, files: Record<string, string>, description: string | null, isPublic: boolean, now = isoTime()): GistRow {
  const info = db
    .prepare('INSERT INTO gists (owner_id, public, description, files, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(ownerId, isPublic ? 1 : 0, description, JSON.stringify(files), now, now);
  return db.prepare<[number], GistRow>('SELECT * FROM gists WHERE id = ?').get(Number(info.lastInsertRowid))!;
}

export function findGist(db: Db, id: string): GistRow | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  return db.prepare<[number], GistRow>('SELECT * FROM gists WHERE id = ?').get(Number(id));
}

const LANGUAGES: Record<string, string> = { md: 'Markdown', ts: 'TypeScript', js: 'JavaScript', py: 'Python', txt: 'Text', json: 'JSON' };

export function gistJson(db: Db, b: Bases, g: GistRow): Record<string, unknown> {
  const url = `${b.api}/gists/${g.id}`;
  const owner = userSummary(b, findUserById(db, g.owner_id)!);
  const files = JSON.parse(g.files) as Record<string, string>;
  const comments = db.prepare('SELECT count(*) FROM gist_comments WHERE gist_id = ?').pluck().get(g.id) as number;
  return {
    url,
    forks_url: `${url}/forks`,
    commits_url: `${url}/commits`,
    id: String(g.id),
    description: g.description,
    public: g.public === 1,
    owner,
    user: null,
    files: Object.fromEntries(Object.entries(files).map(([name, content]) => [name, {
      filename: name,
      type: 'text/plain',
      language: LANGUAGES[name.split('.').pop()?.toLowerCase() ?? ''] ?? null,
      raw_url: `${b.web}/gist/${g.id}/raw/${encodeURIComponent(name)}`,
      size: Buffer.byteLength(content),
      content,
    }])),
    comments,
    comments_url: `${url}/comments`,
    html_url: `${b.web}/gist/${g.id}`,
    git_pull_url: `${b.web}/gist/${g.id}.git`,
    git_push_url: `${b.web}/gist/${g.id}.git`,
    created_at: isoTime(g.created_at),
    updated_at: isoTime(g.updated_at),
  };
}
