// The sort/direction/since filters shared by the repository-wide comment
// lists: default order ascending id; direction is ignored without sort.
import { invalidField } from '../conventions/errors';
import { isoTime } from '../conventions/time';

export interface CommentListQuery {
  sort?: string;
  direction?: string;
  since?: string;
}

export interface CommentListSql {
  /** Extra WHERE condition (`AND ...`) and its parameters. */
  where: string;
  params: string[];
  orderBy: string;
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function commentListSql(resource: string, q: CommentListQuery, alias = 'c'): CommentListSql {
  let orderBy = `${alias}.id ASC`;
  if (q.sort !== undefined) {
    if (q.sort !== 'created' && q.sort !== 'updated') throw invalidField(resource, 'sort');
    const direction = q.direction ?? 'asc';
    if (direction !== 'asc' && direction !== 'desc') throw invalidField(resource, 'direction');
    const column = q.sort === 'created' ? `${alias}.created_at` : `${alias}.updated_at`;
    orderBy = `${column} ${direction.toUpperCase()}, ${alias}.id ${direction.toUpperCase()}`;
  }
  if (q.since === undefined) return { where: '', params: [], orderBy };
  const since = ISO_8601.test(q.since) ? new Date(q.since) : undefined;
  if (!since || Number.isNaN(since.getTime())) throw invalidField(resource, 'since');
  // Stored timestamps are YYYY-MM-DDTHH:MM:SSZ, so text order is time order.
  return { where: ` AND ${alias}.updated_at >= ?`, params: [isoTime(since)], orderBy };
}
