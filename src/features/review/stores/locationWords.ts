// The words of a review thread's location (src/reviewing/commentLocation), localized
// once for the editor's thread headers, the views and the overview page.
import * as vscode from 'vscode';
import { commentLocation, describeLocation, type LocationWords } from '../../../reviewing/commentLocation';
import type { PlacedComment } from '../../../reviewing/threadPlacement';

export function locationWords(): LocationWords {
  return {
    line: vscode.l10n.t('line {0}'),
    removedLine: vscode.l10n.t('removed line {0}'),
    outdatedLine: vscode.l10n.t('line {0} of {1} (outdated)'),
    outdatedRemovedLine: vscode.l10n.t('removed line {0} of {1} (outdated)'),
    outdatedNoLine: vscode.l10n.t('made on {1} (outdated)'),
    noLine: vscode.l10n.t('no line of the diff'),
  };
}

/** "line 3", "line 3 of 1a2b3c4 (outdated)": where a thread's root comment is. Without the head, outdated means without a position. */
export function locationText(root: PlacedComment, headSha: string | undefined): string {
  return describeLocation(commentLocation(root, { headSha: headSha ?? root.commit_id }), locationWords());
}
