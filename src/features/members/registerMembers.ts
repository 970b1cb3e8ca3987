// Organization members: Members and Public Members above each organization's
// repositories in the Repositories view; the signed-in user's own membership
// made public or concealed (the service asks for write:org), and removing a
// member (owners only, never the last owner; the service asks for admin:org).
// A refusal for want of a scope offers to sign in again for it, as Teams do.
// Each command also takes its answers as arguments.
import type { OrganizationChildProvider } from '../shared/tree/organizationLists';
import { RefusedLists } from '../shared/tree/repositoryLists';
import { memberGroups } from './memberNodes';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const MEMBER_COMMANDS = ['repodesk.org.members.publicize', 'repodesk.org.members.conceal', 'repodesk.org.members.remove'] as const;
export type MemberCommandId = (typeof MEMBER_COMMANDS)[number];

export function registerMembers({ extension: context, session }: Pick<FeatureContext, 'extension' | 'session'>): OrganizationChildProvider {
  const refused = new RefusedLists();
  const me = () => session.login;
  context.subscriptions.push(session.onDidChange(() => refused.clear()));
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, MEMBER_COMMANDS, () => import('./memberCommands.js').then((m) => m.memberCommands(session)));

  return {
    children: (target, baseId, onChanged) => {
      const lists = memberGroups(target, baseId, onChanged, refused, me);
      return [lists.members, lists.publicMembers];
    },
    userRefreshed: () => refused.clear(),
  };
}
