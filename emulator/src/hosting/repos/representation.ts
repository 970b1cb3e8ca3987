// The detailed repository of GET /repos/:owner/:repo: the summary plus
// subscribers_count, organization (null when a user owns it), network_count
// and, for forks only, parent and source.
import type { Db } from '../../db';
import { findUserById } from '../conventions/access';
import { repoSummary, userSummary, type Permission } from '../conventions/representations';
import type { RepoRow } from './schema';
import type { Bases } from '../conventions/urls';
import { networkCount, repoById } from './store';

/** The summary of any repository row (owner loaded). */
export function summaryOf(db: Db, b: Bases, r: RepoRow, permission: Permission | null): Record<string, unknown> {
  return repoSummary(b, r, findUserById(db, r.owner_id)!, permission);
}

export function repoDetailed(db: Db, b: Bases, r: RepoRow, permission: Permission | null): Record<string, unknown> {
  const owner = findUserById(db, r.owner_id)!;
  const out = repoSummary(b, r, owner, permission);
  out.subscribers_count = r.subscribers_count;
  out.organization = owner.type === 'Organization' ? userSummary(b, owner) : null;
  const sourceId = r.source_id ?? r.id;
  out.network_count = networkCount(db, sourceId);
  if (r.fork) {
    // Parent and source shown in summary form; the caller's permission on them is not computed here.
    const parent = repoById(db, r.parent_id);
    const source = repoById(db, r.source_id);
    out.parent = parent ? summaryOf(db, b, parent, parent.private ? null : 'pull') : null;
    out.source = source ? summaryOf(db, b, source, source.private ? null : 'pull') : null;
  }
  return out;
}
