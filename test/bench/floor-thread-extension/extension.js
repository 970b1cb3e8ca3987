// The floor of the first review thread (test/bench/floors.mjs): the least an
// extension can do to show a review thread with its text on a file's diff
// after a click on the file's row. An in-memory tree in the place of
// RepoDesk's Pull Requests view (#1 → Changed files → tables.md); the click
// opens `vscode.diff` of two documents of a TextDocumentContentProvider, both
// texts from memory, and one expanded thread of the Comments API on the head
// side, its comment from memory. No network, no storage, no language server.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS extension: VS Code serves `vscode` to require only
const vscode = require('vscode');

const SCHEME = 'repodesk-floor';
const BASE = ['# Tables', '', '| n | n² |', '|---|---|', '| 1 | 1 |', '| 2 | 4 |', '| 3 | 9 |', ''].join('\n');
const HEAD = ['# Tables of squares', '', '| n | n² | first difference |', '|---|---|---|', '| 1 | 1 | 3 |', '| 2 | 4 | 5 |', '| 3 | 9 | 7 |', ''].join('\n');
const BODY = 'Could the table also show the second differences?';

exports.activate = (context) => {
  const texts = { '/base/docs/tables.md': BASE, '/head/docs/tables.md': HEAD };
  const file = { label: 'tables.md', resourceUri: vscode.Uri.file('docs/tables.md'), command: { command: 'repodeskFloor.openDiff', title: 'Open' } };
  const changed = { label: 'Changed files', collapsibleState: vscode.TreeItemCollapsibleState.Expanded };
  const pull = { label: '#1 Floor pull request', collapsibleState: vscode.TreeItemCollapsibleState.Expanded };
  const children = new Map([
    [undefined, [pull]],
    [pull, [changed]],
    [changed, [file]],
  ]);
  const controller = vscode.comments.createCommentController('repodesk-floor', 'Floor review');
  let thread;
  context.subscriptions.push(
    controller,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, { provideTextDocumentContent: (uri) => texts[uri.path] ?? '' }),
    vscode.window.createTreeView('repodesk.pullRequests', { treeDataProvider: { getTreeItem: (n) => n, getChildren: (n) => children.get(n) ?? [] } }),
    vscode.commands.registerCommand('repodeskFloor.openDiff', async () => {
      const base = vscode.Uri.from({ scheme: SCHEME, path: '/base/docs/tables.md' });
      const head = vscode.Uri.from({ scheme: SCHEME, path: '/head/docs/tables.md' });
      // One thread, made once and kept (as RepoDesk keeps a document's threads while it is open).
      if (!thread) {
        const comment = { body: new vscode.MarkdownString(BODY), mode: vscode.CommentMode.Preview, author: { name: 'mary' } };
        thread = controller.createCommentThread(head, new vscode.Range(2, 0, 2, 0), [comment]);
        thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
        thread.canReply = false;
      }
      await vscode.commands.executeCommand('vscode.diff', base, head, 'tables.md (#1)');
    }),
  );
};

exports.deactivate = () => {};
