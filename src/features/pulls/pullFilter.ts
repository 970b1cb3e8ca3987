// The Pull Requests view's filter: state, sort, direction, head and base,
// remembered per workspace.
import * as vscode from 'vscode';
import type { ListPullsQuery } from '../../hosting';

export interface PullFilter {
  state: 'open' | 'closed' | 'all';
  sort: 'created' | 'updated' | 'popularity' | 'long-running';
  direction: 'asc' | 'desc';
  head: string;
  base: string;
}

const KEY = 'repodesk.pullFilter';
// The service's defaults (docs/service-api/hosting/pulls §3).
const DEFAULT_PULL_FILTER: PullFilter = { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' };

export function loadPullFilter(state: vscode.Memento): PullFilter {
  return { ...DEFAULT_PULL_FILTER, ...state.get<Partial<PullFilter>>(KEY) };
}

export function savePullFilter(state: vscode.Memento, filter: PullFilter): Thenable<void> {
  return state.update(KEY, filter);
}

export function toQuery(f: PullFilter): ListPullsQuery {
  return { state: f.state, sort: f.sort, direction: f.direction, ...(f.head ? { head: f.head } : {}), ...(f.base ? { base: f.base } : {}) };
}

/** One short line describing a filter, for the view's description. */
export function describePullFilter(f: PullFilter): string {
  const parts: string[] = [f.state, `${f.sort} ${f.direction}`];
  if (f.head) parts.push(`head ${f.head}`);
  if (f.base) parts.push(`base ${f.base}`);
  return parts.join(' · ');
}
