// A pull request changed by a write (created, edited, closed, reopened,
// merged), as the Pull Requests view's list shows it at once: in place when
// the view's state filter still shows it, gone when it no longer does, and a
// new one first when the list is newest first (the service's default order).
import type { ListEdit } from './listEdits';

interface PullLike {
  number: number;
  state: 'open' | 'closed';
}

export interface ShownPullFilter {
  state: 'open' | 'closed' | 'all';
  sort: string;
  direction: 'asc' | 'desc';
}

export function pullListEdit<P extends PullLike>(pull: P, filter: ShownPullFilter): ListEdit<P> {
  return (shown) => {
    const shows = filter.state === 'all' || filter.state === pull.state;
    if (!shows) return shown.filter((p) => p.number !== pull.number);
    if (shown.some((p) => p.number === pull.number)) return shown.map((p) => (p.number === pull.number ? pull : p));
    return filter.sort === 'created' && filter.direction === 'desc' ? [pull, ...shown] : [...shown, pull];
  };
}
