// The language server's process: started by the extension over IPC (node-ipc
// transport), bundled as dist/language-server.js.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

startServer(createConnection(ProposedFeatures.all));
