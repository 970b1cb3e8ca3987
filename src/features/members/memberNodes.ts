// An organization's members after its repositories
// (docs/service-api/hosting/organizations §5, §6): Members (every member the
// signed-in user may see, each marked public or concealed) and Public Members
// (what anyone sees). The signed-in user's own row can publicize or conceal the
// membership; a member can be removed (the service lets owners only). The
// rows are in memberRows.ts.
import * as vscode from 'vscode';
import { collect, type UserSummary } from '../../hosting';
import { RepoDeskNode } from '../shared/tree/nodes';
import { OrganizationListNode, type OrganizationTarget } from '../shared/tree/organizationLists';
import type { RefusedLists } from '../shared/tree/repositoryLists';

export interface MemberRow {
  user: UserSummary;
  /** Whether the membership is public (listed under GET /orgs/:org/public_members). */
  public: boolean;
}

/** Both lists of an organization: a change to one reads both again. */
export interface MemberLists {
  members: OrganizationListNode<MemberRow>;
  publicMembers: OrganizationListNode<MemberRow>;
}

/** The members, each marked public or concealed from the public list (a non-member is sent the public list by the service). */
async function* markedMembers(target: OrganizationTarget): AsyncIterable<MemberRow> {
  const options = { priority: 'background' as const };
  const shown = new Set((await collect(target.client.orgMembers.listPublic(target.org, options))).map((u) => u.login.toLowerCase()));
  for await (const user of target.client.orgMembers.list(target.org, {}, options)) yield { user, public: shown.has(user.login.toLowerCase()) };
}

// The rows (memberRows.ts) load with the group's first list, not at activation.
const rows = () => import('./memberRows.js');

export function memberGroups(
  target: OrganizationTarget,
  baseId: string,
  onChanged: (node: RepoDeskNode) => void,
  refused: RefusedLists,
  me: () => string | undefined,
): MemberLists {
  const lists = {} as MemberLists;
  lists.members = new OrganizationListNode<MemberRow>(target, refused, {
    id: `${baseId}/members`,
    label: vscode.l10n.t('Members'),
    icon: 'person',
    contextValue: 'orgMembers',
    onChanged,
    open: () => markedMembers(target),
    toNodes: async (items) => {
      const { MemberNode } = await rows();
      return items.map((m) => new MemberNode(m, lists, lists.members, me));
    },
    emptyText: vscode.l10n.t('No members you can see.'),
  });
  lists.publicMembers = new OrganizationListNode<MemberRow>(target, refused, {
    id: `${baseId}/publicMembers`,
    label: vscode.l10n.t('Public Members'),
    icon: 'eye',
    contextValue: 'orgPublicMembers',
    onChanged,
    open: async function* () {
      for await (const user of target.client.orgMembers.listPublic(target.org, { priority: 'background' })) yield { user, public: true };
    },
    toNodes: async (items) => {
      const { MemberNode } = await rows();
      return items.map((m) => new MemberNode(m, lists, lists.publicMembers, me));
    },
    emptyText: vscode.l10n.t('No member has made their membership public.'),
  });
  return lists;
}
