// The Labels group under a repository node; its label rows (color swatch) are
// in labelRows.ts.
import * as vscode from 'vscode';
import type { Label } from '../../hosting';
import type { RepoTarget } from '../shared/session/require';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RefusedLists, RepositoryListNode } from '../shared/tree/repositoryLists';

// The rows (labelRows.ts) load with the group's first list, not at activation.
const rows = () => import('./labelRows.js');

export function labelsGroup(target: RepoTarget, baseId: string, onChanged: (node: RepoDeskNode) => void, refused: RefusedLists): RepositoryListNode<Label> {
  return new RepositoryListNode<Label>(target, refused, {
    id: `${baseId}/labels`,
    label: vscode.l10n.t('Labels'),
    icon: 'tag',
    contextValue: 'labels',
    onChanged,
    open: () => target.client.labels.listForRepo(target.owner, target.repo, { priority: 'background' }),
    toNodes: async (items, group) => {
      const { LabelNode } = await rows();
      return [...items].sort((a, b) => a.name.localeCompare(b.name)).map((l) => new LabelNode(l, group));
    },
    emptyText: vscode.l10n.t('No labels yet.'),
  });
}
