// The floor of the pull request overview (test/bench/floors.mjs): the least
// an extension can do to draw a row in a webview after a click on a tree row.
// An in-memory tree in the place of RepoDesk's Pull Requests view with one
// row (`#1 <title>`, the title given by the benchmark in the setting
// `repodeskFloor.title`); the click opens a webview panel whose inline script
// says it is ready and draws the row the extension posts back, as RepoDesk's
// overview page is drawn from a message. No network, no storage, no bundle.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS extension: VS Code serves `vscode` to require only
const vscode = require('vscode');

const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline';">
</head><body><main id="rows"></main><script>
const vscode = acquireVsCodeApi();
window.addEventListener('message', (e) => {
  const row = document.createElement('h1');
  row.textContent = e.data.title;
  document.getElementById('rows').append(row);
});
vscode.postMessage({ ready: true });
</script></body></html>`;

exports.activate = (context) => {
  const title = vscode.workspace.getConfiguration('repodeskFloor').get('title') ?? 'Floor pull request';
  const row = { label: `#1 ${title}`, command: { command: 'repodeskFloor.openPanel', title: 'Open' } };
  context.subscriptions.push(
    vscode.window.createTreeView('repodesk.pullRequests', { treeDataProvider: { getTreeItem: (n) => n, getChildren: (n) => (n ? [] : [row]) } }),
    vscode.commands.registerCommand('repodeskFloor.openPanel', () => {
      const panel = vscode.window.createWebviewPanel('repodeskFloor.overview', `#1 ${title}`, vscode.ViewColumn.Active, { enableScripts: true });
      panel.webview.onDidReceiveMessage(() => void panel.webview.postMessage({ title }));
      panel.webview.html = PAGE;
    }),
  );
};

exports.deactivate = () => {};
