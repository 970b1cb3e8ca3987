// The last repository listing a workspace showed, kept small in its
// workspace state so that the Repositories view draws rows the moment it is
// visible after a reload (marked as updating) while the service is asked
// again. Keyed by the service's address and the signed-in account's id: a
// snapshot of one account is never shown to another, nor to a signed-out
// user. Only what a row shows is kept (never a token), and only the first
// page of each group.
import * as z from 'zod/mini';

/** One group of the view (Your repositories, an organization), by its tree id. */
export interface CachedGroup {
  id: string;
  repositories: RepositoryLike[];
  /** The service had more than the first page. */
  more: boolean;
}

export interface RepositorySnapshot {
  version: 1;
  key: string;
  savedAt: number;
  groups: CachedGroup[];
}

/** At most this many groups and repositories a group (the first page): the state stays small. */
export const SNAPSHOT_LIMITS = { groups: 50, repositories: 100 } as const;

const repositorySchema = z.object({
  id: z.int(),
  name: z.string(),
  full_name: z.string(),
  owner: z.object({ login: z.string(), type: z.string() }),
  private: z.boolean(),
  fork: z.boolean(),
  description: z.nullable(z.string()),
  html_url: z.string(),
  language: z.optional(z.nullable(z.string())),
  stargazers_count: z.optional(z.int()),
});

/** What a repository row shows: the part of the service's repository (summary or minimal form) a snapshot keeps. */
export type RepositoryLike = z.infer<typeof repositorySchema>;

const snapshotSchema = z.object({
  version: z.literal(1),
  key: z.string(),
  savedAt: z.number(),
  groups: z.array(z.object({ id: z.string(), repositories: z.array(repositorySchema), more: z.boolean() })),
});

/** The key of one account on one service. */
export function snapshotKey(apiUrl: string, accountId: string): string {
  return `${apiUrl.replace(/\/+$/, '')} ${accountId}`;
}

/**
 * Whether a stored snapshot (of repositories or pull requests: their keys
 * start with snapshotKey) was kept for `accountId` on `apiUrl`.
 */
export function keptFor(stored: unknown, apiUrl: string, accountId: string): boolean {
  const key = (stored as { key?: unknown } | null | undefined)?.key;
  return typeof key === 'string' && key.startsWith(`${snapshotKey(apiUrl, accountId)} `);
}

/**
 * Whether a stored snapshot was kept for `accountId` on any service (an
 * account signed out is no longer known with its service; its id is the
 * second word of the key, as snapshotKey writes it).
 */
export function keptForAccount(stored: unknown, accountId: string): boolean {
  const key = (stored as { key?: unknown } | null | undefined)?.key;
  return typeof key === 'string' && key.split(' ')[1] === accountId;
}

function rowOf(r: RepositoryLike): RepositoryLike {
  const row: RepositoryLike = {
    id: r.id,
    name: r.name,
    full_name: r.full_name,
    owner: { login: r.owner.login, type: r.owner.type },
    private: r.private,
    fork: r.fork,
    description: r.description,
    html_url: r.html_url,
  };
  if (r.language !== undefined) row.language = r.language;
  if (r.stargazers_count !== undefined) row.stargazers_count = r.stargazers_count;
  return row;
}

/** What to keep of the groups just read: the first page of each, the row fields only. */
export function takeSnapshot(
  key: string,
  groups: readonly { id: string; repositories: readonly RepositoryLike[]; more: boolean }[],
  now: number,
): RepositorySnapshot {
  return {
    version: 1,
    key,
    savedAt: now,
    groups: groups.slice(0, SNAPSHOT_LIMITS.groups).map((g) => ({
      id: g.id,
      repositories: g.repositories.slice(0, SNAPSHOT_LIMITS.repositories).map(rowOf),
      more: g.more || g.repositories.length > SNAPSHOT_LIMITS.repositories,
    })),
  };
}

/** The stored snapshot if it is one and belongs to `key`; anything else (another account, an old shape) is none. */
export function readSnapshot(stored: unknown, key: string): RepositorySnapshot | undefined {
  const parsed = snapshotSchema.safeParse(stored);
  if (!parsed.success || parsed.data.key !== key) return undefined;
  return parsed.data as RepositorySnapshot;
}
