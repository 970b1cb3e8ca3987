// The legacy search: the Repositories view's title quick pick (repositories,
// users, the active repository's issues) and a repository's issues from its
// node. A picked repository becomes the active one; other hits open in the
// browser. Each command also takes the kind and keyword as arguments.
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const SEARCH_COMMANDS = ['repodesk.search', 'repodesk.repo.searchIssues'] as const;
export type SearchCommandId = (typeof SEARCH_COMMANDS)[number];

export function registerSearch({ extension: context, session, active }: Pick<FeatureContext, 'extension' | 'session' | 'active'>): void {
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, SEARCH_COMMANDS, () => import('./searchCommands.js').then((m) => m.searchCommands(session, active)));
}
