// Upload Folder as New Repository: a folder, the new repository's owner,
// name and visibility, then its first commit of the folder's files.
import * as vscode from 'vscode';
import type { HostingClient } from '../../hosting';
import { previewCommit, type CommitResult } from '../../gitdata';
import { keepBranchModes } from '../../gitdata/folderReaderFiles';
import { errorText } from '../shared/failure';
import { authorOfFolder } from '../shared/git/workspaceGit';
import { readWorkspaceFiles } from './readWorkspaceFiles';
import { runCommit, type CommitFlow } from './runCommit';
import { givenFolder, localIsoTime } from './workspaceSource';
import { inSteps } from '../shared/stepBoxes';

/** Answers of Upload Folder as New Repository, for scripts and tests (every question then skipped). */
export interface UploadAnswers {
  folder: string;
  owner?: string;
  name: string;
  private?: boolean;
  message?: string;
}

/** The workspace is trusted by then (commitCommands checks). */
export async function uploadFolder(flow: CommitFlow, given?: UploadAnswers): Promise<CommitResult | undefined> {
  const client = flow.session.client;
  const login = flow.session.login;
  if (!client || !login) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Sign in to RepoDesk first.'));
    return undefined;
  }
  const folder = given ? givenFolder(given.folder) : await askFolder();
  if (!folder) return undefined;
  const answers: { owner?: string; name: string; private?: boolean; message?: string } | undefined = given ?? (await askNewRepository(client, login, folder));
  if (!answers) return undefined;
  const read = await readWorkspaceFiles(folder);
  if (!read) return undefined;
  // A new repository has no modes to keep: through workspace.fs every file is 100644 and links are left out.
  const files = read.modeless ? keepBranchModes(read.modeless, []) : read.files;
  try {
    const repo = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating {0}…', answers.name) },
      () =>
        answers.owner && answers.owner !== login
          ? client.repos.createInOrg(answers.owner, { name: answers.name, private: answers.private ?? false })
          : client.repos.createForAuthenticatedUser({ name: answers.name, private: answers.private ?? false }),
    );
    const target = { client, owner: repo.owner.login, repo: repo.name };
    const branch = repo.default_branch ?? 'master';
    const preview = await previewCommit(client, target.owner, target.repo, branch, files, { from: null });
    const result = await runCommit(flow, {
      target,
      preview,
      files,
      message: answers.message ?? vscode.l10n.t('Initial commit'),
      author: {
        ...((await authorOfFolder(folder)) ?? { name: login, email: `${login}@users.noreply` }),
        date: localIsoTime(),
      },
    });
    if (result) await flow.active.set({ owner: target.owner, name: target.repo });
    return result;
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not upload {0}: {1}', folder.fsPath, errorText(err)));
    return undefined;
  }
}

async function askFolder(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    title: vscode.l10n.t('Upload Folder as New Repository'),
    openLabel: vscode.l10n.t('Upload'),
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
  return picked?.[0];
}

async function askNewRepository(
  client: HostingClient,
  login: string,
  folder: vscode.Uri,
): Promise<{ owner?: string; name: string; private: boolean } | undefined> {
  const orgs = new Set<string>();
  for await (const t of client.teams.listForAuthenticatedUser()) orgs.add(t.organization.login);
  // The three questions are steps of one quick input: each box shows in the place of the last.
  return inSteps(async (steps) => {
    const owner = await steps.pick([{ label: login, org: undefined as string | undefined }, ...[...orgs].sort().map((o) => ({ label: o, org: o }))], {
      title: vscode.l10n.t('Upload Folder as New Repository (1/3): owner'),
    });
    if (!owner) return undefined;
    const name = await steps.text({
      title: vscode.l10n.t('Upload Folder as New Repository (2/3): name'),
      value: folder.path.split('/').pop() ?? '',
      ignoreFocusOut: true,
      validateInput: (v) => (/^[A-Za-z0-9._-]+$/.test(v) && v !== '.' && v !== '..' ? undefined : vscode.l10n.t('Use letters, digits, ".", "-" and "_" only.')),
    });
    if (!name) return undefined;
    const visibility = await steps.pick(
      [
        { label: vscode.l10n.t('Public'), isPrivate: false },
        { label: vscode.l10n.t('Private'), isPrivate: true },
      ],
      { title: vscode.l10n.t('Upload Folder as New Repository (3/3): visibility') },
    );
    if (!visibility) return undefined;
    return { owner: owner.org, name, private: visibility.isPrivate };
  });
}
