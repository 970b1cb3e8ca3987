// How the language server runs, for the Node build: a Node process of its own
// (dist/language-server.js) over IPC. The browser build replaces this file
// with serverClient.web.ts.
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

export function newServerClient(context: vscode.ExtensionContext, id: string, name: string, options: LanguageClientOptions): Promise<LanguageClient> {
  const module = context.asAbsolutePath('dist/language-server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  return Promise.resolve(new LanguageClient(id, name, serverOptions, options));
}
