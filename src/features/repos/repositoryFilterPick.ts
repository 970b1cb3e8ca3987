// The quick picks of the Repositories view's filters (repositoryFilter.ts
// keeps them). Loaded with the filter commands, not at activation.
import * as vscode from 'vscode';
import { inSteps } from '../shared/stepBoxes';
import { directions, pickCurrent, plain } from '../shared/tree/pickCurrent';
import { loadFilter, loadOrgType, ORG_KEY, REPO_SORTS, REPO_TYPES, saveFilter, type OrgRepoType, type RepositoryFilter } from './repositoryFilter';

export async function pickFilter(state: vscode.Memento): Promise<RepositoryFilter | undefined> {
  const current = loadFilter(state);
  const chosen = await inSteps(async (steps) => {
    const type = await pickCurrent(steps, vscode.l10n.t('Show which repositories? (1/3)'), plain(REPO_TYPES), current.type);
    if (!type) return undefined;
    const sort = await pickCurrent(steps, vscode.l10n.t('Sort by (2/3)'), plain(REPO_SORTS), current.sort);
    if (!sort) return undefined;
    const direction = await pickCurrent(steps, vscode.l10n.t('Direction (3/3)'), directions(), current.direction);
    return direction && { type, sort, direction };
  });
  return chosen && saveFilter(state, chosen);
}

export async function pickOrgType(state: vscode.Memento, org: string, given?: OrgRepoType): Promise<OrgRepoType | undefined> {
  const current = loadOrgType(state, org);
  const types = ['all', 'public', 'private', 'forks', 'sources', 'member'] as const;
  const type = given ?? (await inSteps((steps) => pickCurrent(steps, vscode.l10n.t('Show which repositories of {0}?', org), plain(types), current)));
  if (!type || !(types as readonly string[]).includes(type)) return undefined;
  await state.update(ORG_KEY, { ...state.get<Record<string, OrgRepoType>>(ORG_KEY), [org]: type });
  return type as OrgRepoType;
}
