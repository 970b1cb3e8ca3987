// Opening a commit (the overview's Commits tab, a commit row of the Pull
// Requests view): its changed files (from the trees of the commit and its
// first parent) in a quick pick; the chosen file opens as a parent/commit
// diff over the `repodesk:` file system.
import * as vscode from 'vscode';
import type { HostingClient } from '../../../hosting';
import { changedFiles } from '../../../reviewing/commitFiles';
import { openDiff } from './openDiff';

const ICONS = { added: 'diff-added', removed: 'diff-removed', modified: 'diff-modified' } as const;

/**
 * `path`: the file to open without asking (a test's answer); a path the
 * commit did not change opens nothing. Resolves to whether a diff opened.
 */
export async function pickCommitFile(client: HostingClient, owner: string, repo: string, sha: string, path?: string): Promise<boolean> {
  const short = sha.slice(0, 7);
  const { commit, files } = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading commit {0}…', short) },
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
  const file =
    path !== undefined
      ? files.find((f) => f.path === path)
      : (
          await vscode.window.showQuickPick(
            files.map((f) => ({
              label: `$(${ICONS[f.status]}) ${f.path.slice(f.path.lastIndexOf('/') + 1)}`,
              description: `${f.path.includes('/') ? f.path.slice(0, f.path.lastIndexOf('/')) + ' · ' : ''}${status[f.status]}`,
              file: f,
            })),
            {
              title: vscode.l10n.t('Files of commit {0}: {1}', short, commit.message.split('\n')[0] ?? ''),
              placeHolder: files.length === 0 ? vscode.l10n.t('This commit changes no files.') : vscode.l10n.t('Open the changes of a file'),
              matchOnDescription: true,
            },
          )
        )?.file;
  if (!file) return false;
  const parent = commit.parents[0]?.sha;
  const name = file.path.slice(file.path.lastIndexOf('/') + 1);
  // Comments are placed only on a pull request's current head and base (the
  // comment controller's ranges): a commit's diff takes none, and says so.
  await openDiff({
    owner,
    repo,
    baseSha: parent ?? sha,
    headSha: sha,
    path: file.path,
    // A root commit: every file is new, read against an empty side.
    status: parent ? file.status : 'added',
    title: vscode.l10n.t('{0} ({1}, read-only)', name, short),
  });
  return true;
}
