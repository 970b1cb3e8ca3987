// A repository's labels: the operations and the questions they ask, used by
// the Labels nodes under a repository and by the palette's quick-pick flow
// (which also takes its answers as arguments and returns the resulting list).
import * as vscode from 'vscode';
import { collect, type Label } from '../../hosting';
import { colorSwatchDataUri, normalizeColor } from '../../util/viewFormat';
import type { RepoTarget } from '../shared/session/require';
import { confirm, withNotification } from '../shared/tree/repositoryLists';
import { inSteps, type StepBoxes } from '../shared/stepBoxes';

export type LabelChange = { create: { name: string; color: string } } | { update: { name: string; newName: string; color: string } } | { delete: string };

function listLabels(r: RepoTarget): Promise<Label[]> {
  return collect(r.client.labels.listForRepo(r.owner, r.repo));
}

/** Creates, renames/recolors or deletes a label; colors may be typed with or without `#`. */
/** The label as the service answered (created or saved); undefined after a delete. */
export async function changeLabel(r: RepoTarget, change: LabelChange): Promise<Label | undefined> {
  const color = (c: string) => normalizeColor(c) ?? c;
  if ('create' in change) return r.client.labels.create(r.owner, r.repo, { name: change.create.name, color: color(change.create.color) });
  if ('update' in change)
    return r.client.labels.update(r.owner, r.repo, change.update.name, { name: change.update.newName, color: color(change.update.color) });
  await r.client.labels.delete(r.owner, r.repo, change.delete);
  return undefined;
}

function askLabelColor(steps: StepBoxes, value: string): Promise<string | undefined> {
  return steps.text({
    title: vscode.l10n.t('Label color'),
    prompt: vscode.l10n.t('Six hex digits, e.g. #d73a4a'),
    value,
    ignoreFocusOut: true,
    validateInput: (v) => (normalizeColor(v) ? undefined : vscode.l10n.t('Use six hex digits, e.g. #d73a4a.')),
  });
}

function askLabelName(steps: StepBoxes, title: string, value?: string): Promise<string | undefined> {
  return steps.text({
    title,
    value,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The name cannot be empty.')),
  });
}

export function askNewLabel(): Promise<{ name: string; color: string } | undefined> {
  return inSteps(async (steps) => {
    const name = await askLabelName(steps, vscode.l10n.t('New label: name'));
    if (!name) return undefined;
    const color = await askLabelColor(steps, '#ededed');
    return color ? { name: name.trim(), color } : undefined;
  });
}

export function askLabelEdit(label: Label): Promise<{ name: string; newName: string; color: string } | undefined> {
  return inSteps(async (steps) => {
    const newName = await askLabelName(steps, vscode.l10n.t('Label name'), label.name);
    if (!newName) return undefined;
    const color = await askLabelColor(steps, `#${label.color}`);
    return color ? { name: label.name, newName: newName.trim(), color } : undefined;
  });
}

export function confirmLabelDelete(name: string): Promise<boolean> {
  return confirm(
    vscode.l10n.t('Delete the label {0}?', name),
    vscode.l10n.t('Delete Label'),
    vscode.l10n.t('It is removed from every issue and pull request.'),
  );
}

export async function manageLabels(r: RepoTarget, change?: LabelChange): Promise<Label[] | undefined> {
  if (change) {
    await changeLabel(r, change);
    return listLabels(r);
  }
  const labels = await withNotification(vscode.l10n.t('Reading labels…'), () => listLabels(r));
  const picked = await vscode.window.showQuickPick(
    [
      { label: `$(add) ${vscode.l10n.t('New Label…')}`, name: undefined as string | undefined, alwaysShow: true },
      ...labels.map((l) => ({
        label: l.name,
        description: `#${l.color}`,
        iconPath: vscode.Uri.parse(colorSwatchDataUri(l.color)),
        name: l.name as string | undefined,
      })),
    ],
    { title: vscode.l10n.t('Labels of {0}/{1}', r.owner, r.repo), placeHolder: vscode.l10n.t('Pick a label to edit or delete it') },
  );
  if (!picked) return undefined;
  if (!picked.name) {
    const answers = await askNewLabel();
    return answers ? manageLabels(r, { create: answers }) : undefined;
  }
  const current = labels.find((l) => l.name === picked.name)!;
  const action = await vscode.window.showQuickPick(
    [
      { label: `$(edit) ${vscode.l10n.t('Edit')}`, id: 'edit' },
      { label: `$(trash) ${vscode.l10n.t('Delete')}`, id: 'delete' },
    ],
    { title: current.name },
  );
  if (!action) return undefined;
  if (action.id === 'delete') return (await confirmLabelDelete(current.name)) ? manageLabels(r, { delete: current.name }) : undefined;
  const answers = await askLabelEdit(current);
  return answers ? manageLabels(r, { update: answers }) : undefined;
}
