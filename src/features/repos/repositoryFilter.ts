// The filter of "Your repositories": type, sort and direction, remembered.
import * as vscode from 'vscode';

export type RepoType = 'all' | 'owner' | 'public' | 'private' | 'member';
export type RepoSort = 'created' | 'updated' | 'pushed' | 'full_name';
export type Direction = 'asc' | 'desc';

export interface RepositoryFilter {
  type: RepoType;
  sort: RepoSort;
  direction: Direction;
}

const KEY = 'repodesk.repositoryFilter';
// The service's own defaults (document 2, GET /user/repos).
export const DEFAULT_FILTER: RepositoryFilter = { type: 'all', sort: 'full_name', direction: 'asc' };

export function loadFilter(state: vscode.Memento): RepositoryFilter {
  return { ...DEFAULT_FILTER, ...state.get<Partial<RepositoryFilter>>(KEY) };
}

export async function pickFilter(state: vscode.Memento): Promise<RepositoryFilter | undefined> {
  const current = loadFilter(state);
  const type = await vscode.window.showQuickPick(
    (['all', 'owner', 'public', 'private', 'member'] as const).map((t) => ({ label: t, picked: t === current.type, description: t === current.type ? vscode.l10n.t('current') : undefined })),
    { title: vscode.l10n.t('Show which repositories? (1/3)') },
  );
  if (!type) return undefined;
  const sort = await vscode.window.showQuickPick(
    (['full_name', 'created', 'updated', 'pushed'] as const).map((s) => ({ label: s, description: s === current.sort ? vscode.l10n.t('current') : undefined })),
    { title: vscode.l10n.t('Sort by (2/3)') },
  );
  if (!sort) return undefined;
  const direction = await vscode.window.showQuickPick(
    [{ label: 'asc', description: vscode.l10n.t('ascending') }, { label: 'desc', description: vscode.l10n.t('descending') }],
    { title: vscode.l10n.t('Direction (3/3)') },
  );
  if (!direction) return undefined;
  const next: RepositoryFilter = { type: type.label as RepoType, sort: sort.label as RepoSort, direction: direction.label as Direction };
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
  const type = given ?? (await vscode.window.showQuickPick(
    types.map((t) => ({ label: t, description: t === current ? vscode.l10n.t('current') : undefined })),
    { title: vscode.l10n.t('Show which repositories of {0}?', org) },
  ))?.label;
  if (!type || !(types as readonly string[]).includes(type)) return undefined;
  await state.update(ORG_KEY, { ...state.get<Record<string, OrgRepoType>>(ORG_KEY), [org]: type });
  return type as OrgRepoType;
}
