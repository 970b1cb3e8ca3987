// Webhooks: the Webhooks group under each repository of the Repositories view
// (the service lists hooks for admins only: a refusal shows its message
// once, as Deploy Keys do), creating, editing, testing, pinging and deleting
// a hook, and the payload of a recent delivery. Each command also takes its
// answers as a plain object argument.
import { registerLazyCommands } from '../shared/lazyCommands';
import { RefusedLists, type RepositoryChildProvider } from '../shared/tree/repositoryLists';
import { registerDeliveryDocuments } from './deliveryDocuments';
import { hooksGroup, type LastDeliveries } from './hookNodes';
import type { FeatureContext } from '../shared/featureContext';

const HOOK_COMMANDS = [
  'repodesk.repo.hooks.create',
  'repodesk.repo.hooks.edit',
  'repodesk.repo.hooks.test',
  'repodesk.repo.hooks.ping',
  'repodesk.repo.hooks.delete',
  'repodesk.repo.hooks.openDelivery',
] as const;
export type HookCommandId = (typeof HOOK_COMMANDS)[number];

export function registerHooks({ extension: context, session }: Pick<FeatureContext, 'extension' | 'session'>): RepositoryChildProvider {
  const deliveries = registerDeliveryDocuments(context);
  // Refusals (no admin rights) are asked again on retry, on the user's
  // refresh, or with another account; not on every background refresh.
  const refused = new RefusedLists();
  const lastDeliveries: LastDeliveries = new Map();
  context.subscriptions.push(session.onDidChange(() => refused.clear()));
  // The commands' code (and the questions they ask) loads on first use, not at activation.
  registerLazyCommands(context, HOOK_COMMANDS, () => import('./hookActions.js').then((m) => m.hookCommands(session, deliveries, lastDeliveries)));
  return {
    children: (target, _repo, baseId, onChanged) => [hooksGroup(target, baseId, onChanged, refused, lastDeliveries)],
    userRefreshed: () => refused.clear(),
  };
}
