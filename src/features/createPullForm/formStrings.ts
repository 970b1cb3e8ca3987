// The form's words, localized here (the webview has no vscode.l10n).
import * as vscode from 'vscode';
import type { StringKey } from './model/strings';

export function formStrings(): Record<StringKey, string> {
  return {
    heading: vscode.l10n.t('Create a pull request in {0}'),
    base: vscode.l10n.t('Base (where the changes go)'),
    head: vscode.l10n.t('Head (the branch with the changes)'),
    chooseHead: vscode.l10n.t('Choose a branch…'),
    title: vscode.l10n.t('Title'),
    description: vscode.l10n.t('Description'),
    write: vscode.l10n.t('Write'),
    preview: vscode.l10n.t('Preview'),
    noPreview: vscode.l10n.t('Nothing to preview.'),
    template: vscode.l10n.t('Template'),
    noTemplate: vscode.l10n.t('No template'),
    templateTooLarge: vscode.l10n.t('The template {0} is larger than 64 KB: only its first 64 KB are in the description.'),
    templateNotUtf8: vscode.l10n.t('The template {0} is not UTF-8 text: the description has it only up to where it stops being text.'),
    labels: vscode.l10n.t('Labels'),
    noLabels: vscode.l10n.t('The repository has no labels.'),
    create: vscode.l10n.t('Create Pull Request'),
    creating: vscode.l10n.t('Creating the pull request…'),
    counting: vscode.l10n.t('Reading the commits between the branches…'),
    aheadBehind: vscode.l10n.t('Commits ahead of {1}: {2}. Commits behind: {3}.'),
    tooFarToCount: vscode.l10n.t('The branches are too far apart to count their commits here.'),
    compareFailed: vscode.l10n.t('Could not compare the branches: {0}'),
    nothingToMerge: vscode.l10n.t('Nothing to merge: {0} has no commits that {1} does not have.'),
    sameBranches: vscode.l10n.t('Choose two different branches.'),
    noHead: vscode.l10n.t('Choose the branch with the changes.'),
    noTitle: vscode.l10n.t('Write a title.'),
    loading: vscode.l10n.t('Reading the branches and labels…'),
    loadFailed: vscode.l10n.t('Could not read the repository: {0}'),
  };
}
