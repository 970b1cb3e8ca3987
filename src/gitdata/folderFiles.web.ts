// The browser build's stand-in for folderFiles.ts: a web worker has no local
// file system to walk. The commit commands read a folder there through
// `workspace.fs` (folderReaderFiles.ts), so this is never reached by them.
import type { WorkspaceFile } from './commitWorkspace';
import type { FolderLimits } from './folderRefused';

export { FolderRefusedError, type FolderLimits } from './folderRefused';

export function readFolderFiles(root: string, _extraPatterns?: readonly string[], _limits?: FolderLimits): Promise<WorkspaceFile[]> {
  return Promise.reject(new Error(`Committing the local folder ${root} needs VS Code on a desktop or a remote host: the browser has no local file system.`));
}
