// Gists: create, find (secret gists are readable by anyone who has the id, as
// the service family does; they are only left out of others' lists), list
// and the JSON.
import { listing, type Db, type Listing } from '../../db';
import { findUserById } from '../conventions/access';
import { userSummary } from '../conventions/representations';
import { isoTime } from '../conventions/time';
import type { Bases } from '../conventions/urls';
import type { GistCommentRow, GistRow } from './schema';

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

/**
 * A user's gists, most recently updated first: the secret ones too when
 * `withSecret` (the owner asking). `since` (a stored timestamp) keeps the
 * gists updated at or after it.
 */
export function gistsOf(db: Db, ownerId: number, withSecret: boolean, since?: string): Listing<GistRow> {
  const where = `owner_id = ?${withSecret ? '' : ' AND public = 1'}${since ? ' AND updated_at >= ?' : ''}`;
  return listing(db, {
    count: `SELECT count(*) FROM gists WHERE ${where}`,
    select: `SELECT * FROM gists WHERE ${where}`,
    params: since ? [ownerId, since] : [ownerId],
    orderBy: 'updated_at DESC, id DESC',
  });
}

/** Every public gist, most recently updated first (what an anonymous GET /gists lists). */
export function publicGists(db: Db, since?: string): Listing<GistRow> {
  const where = `public = 1${since ? ' AND updated_at >= ?' : ''}`;
  return listing(db, {
    count: `SELECT count(*) FROM gists WHERE ${where}`,
    select: `SELECT * FROM gists WHERE ${where}`,
    params: since ? [since] : [],
    orderBy: 'updated_at DESC, id DESC',
  });
}

export function insertGistComment(db: Db, gistId: number, userId: number, body: string, now = isoTime()): GistCommentRow {
  const info = db
    .prepare('INSERT INTO gist_comments (gist_id, user_id, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(gistId, userId, body, now, now);
  return db.prepare<[number], GistCommentRow>('SELECT * FROM gist_comments WHERE id = ?').get(Number(info.lastInsertRowid))!;
}

/** The comment `id` (as the URL gives it) of a gist, or undefined. */
export function findGistComment(db: Db, gistId: number, id: string): GistCommentRow | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  return db.prepare<[number, number], GistCommentRow>('SELECT * FROM gist_comments WHERE id = ? AND gist_id = ?').get(Number(id), gistId);
}

/** A gist's comments, oldest first. */
export function gistComments(db: Db, gistId: number): Listing<GistCommentRow> {
  return listing(db, {
    count: 'SELECT count(*) FROM gist_comments WHERE gist_id = ?',
    select: 'SELECT * FROM gist_comments WHERE gist_id = ?',
    params: [gistId],
    orderBy: 'id',
  });
}

export function updateGistCommentBody(db: Db, id: number, body: string, now: string): void {
  db.prepare('UPDATE gist_comments SET body = ?, updated_at = ? WHERE id = ?').run(body, now, id);
}

export function deleteGistComment(db: Db, id: number): void {
  db.prepare('DELETE FROM gist_comments WHERE id = ?').run(id);
}

const LANGUAGES: Record<string, string> = { md: 'Markdown', ts: 'TypeScript', js: 'JavaScript', py: 'Python', txt: 'Text', json: 'JSON' };

/**
 * A gist as a list shows it (the service family's form): the files without
 * their content, and `truncated` false.
 */
export function gistListJson(db: Db, b: Bases, g: GistRow): Record<string, unknown> {
  const full = gistJson(db, b, g);
  const files = Object.fromEntries(
    Object.entries(full.files as Record<string, Record<string, unknown>>).map(([name, f]) => {
      const { content: _content, ...rest } = f;
      return [name, rest];
    }),
  );
  return { ...full, files, truncated: false };
}

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
    files: Object.fromEntries(
      Object.entries(files).map(([name, content]) => [
        name,
        {
          filename: name,
          type: 'text/plain',
          language: LANGUAGES[name.split('.').pop()?.toLowerCase() ?? ''] ?? null,
          raw_url: `${b.web}/gist/${g.id}/raw/${encodeURIComponent(name)}`,
          size: Buffer.byteLength(content),
          content,
        },
      ]),
    ),
    comments,
    comments_url: `${url}/comments`,
    html_url: `${b.web}/gist/${g.id}`,
    git_pull_url: `${b.web}/gist/${g.id}.git`,
    git_push_url: `${b.web}/gist/${g.id}.git`,
    created_at: isoTime(g.created_at),
    updated_at: isoTime(g.updated_at),
  };
}
