// The Downloads group's commands: save, delete, move to a release. Loaded on
// first use (registerDownloads.ts registers them).
import * as vscode from 'vscode';
import { collect, type Download } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { showFailure } from '../shared/failure';
import type { HostingSession } from '../shared/session/hostingSession';
import { changeList, listOf } from '../shared/tree/listChange';
import { removed, removedWhere } from '../../util/listEdits';
import { withNotification, type RepositoryListNode } from '../shared/tree/repositoryLists';
import { DownloadNode } from './downloadRows';
import {
  askMove,
  askSaveTarget,
  confirmDeleteMoved,
  confirmDownloadDelete,
  downloadBytes,
  moveDownloads,
  type MoveAnswers,
  type MoveResult,
} from './downloadActions';
import type { CommandHandler } from '../shared/lazyCommands';
import type { DownloadCommandId } from './registerDownloads';

export function downloadCommands(session: HostingSession): Record<DownloadCommandId, CommandHandler> {
  const deleteAll = (group: RepositoryListNode<Download>, ids: readonly number[]) => async () => {
    for (const id of ids) await group.target.client.downloads.delete(group.target.owner, group.target.repo, id);
  };

  return {
    'repodesk.repo.downloads.save': async (node?: unknown, given?: { file?: string }) => {
      if (!(node instanceof DownloadNode)) return undefined;
      const d = node.download;
      const target = given?.file ? vscode.Uri.file(given.file) : await askSaveTarget(d);
      if (!target) return undefined;
      try {
        await withNotification(vscode.l10n.t('Downloading {0}…', d.name), async () => {
          await vscode.workspace.fs.writeFile(target, await downloadBytes(node.group.target, d));
        });
      } catch (err) {
        showFailure(vscode.l10n.t('Could not download {0}', d.name), err);
        return undefined;
      }
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Saved {0}', target.fsPath), 5000);
      // Its download count went up.
      await node.group.reload().catch(() => undefined);
      return target.fsPath;
    },
    'repodesk.repo.downloads.delete': async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof DownloadNode)) return undefined;
      if (confirmed !== true && !(await confirmDownloadDelete(node.download.name))) return undefined;
      return changeList(
        session,
        node.group,
        vscode.l10n.t('Deleting {0}…', node.download.name),
        vscode.l10n.t('Could not delete the download {0}', node.download.name),
        deleteAll(node.group, [node.download.id]),
        undefined,
        () => removed(node.download.id),
      );
    },
    'repodesk.repo.downloads.moveToRelease': async (node?: unknown, given?: unknown): Promise<MoveResult | undefined> => {
      const group = node instanceof DownloadNode ? node.group : listOf<Download>(node, 'downloads');
      if (!group) return undefined;
      const r = group.target;
      try {
        const all = await withNotification(vscode.l10n.t('Reading downloads…'), () => collect(r.client.downloads.list(r.owner, r.repo)));
        if (all.length === 0) {
          void vscode.window.showInformationMessage(vscode.l10n.t('{0}/{1} has no downloads.', r.owner, r.repo));
          return undefined;
        }
        const answers = givenAnswers<MoveAnswers>(given) ?? (await askMove(r, all, node instanceof DownloadNode ? node.download.id : undefined));
        if (!answers) return undefined;
        const result = await moveDownloads(r, all, answers);
        if (!result) return undefined;
        if (result.failed.length) {
          void vscode.window.showErrorMessage(
            vscode.l10n.t('Not moved to {0}: {1}', result.release, result.failed.map((f) => `${f.name} (${f.message})`).join('; ')),
          );
        }
        if (result.moved.length === 0) return result;
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Moved {0} to the release {1}.', result.moved.join(', '), result.release), 6000);
        const ids = all.filter((d) => result.moved.includes(d.name)).map((d) => d.id);
        const remove = answers.deleteMoved ?? (await confirmDeleteMoved(result.moved, result.release));
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
    },
  };
}
