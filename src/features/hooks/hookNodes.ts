// The Webhooks group under a repository node
// (docs/service-api/hosting/webhooks §10; the service lists them for admins
// only). Its rows, a hook and its recent deliveries from the emulator's
// delivery log (an addition of the emulator: the spec has no delivery log),
// are in hookRows.ts.
import * as vscode from 'vscode';
import type { Hook, HookDelivery } from '../../hosting';
import type { RepoTarget } from '../shared/session/require';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RefusedLists, RepositoryListNode } from '../shared/tree/repositoryLists';

/** The newest delivery seen of each hook (by hook id), for its row: a ping's outcome shows on the row at once. */
export type LastDeliveries = Map<string, HookDelivery>;

/** A hook's key in LastDeliveries: the service may give a deleted hook's id to a new one. */
export const hookKey = (hook: Pick<Hook, 'id' | 'created_at'>): string => `${hook.id} ${hook.created_at}`;

// A hook's and a delivery's rows (hookRows.ts) load with the group's first list, not at activation.
const rows = () => import('./hookRows.js');

export function hooksGroup(
  target: RepoTarget,
  baseId: string,
  onChanged: (node: RepoDeskNode) => void,
  refused: RefusedLists,
  last: LastDeliveries = new Map(),
): RepositoryListNode<Hook> {
  return new RepositoryListNode<Hook>(target, refused, {
    id: `${baseId}/hooks`,
    label: vscode.l10n.t('Webhooks'),
    icon: 'radio-tower',
    contextValue: 'hooks',
    onChanged,
    open: () => {
      // The rows' code loads while the list is read.
      void rows().catch(() => undefined);
      return target.client.hooks.list(target.owner, target.repo, { priority: 'background' });
    },
    toNodes: async (items, group) => {
      const { HookNode } = await rows();
      return items.map((h) => new HookNode(h, group, last));
    },
    emptyText: vscode.l10n.t('No webhooks.'),
  });
}
