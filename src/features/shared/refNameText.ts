// Why a branch or tag name is refused, in the user's language (the rules are
// git's: src/gitdata/refNames.ts).
import * as vscode from 'vscode';
import { refNameProblem, type RefNameProblem } from '../../gitdata';

function reason(problem: RefNameProblem): string {
  switch (problem) {
    case 'empty':
      return vscode.l10n.t('a name is needed');
    case 'control':
      return vscode.l10n.t('it holds a control character (a tab, a line break)');
    case 'special':
      return vscode.l10n.t('it holds a space or one of ~ ^ : ? * [ \\');
    case 'dots':
      return vscode.l10n.t('it holds ".." or "@{"');
    case 'emptyPart':
      return vscode.l10n.t('it starts or ends with "/", or holds "//"');
    case 'dotOrLock':
      return vscode.l10n.t('it ends with ".", or a part starts with "." or ends with ".lock"');
    case 'dash':
      return vscode.l10n.t('it starts with "-"');
    case 'head':
      return vscode.l10n.t('"HEAD" is git\'s name for the current commit');
  }
}

/** The input box's refusal of `name` as a branch name, or undefined when git accepts it. */
export function branchNameRefusal(name: string): string | undefined {
  const problem = refNameProblem(name);
  return problem ? vscode.l10n.t('Git refuses this branch name: {0}.', reason(problem)) : undefined;
}

/** The same for a tag name. */
export function tagNameRefusal(name: string): string | undefined {
  const problem = refNameProblem(name);
  return problem ? vscode.l10n.t('Git refuses this tag name: {0}.', reason(problem)) : undefined;
}
