// An organization's members' commands: make one's membership public or
// concealed, remove a member. Loaded on first use (registerMembers.ts
// registers them).
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import { changeList, type ReloadableList } from '../shared/tree/listChange';
import type { OrganizationTarget } from '../shared/tree/organizationLists';
import { confirm } from '../shared/tree/repositoryLists';
import type { MemberLists, MemberRow } from './memberNodes';
import { MemberNode } from './memberRows';
import type { CommandHandler } from '../shared/lazyCommands';
import type { MemberCommandId } from './registerMembers';

/** Both lists, read again together (a change to one shows in the other). */
function bothLists(lists: MemberLists, first: MemberLists['members']): ReloadableList<MemberRow> {
  const other = first === lists.members ? lists.publicMembers : lists.members;
  const reload = async () => {
    await Promise.all([first.reload(), other.reload()]);
  };
  // The service answers 204: the lists are read again to show the change.
  return { list: first.list, reload, showChange: reload };
}

export function memberCommands(session: HostingSession): Record<MemberCommandId, CommandHandler> {
  const visibilityHint = vscode.l10n.t('Making your membership public or concealed needs the write:org scope.');
  const removeHint = vscode.l10n.t('Removing a member needs an owner of the organization, signed in with the admin:org scope.');

  const setVisibility = async (node: unknown, makePublic: boolean) => {
    if (!(node instanceof MemberNode) || !node.isMe || node.row.public === makePublic) return undefined;
    const { org } = node.group.target;
    const change = (t: OrganizationTarget) => (makePublic ? t.client.orgMembers.publicize(t.org, node.login) : t.client.orgMembers.conceal(t.org, node.login));
    const result = await changeList(
      session,
      bothLists(node.lists, node.group),
      makePublic ? vscode.l10n.t('Making your membership of {0} public…', org) : vscode.l10n.t('Concealing your membership of {0}…', org),
      makePublic ? vscode.l10n.t('Could not make your membership of {0} public', org) : vscode.l10n.t('Could not conceal your membership of {0}', org),
      () => change(node.group.target),
      { hint: visibilityHint, scope: 'write:org', retry: (client) => change({ ...node.group.target, client }) },
    );
    if (result)
      void vscode.window.setStatusBarMessage(
        makePublic ? vscode.l10n.t('Your membership of {0} is public.', org) : vscode.l10n.t('Your membership of {0} is concealed.', org),
        4000,
      );
    return result;
  };

  return {
    'repodesk.org.members.publicize': (node?: unknown) => setVisibility(node, true),
    'repodesk.org.members.conceal': (node?: unknown) => setVisibility(node, false),
    'repodesk.org.members.remove': async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof MemberNode)) return undefined;
      const { org } = node.group.target;
      const ask = () =>
        node.isMe
          ? confirm(
              vscode.l10n.t('Leave {0}?', org),
              vscode.l10n.t('Remove Me'),
              vscode.l10n.t('You are removed from every team of {0} and lose access to its repositories.', org),
            )
          : confirm(
              vscode.l10n.t('Remove {0} from {1}?', node.login, org),
              vscode.l10n.t('Remove Member'),
              vscode.l10n.t('{0} is removed from every team of {1} and loses access to its repositories.', node.login, org),
            );
      if (confirmed !== true && !(await ask())) return undefined;
      const remove = (t: OrganizationTarget) => t.client.orgMembers.remove(t.org, node.login);
      return changeList(
        session,
        bothLists(node.lists, node.group),
        vscode.l10n.t('Removing {0} from {1}…', node.login, org),
        vscode.l10n.t('Could not remove {0} from {1}', node.login, org),
        () => remove(node.group.target),
        { hint: removeHint, scope: 'admin:org', retry: (client) => remove({ ...node.group.target, client }) },
      );
    },
  };
}
