// A pull request's head moved (Apply Suggestion committed to it, or a push
// elsewhere): the diffs of its files open at the head it was at are opened
// again at the new head (and base, when that moved), in the same tab group,
// at the same line. Their threads are then drawn on the head they were
// written for: a thread on a line the commit did not touch is current again,
// only one whose lines changed is outdated (docs/service-api/hosting/pulls.md §9).
import * as vscode from 'vscode';
import { fromGitPath, type GitLocation } from '../../../util/gitUri';
import { GIT_SCHEME } from '../../shared/gitfs/gitFileSystem';
import { openDiff } from '../../shared/gitfs/openDiff';
import type { HeadMove } from './documentPlace';

function locationOf(uri: vscode.Uri): GitLocation | undefined {
  if (uri.scheme !== GIT_SCHEME) return undefined;
  try {
    return fromGitPath(uri.path, uri.query);
  } catch {
    return undefined;
  }
}

/** The diff tabs of the pull request whose right side is at the head it had before the move. */
function diffsAtOldHead(move: HeadMove): { tab: vscode.Tab; group: vscode.TabGroup; base: GitLocation; head: GitLocation }[] {
  const found = [];
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (!(tab.input instanceof vscode.TabInputTextDiff)) continue;
      const base = locationOf(tab.input.original);
      const head = locationOf(tab.input.modified);
      if (!base || !head || head.pull !== move.pull.number || head.sha !== move.before.head) continue;
      if (head.owner !== move.pull.owner || head.repo !== move.pull.repo || head.account !== move.pull.accountId) continue;
      found.push({ tab, group, base, head });
    }
  }
  return found;
}

/** The open tab showing the diff `tab` showed (undefined once it is closed or replaced). */
function stillOpen(tab: vscode.Tab): vscode.Tab | undefined {
  const modified = (tab.input as vscode.TabInputTextDiff).modified.toString();
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === modified);
}

export async function followHead(move: HeadMove): Promise<void> {
  if (move.before.head === move.now.head.sha) return;
  for (const { tab, group, base, head } of diffsAtOldHead(move)) {
    // The line the cursor is on stays in view (the same line number: the threads say what moved).
    const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === (tab.input as vscode.TabInputTextDiff).modified.toString());
    const line = editor ? editor.selection.active.line + 1 : undefined;
    await openDiff(
      {
        owner: head.owner,
        repo: head.repo,
        // A diff against the old base follows the base; one against another commit keeps it.
        baseSha: base.sha === move.before.base ? move.now.base.sha : base.sha,
        headSha: move.now.head.sha,
        path: head.path,
        number: move.pull.number,
        accountId: move.pull.accountId,
      },
      line !== undefined ? { side: 'head', line } : undefined,
      { viewColumn: group.viewColumn, preserveFocus: !(group.isActive && tab.isActive), preview: tab.isPreview },
      // Reading the new sides takes a while: a preview tab the user replaced meanwhile (another file
      // opened) or closed is not opened again, as that would replace what they opened.
      () => stillOpen(tab) !== undefined,
    );
    // A preview tab was replaced by the new one; a kept tab is closed (if still open).
    const old = stillOpen(tab);
    if (old) await vscode.window.tabGroups.close(old, true);
  }
}
