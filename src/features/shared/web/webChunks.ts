// What the browser build's entry (dist/web/extension.js) uses to load its
// chunks on first use (esbuild.mjs, `splitForTheWeb`, bundles this file into
// the entry only): the chunk files read through `vscode.workspace.fs` from
// the extension's own folder, which VS Code for the Web serves.
import * as vscode from 'vscode';
import { createChunkLoader, type LoadChunk } from '../../../platform/chunkLoader';

const EXTENSION_ID = 'repodesk.repodesk';

let loader: LoadChunk | undefined;

/** Called once by the entry as it is read: the chunks merged into it and each lazy chunk's static imports of lazy chunks. */
export function chunksMergedInEntry(merged: Record<string, unknown>, deps: Record<string, string[]>): void {
  const folder = () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    if (!extension) throw new Error(`RepoDesk cannot find its own extension (${EXTENSION_ID}) to read its chunks`);
    return vscode.Uri.joinPath(extension.extensionUri, 'dist', 'web');
  };
  loader = createChunkLoader({
    read: async (file) => new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder(), file))),
    external: { vscode },
    merged,
    deps,
    sourceUrl: (file) => vscode.Uri.joinPath(folder(), file).toString(true),
  });
}

/** `import("./chunk-….js")` in the browser build (esbuild.mjs rewrites each to a call of this). */
export function loadChunk(path: string): Promise<unknown> {
  if (!loader) return Promise.reject(new Error('The browser build loaded a chunk before its entry was read'));
  return loader(path);
}
