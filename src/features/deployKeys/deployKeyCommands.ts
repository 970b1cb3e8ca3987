// Deploy keys' commands: the palette's flow, add, delete. Loaded on first use
// (registerDeployKeys.ts registers them).
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import { repositoryTarget } from '../shared/session/require';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { guarded } from '../shared/failure';
import { changeList, listOf } from '../shared/tree/listChange';
import { added, removed } from '../../util/listEdits';
import { repoOfNode, type RepoNodeLike } from '../shared/tree/repositoryNodeShape';
import { askDeployKeyFile, changeDeployKey, confirmDeployKeyDelete, manageDeployKeys, type DeployKeyChange } from './deployKeyActions';
import type { DeployKey } from '../../hosting';
import { DeployKeyNode } from './deployKeyRows';
import type { CommandHandler } from '../shared/lazyCommands';
import type { DeployKeyCommandId } from './registerDeployKeys';

export function deployKeyCommands(session: HostingSession, active: ActiveRepository): Record<DeployKeyCommandId, CommandHandler> {
  return {
    'repodesk.repo.deployKeys': guarded(vscode.l10n.t('Deploy keys'), async (node?: RepoNodeLike, answers?: DeployKeyChange) => {
      const r = repositoryTarget(session, active, repoOfNode(node));
      return r ? manageDeployKeys(r, answers) : undefined;
    }),
    'repodesk.repo.deployKeys.add': async (node?: unknown, answers?: { file: string; title?: string }) => {
      const group = listOf<DeployKey>(node, 'deployKeys');
      if (!group) return undefined;
      const input = answers ?? (await askDeployKeyFile());
      if (!input) return undefined;
      return changeList(
        session,
        group,
        vscode.l10n.t('Adding deploy key…'),
        vscode.l10n.t('Could not add the deploy key'),
        () => changeDeployKey(group.target, { add: input }),
        undefined,
        (made) => (made ? added(made) : (shown) => [...shown]),
      );
    },
    'repodesk.repo.deployKeys.delete': async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof DeployKeyNode)) return undefined;
      if (confirmed !== true && !(await confirmDeployKeyDelete(node.title))) return undefined;
      return changeList(
        session,
        node.group,
        vscode.l10n.t('Deleting deploy key {0}…', node.title),
        vscode.l10n.t('Could not delete the deploy key {0}', node.title),
        () => changeDeployKey(node.group.target, { delete: node.key.id }),
        undefined,
        () => removed(node.key.id),
      );
    },
  };
}
