// The Deploy Keys group under a repository node; its key rows (type and
// SHA256 fingerprint) are in deployKeyRows.ts.
import * as vscode from 'vscode';
import type { DeployKey } from '../../hosting';
import type { RepoTarget } from '../shared/session/require';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RefusedLists, RepositoryListNode } from '../shared/tree/repositoryLists';

// The rows (deployKeyRows.ts) load with the group's first list, not at activation.
const rows = () => import('./deployKeyRows.js');

export function deployKeysGroup(
  target: RepoTarget,
  baseId: string,
  onChanged: (node: RepoDeskNode) => void,
  refused: RefusedLists,
): RepositoryListNode<DeployKey> {
  return new RepositoryListNode<DeployKey>(target, refused, {
    id: `${baseId}/deployKeys`,
    label: vscode.l10n.t('Deploy Keys'),
    icon: 'key',
    contextValue: 'deployKeys',
    onChanged,
    open: () => target.client.deployKeys.list(target.owner, target.repo, { priority: 'background' }),
    toNodes: async (items, group) => {
      const { DeployKeyNode } = await rows();
      return items.map((k) => new DeployKeyNode(k, group));
    },
    emptyText: vscode.l10n.t('No deploy keys.'),
  });
}
