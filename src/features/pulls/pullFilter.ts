// The Pull Requests view's filter: state, sort, direction, head and base,
// remembered per workspace.
import * as vscode from 'vscode';
import { directions, pickCurrent, plain } from '../shared/tree/pickCurrent';
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

export async function pickPullFilter(state: vscode.Memento): Promise<PullFilter | undefined> {
  const current = loadPullFilter(state);
  const st = await pickCurrent(vscode.l10n.t('Pull requests in which state? (1/5)'), plain(['open', 'closed', 'all'] as const), current.state);
  if (!st) return undefined;
  const sort = await pickCurrent(vscode.l10n.t('Sort by (2/5)'), plain(['created', 'updated', 'popularity', 'long-running'] as const), current.sort);
  if (!sort) return undefined;
  const direction = await pickCurrent(vscode.l10n.t('Direction (3/5)'), directions(), current.direction);
  if (!direction) return undefined;
  const head = await vscode.window.showInputBox({
    title: vscode.l10n.t('Head filter (4/5)'),
    prompt: vscode.l10n.t('"user:branch" or empty for any head'),
    value: current.head,
  });
  if (head === undefined) return undefined;
  const base = await vscode.window.showInputBox({
    title: vscode.l10n.t('Base filter (5/5)'),
    prompt: vscode.l10n.t('A branch name, or empty for any base'),
    value: current.base,
  });
  if (base === undefined) return undefined;
  const next: PullFilter = {
    state: st,
    sort,
    direction,
    head: head.trim(),
    base: base.trim(),
  };
  await savePullFilter(state, next);
  return next;
}
