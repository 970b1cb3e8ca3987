// A repository's deploy keys: the operations and the questions they ask, used
// by the Deploy Keys nodes under a repository and by the palette's quick-pick
// flow (which also takes its answers as arguments and returns the list).
import * as vscode from 'vscode';
import { collect, type DeployKey } from '../../hosting';
import { defaultDeployKeyTitle } from '../../util/sshKey';
import { homeFolder } from '../../platform/machine';
import type { RepoTarget } from '../shared/session/require';
import { confirm, withNotification } from '../shared/tree/repositoryLists';

export type DeployKeyChange = { add: { file: string; title?: string } } | { delete: number };

function listDeployKeys(r: RepoTarget): Promise<DeployKey[]> {
  return collect(r.client.deployKeys.list(r.owner, r.repo));
}

/** Adds the public key of a file (titled by the answer, else its comment, else the file name) or deletes a key. */
/** The key as the service answered; undefined after a delete. */
export async function changeDeployKey(r: RepoTarget, change: DeployKeyChange): Promise<DeployKey | undefined> {
  if ('add' in change) {
    const key = (await readText(change.add.file)).trim();
    return r.client.deployKeys.create(r.owner, r.repo, { title: change.add.title || defaultDeployKeyTitle(key, change.add.file), key });
  }
  await r.client.deployKeys.delete(r.owner, r.repo, change.delete);
  return undefined;
}

/** A key file's text, read through `workspace.fs` (so also from a virtual file system in the browser). */
async function readText(file: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(file)));
}

/** Where the key file picker starts: `~/.ssh`, where there is a home folder. */
function sshFolder(): vscode.Uri | undefined {
  const home = homeFolder();
  return home === undefined ? undefined : vscode.Uri.joinPath(vscode.Uri.file(home), '.ssh');
}

export async function askDeployKeyFile(): Promise<{ file: string; title?: string } | undefined> {
  const files = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('Public key file'),
    openLabel: vscode.l10n.t('Add Deploy Key'),
    defaultUri: sshFolder(),
    filters: { [vscode.l10n.t('Public keys')]: ['pub'], [vscode.l10n.t('All files')]: ['*'] },
  });
  const file = files?.[0]?.fsPath;
  if (!file) return undefined;
  const suggested = defaultDeployKeyTitle(await readText(file).catch(() => ''), file);
  const title = await vscode.window.showInputBox({
    title: vscode.l10n.t('Deploy key title'),
    prompt: vscode.l10n.t('How the key is listed on the repository'),
    value: suggested,
    ignoreFocusOut: true,
  });
  if (title === undefined) return undefined;
  return { file, ...(title.trim() ? { title: title.trim() } : {}) };
}

export function confirmDeployKeyDelete(title: string): Promise<boolean> {
  return confirm(
    vscode.l10n.t('Delete the deploy key {0}?', title),
    vscode.l10n.t('Delete Deploy Key'),
    vscode.l10n.t('Whatever uses this key can no longer reach the repository.'),
  );
}

export async function manageDeployKeys(r: RepoTarget, change?: DeployKeyChange): Promise<{ id: number; title: string | null }[] | undefined> {
  if (change) {
    await changeDeployKey(r, change);
    return listDeployKeys(r);
  }
  const keys = await withNotification(vscode.l10n.t('Reading deploy keys…'), () => listDeployKeys(r));
  const picked = await vscode.window.showQuickPick(
    [
      { label: `$(add) ${vscode.l10n.t('Add from Public-Key File…')}`, id: undefined as number | undefined, title: '', alwaysShow: true },
      ...keys.map((k) => ({
        label: `$(key) ${k.title ?? vscode.l10n.t('untitled')}`,
        description: `${k.key.slice(0, 30)}…`,
        id: k.id as number | undefined,
        title: k.title ?? vscode.l10n.t('untitled'),
      })),
    ],
    { title: vscode.l10n.t('Deploy keys of {0}/{1}', r.owner, r.repo), placeHolder: vscode.l10n.t('Pick a key to delete it') },
  );
  if (!picked) return undefined;
  if (picked.id === undefined) {
    const answers = await askDeployKeyFile();
    return answers ? manageDeployKeys(r, { add: answers }) : undefined;
  }
  return (await confirmDeployKeyDelete(picked.title)) ? manageDeployKeys(r, { delete: picked.id }) : undefined;
}
