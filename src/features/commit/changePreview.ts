// The preview of a workspace commit: every change (added, modified, deleted,
// mode changed, renamed) listed before anything is written, with the commit
// as the first choice. Picking a change opens its diff against the branch.
import * as vscode from 'vscode';
import type { AheadBehind, Change, CommitPreview } from '../../gitdata';
import { gitUri } from '../shared/gitfs/gitFileSystem';

const ICONS: Record<Change['kind'], string> = {
  added: 'diff-added',
  modified: 'diff-modified',
  deleted: 'diff-removed',
  mode: 'file-binary',
  renamed: 'diff-renamed',
};

function describe(c: Change): string {
  switch (c.kind) {
    case 'added':
      return vscode.l10n.t('added');
    case 'modified':
      return vscode.l10n.t('modified');
    case 'deleted':
      return vscode.l10n.t('deleted');
    case 'mode':
      return vscode.l10n.t('mode {0} → {1}', c.oldMode, c.mode);
    case 'renamed':
      return vscode.l10n.t('renamed from {0}', c.from);
  }
}

/** What the commit builds on, and how far that is from the default branch (unknown when too far to count). */
export interface BaseComparison {
  /** The ref the user named (the start of a new branch, or the branch). */
  base: string;
  sha: string;
  defaultBranch: string;
  counts: AheadBehind | undefined;
  workspaceBranch: string | undefined;
}

const commits = (n: number) => (n === 1 ? vscode.l10n.t('1 commit') : vscode.l10n.t('{0} commits', n));

/** "Base: gear-train (1a2b3c4), 3 commits ahead of and 20 commits behind master", and a warning when it is not the workspace's branch. */
function baseLine(c: BaseComparison): string {
  const at = `${c.base} (${c.sha.slice(0, 7)})`;
  const line =
    c.counts === undefined
      ? vscode.l10n.t('Base: {0}; too far from {1} to count the commits between them.', at, c.defaultBranch)
      : c.counts.ahead === 0 && c.counts.behind === 0
        ? vscode.l10n.t('Base: {0}, level with {1}.', at, c.defaultBranch)
        : vscode.l10n.t('Base: {0}, {1} ahead of and {2} behind {3}.', at, commits(c.counts.ahead), commits(c.counts.behind), c.defaultBranch);
  const elsewhere =
    c.workspaceBranch !== undefined && c.workspaceBranch !== c.base
      ? ` ${vscode.l10n.t('The workspace is on {0}: what differs between {0} and {1} is listed as changes.', c.workspaceBranch, c.base)}`
      : '';
  return line + elsewhere;
}

/** True when the user chose to commit the changes; picking a change shows its diff and keeps the preview open. */
export function confirmChanges(preview: CommitPreview, folder: vscode.Uri, comparison?: BaseComparison): Promise<boolean> {
  const target = `${preview.owner}/${preview.repo}:${preview.branch}`;
  const n = preview.changes.length;
  const commitItem: vscode.QuickPickItem = {
    label: `$(git-commit) ${n === 1 ? vscode.l10n.t('Commit 1 Change to {0}…', target) : vscode.l10n.t('Commit {0} Changes to {1}…', n, target)}`,
    description: preview.newBranch ? vscode.l10n.t('new branch') : undefined,
    detail: comparison ? baseLine(comparison) : undefined,
    alwaysShow: true,
  };
  const items: (vscode.QuickPickItem & { change?: Change })[] = [
    commitItem,
    { label: vscode.l10n.t('Changes'), kind: vscode.QuickPickItemKind.Separator },
    ...preview.changes.map((c) => ({ label: `$(${ICONS[c.kind]}) ${c.path}`, description: describe(c), change: c })),
  ];
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { change?: Change }>();
  pick.title = vscode.l10n.t('Commit the workspace to {0}', target);
  pick.placeholder = vscode.l10n.t('Check the changes, then choose Commit');
  pick.items = items;
  pick.matchOnDescription = true;
  pick.ignoreFocusOut = true;
  return new Promise<boolean>((resolve) => {
    let decided = false;
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0];
      if (chosen === commitItem) {
        decided = true;
        resolve(true);
        pick.hide();
      } else if (chosen?.change) {
        void openChange(preview, folder, chosen.change);
      }
    });
    pick.onDidHide(() => {
      if (!decided) resolve(false);
      pick.dispose();
    });
    pick.show();
  });
}

/** The branch's version (read-only, through the git data API) against the workspace file. */
async function openChange(preview: CommitPreview, folder: vscode.Uri, change: Change): Promise<void> {
  const local = (p: string) => vscode.Uri.joinPath(folder, preview.prefix ? p.slice(preview.prefix.length + 1) : p);
  const remote = (p: string) => (preview.parent ? gitUri({ owner: preview.owner, repo: preview.repo, sha: preview.parent, path: p }) : undefined);
  const title = `${change.path} (${describe(change)})`;
  if (change.kind === 'added' || !preview.parent) {
    await vscode.commands.executeCommand('vscode.open', local(change.path));
  } else if (change.kind === 'deleted') {
    await vscode.commands.executeCommand('vscode.open', remote(change.path));
  } else {
    await vscode.commands.executeCommand('vscode.diff', remote(change.kind === 'renamed' ? change.from : change.path), local(change.path), title, {
      preview: true,
      preserveFocus: true,
    });
  }
}
