// Commit history with per-file line counts, for the statistics: one
// `git log --numstat -z` parsed here. Author dates keep their own offset
// (the punch card is in each commit's own time zone).
import { isoInZone, type GitIdentity } from './format';
import type { GitRepository } from './repository';

interface FileChange {
  path: string;
  /** null for binary files (git prints `-`). */
  additions: number | null;
  deletions: number | null;
}

export interface HistoryCommit {
  sha: string;
  parents: string[];
  author: GitIdentity;
  committerTimestamp: number;
  files: FileChange[];
  additions: number;
  deletions: number;
}

export interface HistoryOptions {
  /** A ref or SHA to start from; default HEAD. */
  from?: string;
  maxCount?: number;
}

// A record separator no commit field contains, then fields split by \x1f.
const START = '\x1e';

/** Newest first, as `git log` lists them. Merge commits carry no file changes (git log's default). */
export async function readHistory(repo: GitRepository, options: HistoryOptions = {}): Promise<HistoryCommit[]> {
  const from = options.from ?? 'HEAD';
  if (from.startsWith('-')) return [];
  const args = ['log', '--numstat', '-z', '--no-renames', `--format=${START}%H%x1f%P%x1f%an%x1f%ae%x1f%ad%x1f%ct`, '--date=raw'];
  if (options.maxCount !== undefined) args.push(`--max-count=${options.maxCount}`);
  // An empty repository (unborn HEAD) has no history rather than an error.
  const result = await repo.run([...args, from, '--'], { okCodes: [128] });
  if (result.code !== 0) return [];
  return result.stdout
    .toString('utf8')
    .split(START)
    .filter((record) => record !== '')
    .map(parseRecord);
}

function parseRecord(record: string): HistoryCommit {
  const newline = record.indexOf('\n');
  const header = newline < 0 ? record : record.slice(0, newline);
  const body = newline < 0 ? '' : record.slice(newline + 1);
  const [sha = '', parents = '', name = '', email = '', rawDate = '', committed = '0'] = header.replace(/\0+$/, '').split('\x1f');
  const [seconds = '0', timezone = '+0000'] = rawDate.split(' ');
  const timestamp = Number(seconds);
  const files: FileChange[] = [];
  // -z numstat: `<added>\t<deleted>\t<path>\0` per file.
  for (const item of body.split('\0')) {
    const match = /^\n?(\d+|-)\t(\d+|-)\t(.*)$/s.exec(item);
    if (!match) continue;
    files.push({
      path: match[3] ?? '',
      additions: match[1] === '-' ? null : Number(match[1]),
      deletions: match[2] === '-' ? null : Number(match[2]),
    });
  }
  return {
    sha,
    parents: parents === '' ? [] : parents.split(' '),
    author: { name, email, timestamp, timezone, date: isoInZone(timestamp, timezone) },
    committerTimestamp: Number(committed),
    files,
    additions: files.reduce((sum, f) => sum + (f.additions ?? 0), 0),
    deletions: files.reduce((sum, f) => sum + (f.deletions ?? 0), 0),
  };
}
