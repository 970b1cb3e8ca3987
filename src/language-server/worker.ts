// The language server as a web worker, for the browser build: started by
// src/features/review/commentBox/serverClient.web.ts, bundled as
// dist/web/language-server.js.
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { startServer } from './server';

// The worker's own global scope, where its messages arrive and leave.
const scope = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];

startServer(createConnection(ProposedFeatures.all, new BrowserMessageReader(scope), new BrowserMessageWriter(scope)));
