// How the language server runs, for the browser build (see serverClient.ts):
// a web worker (dist/web/language-server.js), the same server and the same
// custom requests over the worker's messages.
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';

export function newServerClient(context: vscode.ExtensionContext, id: string, name: string, options: LanguageClientOptions): LanguageClient {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'language-server.js');
  return new LanguageClient(id, name, options, new Worker(script.toString(true)));
}
