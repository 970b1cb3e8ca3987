// The Downloads group under a repository node
// (docs/service-api/hosting/releases §7, deprecated); a download's row (name,
// size and download count) is in downloadRows.ts.
import * as vscode from 'vscode';
import type { Download } from '../../hosting';
import type { RepoTarget } from '../shared/session/require';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RefusedLists, RepositoryListNode } from '../shared/tree/repositoryLists';

// The rows (downloadRows.ts) load with the group's first list, not at activation.
const rows = () => import('./downloadRows.js');

export function downloadsGroup(
  target: RepoTarget,
  baseId: string,
  onChanged: (node: RepoDeskNode) => void,
  refused: RefusedLists,
): RepositoryListNode<Download> {
  return new RepositoryListNode<Download>(target, refused, {
    id: `${baseId}/downloads`,
    label: vscode.l10n.t('Downloads'),
    icon: 'cloud-download',
    contextValue: 'downloads',
    onChanged,
    open: () => target.client.downloads.list(target.owner, target.repo, { priority: 'background' }),
    toNodes: async (items, group) => {
      const { DownloadNode } = await rows();
      return items.map((d) => new DownloadNode(d, group));
    },
    emptyText: vscode.l10n.t('No downloads (releases replace them).'),
  });
}
