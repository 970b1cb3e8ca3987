// The floor of the start-up benchmark (test/bench/views.mjs): the least an
// extension can do to show a row in the same place as RepoDesk's first
// repository row — the same container and view ids, one in-memory tree with
// one row, no network, no storage. What RepoDesk takes beyond this is its own.
// It logs the moments RepoDesk logs for the same steps (src/util/phaseMarks.ts:
// activate() called, VS Code asking for the roots, the roots and the group's
// row handed over), so that each phase can be set beside the floor's.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS extension: VS Code serves `vscode` to require only
const vscode = require('vscode');

exports.activate = (context) => {
  const phases = { loader: Date.now() };
  const row = { label: 'ada/floor-row', collapsibleState: vscode.TreeItemCollapsibleState.None };
  const group = { label: 'Your repositories (floor)', collapsibleState: vscode.TreeItemCollapsibleState.Expanded };
  const provider = {
    getTreeItem: (node) => node,
    getChildren: (node) => {
      if (node) {
        if (phases.children) return [row];
        phases.children = Date.now();
        // Written after the answer, by a channel made only then: the line carries the times.
        setTimeout(() => {
          const channel = vscode.window.createOutputChannel('RepoDesk floor', { log: true });
          channel.info(`phases (epoch ms): ${Object.entries(phases).map(([k, v]) => `${k}=${v}`).join(' ')}`);
          context.subscriptions.push(channel);
        }, 0);
        return [row];
      }
      phases.asked ??= Date.now();
      phases.rows ??= Date.now();
      return [group];
    },
  };
  context.subscriptions.push(vscode.window.createTreeView('repodesk.repositories', { treeDataProvider: provider }));
};

exports.deactivate = () => {};
