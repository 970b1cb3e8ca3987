// Deploy keys: the Deploy Keys group under each repository of the
// Repositories view, its commands, and the palette's flow on the active
// repository. Each command also takes its answers as arguments.
import { RefusedLists, type RepositoryChildProvider } from '../shared/tree/repositoryLists';
import { deployKeysGroup } from './deployKeyNodes';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const DEPLOY_KEY_COMMANDS = ['repodesk.repo.deployKeys', 'repodesk.repo.deployKeys.add', 'repodesk.repo.deployKeys.delete'] as const;
export type DeployKeyCommandId = (typeof DEPLOY_KEY_COMMANDS)[number];

export function registerDeployKeys({ extension: context, session, active }: Pick<FeatureContext, 'extension' | 'session' | 'active'>): RepositoryChildProvider {
  // Refusals (no admin rights) are asked again on retry, on the user's
  // refresh, or with another account; not on every background refresh.
  const refused = new RefusedLists();
  context.subscriptions.push(session.onDidChange(() => refused.clear()));
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, DEPLOY_KEY_COMMANDS, () => import('./deployKeyCommands.js').then((m) => m.deployKeyCommands(session, active)));

  return {
    children: (target, _repo, baseId, onChanged) => [deployKeysGroup(target, baseId, onChanged, refused)],
    userRefreshed: () => refused.clear(),
  };
}
