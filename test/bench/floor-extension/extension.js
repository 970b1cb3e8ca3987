// The floor of the start-up benchmark (test/bench/views.mjs): the least an
// extension can do to show a row in the same place as RepoDesk's first
// repository row — the same container and view ids, one in-memory tree with
// one row, no network, no storage. What RepoDesk takes beyond this is its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS extension: VS Code serves `vscode` to require only
const vscode = require('vscode');

exports.activate = (context) => {
  const row = { label: 'ada/floor-row', collapsibleState: vscode.TreeItemCollapsibleState.None };
  const group = { label: 'Your repositories (floor)', collapsibleState: vscode.TreeItemCollapsibleState.Expanded };
  const provider = {
    getTreeItem: (node) => node,
    getChildren: (node) => (node ? [row] : [group]),
  };
  context.subscriptions.push(vscode.window.createTreeView('repodesk.repositories', { treeDataProvider: provider }));
};

exports.deactivate = () => {};
