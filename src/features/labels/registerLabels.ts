// Labels: the Labels group under each repository of the Repositories view,
// its commands, and the palette's flow on the active repository. Each
// command also takes its answers as arguments (for scripts and tests).
import { RefusedLists, type RepositoryChildProvider } from '../shared/tree/repositoryLists';
import { labelsGroup } from './labelNodes';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const LABEL_COMMANDS = ['repodesk.repo.labels', 'repodesk.repo.labels.create', 'repodesk.repo.labels.edit', 'repodesk.repo.labels.delete'] as const;
export type LabelCommandId = (typeof LABEL_COMMANDS)[number];

export function registerLabels({ extension: context, session, active }: Pick<FeatureContext, 'extension' | 'session' | 'active'>): RepositoryChildProvider {
  // Refusals (no admin rights) are asked again on retry, on the user's
  // refresh, or with another account; not on every background refresh.
  const refused = new RefusedLists();
  context.subscriptions.push(session.onDidChange(() => refused.clear()));
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, LABEL_COMMANDS, () => import('./labelCommands.js').then((m) => m.labelCommands(session, active)));

  return {
    children: (target, _repo, baseId, onChanged) => [labelsGroup(target, baseId, onChanged, refused)],
    userRefreshed: () => refused.clear(),
  };
}
