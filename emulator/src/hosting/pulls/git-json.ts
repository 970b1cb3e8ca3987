// JSON of the git side of a pull request: its files and its commits, with
// links into the base repository at the head commit.
import type { Db } from '../../db';
import { userByLogin, userWithEmail } from '../accounts/store';
import { userSummary } from '../conventions/representations';
import type { UserRow } from '../accounts/schema';
import { isoTime } from '../conventions/time';
import type { Bases } from '../conventions/urls';
import type { FileDiff } from './diff';
import type { CommitInfo } from './git';

export function fileJson(b: Bases, full: string, headSha: string, f: FileDiff): Record<string, unknown> {
  const path = f.filename.split('/').map(encodeURIComponent).join('/');
  return {
    sha: f.sha,
    filename: f.filename,
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    changes: f.additions + f.deletions,
    blob_url: `${b.web}/${full}/blob/${headSha}/${path}`,
    raw_url: `${b.web}/${full}/raw/${headSha}/${path}`,
    contents_url: `${b.api}/repos/${full}/contents/${path}?ref=${headSha}`,
    patch: f.patch,
    // Only on renamed files: the service leaves it out otherwise.
    ...(f.previous_filename !== null ? { previous_filename: f.previous_filename } : {}),
  };
}

/** The account behind a commit e-mail (its own address, or the no-reply form `<login>@users.noreply.<host>`). */
function userByEmail(db: Db, email: string): UserRow | undefined {
  const own = userWithEmail(db, email);
  if (own) return own;
  const m = /^([^@]+)@users\.noreply\./i.exec(email);
  return m ? userByLogin(db, m[1]!) : undefined;
}

export function commitJson(db: Db, b: Bases, full: string, c: CommitInfo): Record<string, unknown> {
  const api = `${b.api}/repos/${full}`;
  const author = userByEmail(db, c.author.email);
  const committer = userByEmail(db, c.committer.email);
  return {
    sha: c.sha,
    commit: {
      author: { name: c.author.name, email: c.author.email, date: isoTime(c.author.date) },
      committer: { name: c.committer.name, email: c.committer.email, date: isoTime(c.committer.date) },
      message: c.message,
      tree: { sha: c.tree, url: `${api}/git/trees/${c.tree}` },
      url: `${api}/git/commits/${c.sha}`,
      comment_count: 0,
    },
    url: `${api}/commits/${c.sha}`,
    html_url: `${b.web}/${full}/commit/${c.sha}`,
    comments_url: `${api}/commits/${c.sha}/comments`,
    author: author ? userSummary(b, author) : null,
    committer: committer ? userSummary(b, committer) : null,
    parents: c.parents.map((p) => ({ sha: p, url: `${api}/commits/${p}`, html_url: `${b.web}/${full}/commit/${p}` })),
  };
}
