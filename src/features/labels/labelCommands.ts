// The labels' commands: the palette's flow, create, edit, delete. Loaded on
// first use (registerLabels.ts registers them).
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import { repositoryTarget } from '../shared/session/require';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { guarded } from '../shared/failure';
import { confirmDone } from '../shared/confirmation';
import { changeList, listOf } from '../shared/tree/listChange';
import { removedWhere } from '../../util/listEdits';
import { repoOfNode, type RepoNodeLike } from '../shared/tree/repositoryNodeShape';
import type { Label } from '../../hosting';
import { LabelNode } from './labelRows';
import { askLabelEdit, askNewLabel, changeLabel, confirmLabelDelete, manageLabels, type LabelChange } from './labelActions';
import type { CommandHandler } from '../shared/lazyCommands';
import type { LabelCommandId } from './registerLabels';

export function labelCommands(session: HostingSession, active: ActiveRepository): Record<LabelCommandId, CommandHandler> {
  return {
    'repodesk.repo.labels': guarded(vscode.l10n.t('Labels'), async (node?: RepoNodeLike, answers?: LabelChange) => {
      const r = repositoryTarget(session, active, repoOfNode(node));
      return r ? manageLabels(r, answers) : undefined;
    }),
    'repodesk.repo.labels.create': async (node?: unknown, answers?: { name: string; color: string }) => {
      const group = listOf<Label>(node, 'labels');
      if (!group) return undefined;
      const input = answers ?? (await askNewLabel());
      if (!input) return undefined;
      const labels = await changeList(
        session,
        group,
        vscode.l10n.t('Creating label {0}…', input.name),
        vscode.l10n.t('Could not create the label {0}', input.name),
        async () => changeLabel(group.target, { create: input }),
        undefined,
        (made) => (shown) => (made ? [...shown.filter((l) => l.name !== made.name), made] : [...shown]),
      );
      if (labels) confirmDone(vscode.l10n.t('Created label {0} in {1}/{2}.', input.name, group.target.owner, group.target.repo));
      return labels;
    },
    'repodesk.repo.labels.edit': async (node?: unknown, answers?: { newName: string; color: string }) => {
      if (!(node instanceof LabelNode)) return undefined;
      const input = answers ? { name: node.label.name, ...answers } : await askLabelEdit(node.label);
      if (!input) return undefined;
      return changeList(
        session,
        node.group,
        vscode.l10n.t('Saving label {0}…', input.newName),
        vscode.l10n.t('Could not change the label {0}', node.label.name),
        async () => changeLabel(node.group.target, { update: input }),
        undefined,
        (saved) => (shown) => shown.map((l) => (l.name === node.label.name && saved ? saved : l)),
      );
    },
    'repodesk.repo.labels.delete': async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof LabelNode)) return undefined;
      if (confirmed !== true && !(await confirmLabelDelete(node.label.name))) return undefined;
      return changeList(
        session,
        node.group,
        vscode.l10n.t('Deleting label {0}…', node.label.name),
        vscode.l10n.t('Could not delete the label {0}', node.label.name),
        async () => changeLabel(node.group.target, { delete: node.label.name }),
        undefined,
        () => removedWhere((l) => l.name === node.label.name),
      );
    },
  };
}
