// The last pull request listing the Pull Requests view showed in a workspace
// (for its active repository and filter), kept small in the workspace state
// so that the view draws its rows the moment it is first visible after a
// reload, marked as updating, while the service is asked again. Keyed by the
// service, the account, the repository and the filter; only what a row says
// (number, title, state, author), the first page.
import * as z from 'zod/mini';
import { snapshotKey } from './repositorySnapshot';

export interface CachedPull {
  number: number;
  title: string;
  state: 'open' | 'closed' | 'merged';
  author: string;
}

export interface PullSnapshot {
  version: 1;
  key: string;
  savedAt: number;
  pulls: CachedPull[];
  /** The service had more than the first page. */
  more: boolean;
}

/** The first page of the view (it reads 50 at a time). */
export const PULL_SNAPSHOT_LIMIT = 50;

const snapshotSchema = z.object({
  version: z.literal(1),
  key: z.string(),
  savedAt: z.number(),
  pulls: z.array(z.object({ number: z.int(), title: z.string(), state: z.enum(['open', 'closed', 'merged']), author: z.string() })),
  more: z.boolean(),
});

/** The key of one repository's listing under one filter, for one account on one service. */
export function pullSnapshotKey(apiUrl: string, accountId: string, owner: string, repo: string, filter: unknown): string {
  return `${snapshotKey(apiUrl, accountId)} ${owner}/${repo} ${JSON.stringify(filter)}`;
}

/** A pull request as the service answers it (the fields a row shows). */
export interface PullLike {
  number: number;
  title: string;
  state: 'open' | 'closed';
  merged_at: string | null;
  user: { login: string };
}

export function takePullSnapshot(key: string, pulls: readonly PullLike[], more: boolean, now: number): PullSnapshot {
  return {
    version: 1,
    key,
    savedAt: now,
    pulls: pulls
      .slice(0, PULL_SNAPSHOT_LIMIT)
      .map((p) => ({ number: p.number, title: p.title, state: p.merged_at ? 'merged' : p.state, author: p.user.login })),
    more: more || pulls.length > PULL_SNAPSHOT_LIMIT,
  };
}

/** The stored snapshot if it is one and belongs to `key`; anything else is none. */
export function readPullSnapshot(stored: unknown, key: string): PullSnapshot | undefined {
  const parsed = snapshotSchema.safeParse(stored);
  return parsed.success && parsed.data.key === key ? parsed.data : undefined;
}
