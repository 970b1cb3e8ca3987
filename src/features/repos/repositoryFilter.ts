// The filter of "Your repositories": type, sort and direction, remembered
// (its quick picks: repositoryFilterPick.ts, loaded on first use).
import * as vscode from 'vscode';

export const REPO_TYPES = ['all', 'owner', 'public', 'private', 'member'] as const;
export const REPO_SORTS = ['full_name', 'created', 'updated', 'pushed'] as const;
type RepoType = (typeof REPO_TYPES)[number];
type RepoSort = (typeof REPO_SORTS)[number];
type Direction = 'asc' | 'desc';

export interface RepositoryFilter {
  type: RepoType;
  sort: RepoSort;
  direction: Direction;
}

const KEY = 'repodesk.repositoryFilter';
// The service's own defaults (docs/service-api/hosting/repositories §3).
const DEFAULT_FILTER: RepositoryFilter = { type: 'all', sort: 'full_name', direction: 'asc' };

export function loadFilter(state: vscode.Memento): RepositoryFilter {
  return { ...DEFAULT_FILTER, ...state.get<Partial<RepositoryFilter>>(KEY) };
}

/** Keeps a filter; anything outside the service's values is left as it was. */
export async function saveFilter(state: vscode.Memento, given: Partial<RepositoryFilter>): Promise<RepositoryFilter> {
  const current = loadFilter(state);
  const next: RepositoryFilter = {
    type: REPO_TYPES.includes(given.type as RepoType) ? (given.type as RepoType) : current.type,
    sort: REPO_SORTS.includes(given.sort as RepoSort) ? (given.sort as RepoSort) : current.sort,
    direction: given.direction === 'asc' || given.direction === 'desc' ? given.direction : current.direction,
  };
  await state.update(KEY, next);
  return next;
}

/** The type filter of an organization's group (GET /orgs/:org/repos), remembered per organization. */
export type OrgRepoType = 'all' | 'public' | 'private' | 'forks' | 'sources' | 'member';
export const ORG_KEY = 'repodesk.organizationRepositoryTypes';

export function loadOrgType(state: vscode.Memento, org: string): OrgRepoType {
  return state.get<Record<string, OrgRepoType>>(ORG_KEY)?.[org] ?? 'all';
}
