// RepoDesk's language server (dist/language-server.js), started by the
// extension over IPC. It will offer completions and hovers in review-comment
// bodies; for now it answers the LSP handshake.
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

connection.onInitialize(() => ({
  capabilities: {
    textDocumentSync: TextDocumentSyncKind.Incremental,
  },
  serverInfo: { name: 'RepoDesk Language Server' },
}));

documents.listen(connection);
connection.listen();
