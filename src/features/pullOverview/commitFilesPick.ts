// Opening a commit of the page: its changed files (from the trees of the
// commit and its first parent) in a quick pick; the chosen file opens as a
// parent/commit diff over the `repodesk:` file system.
import * as vscode from 'vscode';
import type { HostingClient } from '../../hosting';
import { changedFiles } from './model/commitFiles';
import { openDiff } from '../shared/gitfs/openDiff';

const ICONS = { added: 'diff-added', removed: 'diff-removed', modified: 'diff-modified' } as const;

export async function pickCommitFile(client: HostingClient, owner: string, repo: string, sha: string): Promise<void> {
  const { commit, files } = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading commit {0}…', sha.slice(0, 7)) },
    async () => {
      const commit = await client.git.getCommit(owner, repo, sha);
      const parent = commit.parents[0];
      const [after, before] = await Promise.all([
        client.git.getTree(owner, repo, commit.tree.sha, true),
        parent ? client.git.getCommit(owner, repo, parent.sha).then((p) => client.git.getTree(owner, repo, p.tree.sha, true)) : Promise.resolve(undefined),
      ]);
      return { commit, files: changedFiles(before?.tree ?? [], after.tree) };
    },
  );
  const status = { added: vscode.l10n.t('added'), removed: vscode.l10n.t('removed'), modified: vscode.l10n.t('modified') };
  const picked = await vscode.window.showQuickPick(
    files.map((f) => ({
      label: `$(${ICONS[f.status]}) ${f.path.slice(f.path.lastIndexOf('/') + 1)}`,
      description: `${f.path.includes('/') ? f.path.slice(0, f.path.lastIndexOf('/')) + ' · ' : ''}${status[f.status]}`,
      file: f,
    })),
    {
      title: vscode.l10n.t('Files of commit {0}: {1}', sha.slice(0, 7), commit.message.split('\n')[0] ?? ''),
      placeHolder: files.length === 0 ? vscode.l10n.t('This commit changes no files.') : vscode.l10n.t('Open the changes of a file'),
      matchOnDescription: true,
    },
  );
  if (!picked) return;
  const parent = commit.parents[0]?.sha;
  // A root commit: every file is new, read against an empty side.
  await openDiff({ owner, repo, baseSha: parent ?? sha, headSha: sha, path: picked.file.path, status: parent ? picked.file.status : 'added' });
}
