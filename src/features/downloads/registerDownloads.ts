// Downloads (docs/service-api/hosting/releases §7, deprecated; releases replace
// them): the Downloads group under each repository of the Repositories view,
// saving a download's file, deleting a download, and Move Downloads to a
// Release…. Each command also takes its answers as arguments.
import * as vscode from 'vscode';
import { collect, type Download } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { showFailure } from '../shared/failure';
import type { HostingSession } from '../shared/session/hostingSession';
import { changeList, listOf } from '../shared/tree/listChange';
import { removed, removedWhere } from '../../util/listEdits';
import { RefusedLists, withNotification, type RepositoryChildProvider, type RepositoryListNode } from '../shared/tree/repositoryLists';
import type { MoveAnswers, MoveResult } from './downloadActions';
import { DownloadNode, downloadsGroup } from './downloadNodes';

// The flows' code loads on first use, not at activation.
const actions = () => import('./downloadActions.js');

export function registerDownloads(context: vscode.ExtensionContext, session: HostingSession): RepositoryChildProvider {
  const refused = new RefusedLists();
  const deleteAll = (group: RepositoryListNode<Download>, ids: readonly number[]) => async () => {
    for (const id of ids) await group.target.client.downloads.delete(group.target.owner, group.target.repo, id);
  };

  context.subscriptions.push(
    session.onDidChange(() => refused.clear()),
    vscode.commands.registerCommand('repodesk.repo.downloads.save', async (node?: unknown, given?: { file?: string }) => {
      if (!(node instanceof DownloadNode)) return undefined;
      const d = node.download;
      const target = given?.file ? vscode.Uri.file(given.file) : await (await actions()).askSaveTarget(d);
      if (!target) return undefined;
      try {
        await withNotification(vscode.l10n.t('Downloading {0}…', d.name), async () => {
          await vscode.workspace.fs.writeFile(target, await (await actions()).downloadBytes(node.group.target, d));
        });
      } catch (err) {
        showFailure(vscode.l10n.t('Could not download {0}', d.name), err);
        return undefined;
      }
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Saved {0}', target.fsPath), 5000);
      // Its download count went up.
      await node.group.reload().catch(() => undefined);
      return target.fsPath;
    }),
    vscode.commands.registerCommand('repodesk.repo.downloads.delete', async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof DownloadNode)) return undefined;
      if (confirmed !== true && !(await (await actions()).confirmDownloadDelete(node.download.name))) return undefined;
      return changeList(
        session,
        node.group,
        vscode.l10n.t('Deleting {0}…', node.download.name),
        vscode.l10n.t('Could not delete the download {0}', node.download.name),
        deleteAll(node.group, [node.download.id]),
        undefined,
        () => removed(node.download.id),
      );
    }),
    vscode.commands.registerCommand('repodesk.repo.downloads.moveToRelease', async (node?: unknown, given?: unknown): Promise<MoveResult | undefined> => {
      const group = node instanceof DownloadNode ? node.group : listOf<Download>(node, 'downloads');
      if (!group) return undefined;
      const r = group.target;
      try {
        const all = await withNotification(vscode.l10n.t('Reading downloads…'), () => collect(r.client.downloads.list(r.owner, r.repo)));
        if (all.length === 0) {
          void vscode.window.showInformationMessage(vscode.l10n.t('{0}/{1} has no downloads.', r.owner, r.repo));
          return undefined;
        }
        const answers =
          givenAnswers<MoveAnswers>(given) ?? (await (await actions()).askMove(r, all, node instanceof DownloadNode ? node.download.id : undefined));
        if (!answers) return undefined;
        const result = await (await actions()).moveDownloads(r, all, answers);
        if (!result) return undefined;
        if (result.failed.length) {
          void vscode.window.showErrorMessage(
            vscode.l10n.t('Not moved to {0}: {1}', result.release, result.failed.map((f) => `${f.name} (${f.message})`).join('; ')),
          );
        }
        if (result.moved.length === 0) return result;
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Moved {0} to the release {1}.', result.moved.join(', '), result.release), 6000);
        const ids = all.filter((d) => result.moved.includes(d.name)).map((d) => d.id);
        const remove = answers.deleteMoved ?? (await (await actions()).confirmDeleteMoved(result.moved, result.release));
        if (
          remove &&
          (await changeList(
            session,
            group,
            vscode.l10n.t('Deleting the moved downloads…'),
            vscode.l10n.t('Could not delete the moved downloads'),
            deleteAll(group, ids),
            undefined,
            () => removedWhere((d) => ids.includes(d.id)),
          ))
        ) {
          result.deleted.push(...result.moved);
        }
        return result;
      } catch (err) {
        showFailure(vscode.l10n.t('Could not move the downloads'), err);
        return undefined;
      }
    }),
  );
  return {
    children: (target, _repo, baseId, onChanged) => [downloadsGroup(target, baseId, onChanged, refused)],
    userRefreshed: () => refused.clear(),
  };
}
