// A workspace folder read through `vscode.workspace.fs`, for the browser build
// (no disk to walk) and for folders of other schemes (virtual workspaces):
// whatever file system provider serves the folder serves the commit.
import * as vscode from 'vscode';
import type { FolderReader, ReaderEntry } from '../../gitdata/folderReaderFiles';

export function workspaceFsReader(folder: vscode.Uri): FolderReader {
  const uri = (path: string) => (path ? vscode.Uri.joinPath(folder, ...path.split('/')) : folder);
  return {
    list: async (dir) => (await vscode.workspace.fs.readDirectory(uri(dir))).map(([name, type]) => ({ name, kind: kindOf(type) })),
    read: async (path) => vscode.workspace.fs.readFile(uri(path)),
  };
}

function kindOf(type: vscode.FileType): ReaderEntry['kind'] {
  // A link carries the kind of what it points at too (SymbolicLink | File): the link bit decides.
  if (type & vscode.FileType.SymbolicLink) return 'link';
  if (type & vscode.FileType.Directory) return 'folder';
  if (type & vscode.FileType.File) return 'file';
  return 'other';
}
