// How the language server runs, for the browser build (see serverClient.ts):
// a web worker (dist/web/language-server.js), the same server and the same
// custom requests over the worker's messages. The worker runs the script's
// text from a blob URL, read through workspace.fs: a worker made from the
// extension's own URI is refused where the extension lives on a remote host
// (code-server: "Creating workers from remote extensions is currently not
// supported"), and the text reads the same wherever the extension is.
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';

export async function newServerClient(context: vscode.ExtensionContext, id: string, name: string, options: LanguageClientOptions): Promise<LanguageClient> {
  const script = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'language-server.js'));
  const url = URL.createObjectURL(new Blob([new Uint8Array(script)], { type: 'text/javascript' }));
  return new LanguageClient(id, name, options, new Worker(url));
}
