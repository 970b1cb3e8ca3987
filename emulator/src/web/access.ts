// What a browser may see. The OAuth login cookie is scoped to /login/, so a
// browser reaches these pages anonymously and sees public repositories only;
// a request that carries API credentials (Basic or a token, e.g. curl -u) is
// judged exactly as the API judges it. Hidden and missing look the same (404).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { atLeast, effectivePermission, findRepo } from '../hosting/conventions/access';
import type { Permission } from '../hosting/conventions/representations';
import type { RepoRow } from '../hosting/repos/schema';
import type { UserRow } from '../hosting/accounts/schema';
import { reposOwnedBy } from '../hosting/repos/store';

export interface VisibleRepo {
  repo: RepoRow;
  owner: UserRow;
  permission: Permission;
}

/** The repository when the caller may read it; undefined when missing or hidden. */
export function visibleRepo(db: Db, req: FastifyRequest, owner: string, name: string): VisibleRepo | undefined {
  const found = findRepo(db, owner, name);
  if (!found) return undefined;
  const permission = effectivePermission(db, req, found.repo);
  return permission === null ? undefined : { ...found, permission };
}

/** Repositories owned by `owner` that the caller may read, by name. */
export function visibleReposOf(db: Db, req: FastifyRequest, owner: UserRow): RepoRow[] {
  return reposOwnedBy(db, owner.id).filter((r) => effectivePermission(db, req, r) !== null);
}

/** Drafts are for callers with push access, as in the API. */
export function canSeeDrafts(r: VisibleRepo): boolean {
  return atLeast(r.permission, 'push');
}
