// The browser build's stand-in for folderFiles.ts: a web worker has no local
// file system to walk, and the commands that commit a local folder are hidden
// there (package.json: `!isWeb`), so this is reached only by a script calling
// such a command.
import type { WorkspaceFile } from './commitWorkspace';
import type { FolderLimits } from './folderRefused';

export { FolderRefusedError, type FolderLimits } from './folderRefused';

export function readFolderFiles(root: string, _extraPatterns?: readonly string[], _limits?: FolderLimits): Promise<WorkspaceFile[]> {
  return Promise.reject(new Error(`Committing the local folder ${root} needs VS Code on a desktop or a remote host: the browser has no local file system.`));
}
