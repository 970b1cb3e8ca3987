// The filter of "Your repositories": type, sort and direction, remembered.
import * as vscode from 'vscode';
import { directions, pickCurrent, plain } from '../shared/tree/pickCurrent';

const REPO_TYPES = ['all', 'owner', 'public', 'private', 'member'] as const;
const REPO_SORTS = ['full_name', 'created', 'updated', 'pushed'] as const;
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

export async function pickFilter(state: vscode.Memento): Promise<RepositoryFilter | undefined> {
  const current = loadFilter(state);
  const type = await pickCurrent(vscode.l10n.t('Show which repositories? (1/3)'), plain(REPO_TYPES), current.type);
  if (!type) return undefined;
  const sort = await pickCurrent(vscode.l10n.t('Sort by (2/3)'), plain(REPO_SORTS), current.sort);
  if (!sort) return undefined;
  const direction = await pickCurrent(vscode.l10n.t('Direction (3/3)'), directions(), current.direction);
  if (!direction) return undefined;
  return saveFilter(state, { type, sort, direction });
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
const ORG_KEY = 'repodesk.organizationRepositoryTypes';

export function loadOrgType(state: vscode.Memento, org: string): OrgRepoType {
  return state.get<Record<string, OrgRepoType>>(ORG_KEY)?.[org] ?? 'all';
}

export async function pickOrgType(state: vscode.Memento, org: string, given?: OrgRepoType): Promise<OrgRepoType | undefined> {
  const current = loadOrgType(state, org);
  const types = ['all', 'public', 'private', 'forks', 'sources', 'member'] as const;
  const type = given ?? (await pickCurrent(vscode.l10n.t('Show which repositories of {0}?', org), plain(types), current));
  if (!type || !(types as readonly string[]).includes(type)) return undefined;
  await state.update(ORG_KEY, { ...state.get<Record<string, OrgRepoType>>(ORG_KEY), [org]: type });
  return type as OrgRepoType;
}
