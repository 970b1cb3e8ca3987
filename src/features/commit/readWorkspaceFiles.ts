// A workspace folder's files for a commit, within the limits of the
// repodesk.commit settings; a refused folder is told to the user.
import * as vscode from 'vscode';
import { FolderRefusedError, readFolderFiles, type WorkspaceFile } from '../../gitdata';
import { readFilesThrough, type ReaderFiles } from '../../gitdata/folderReaderFiles';
import { LOCAL_FILES } from '../../platform/host';
import { errorText } from '../shared/failure';
import { excludedPatterns } from './workspaceSource';
import { workspaceFsReader } from './workspaceFsFolder';

function limits() {
  const c = vscode.workspace.getConfiguration('repodesk.commit');
  return { maxFiles: c.get<number>('maxFiles', 20000), maxFileBytes: c.get<number>('maxFileSizeMB', 100) * 1024 * 1024 };
}

/**
 * The folder's files: from the disk where this host has one, else through
 * `workspace.fs` (the browser, a virtual workspace), which tells no modes:
 * those come from the branch (`modeless`, see keepBranchModes).
 */
export async function readWorkspaceFiles(folder: vscode.Uri): Promise<{ files: WorkspaceFile[]; modeless?: ReaderFiles } | undefined> {
  try {
    if (LOCAL_FILES && folder.scheme === 'file') return { files: await readFolderFiles(folder.fsPath, excludedPatterns(folder), limits()) };
    const modeless = await readFilesThrough(workspaceFsReader(folder), excludedPatterns(folder), limits());
    return { files: modeless.files, modeless };
  } catch (err) {
    const detail =
      err instanceof FolderRefusedError
        ? vscode.l10n.t('Nothing was written. Leave the files out (.gitignore or files.exclude) or raise repodesk.commit.maxFiles / maxFileSizeMB.')
        : undefined;
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Cannot commit {0}: {1}', folder.fsPath, errorText(err)),
      ...(detail ? [{ title: detail, isCloseAffordance: true }] : []),
    );
    return undefined;
  }
}
