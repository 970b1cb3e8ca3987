// Nodes every RepoDesk tree shares: "Load more", an error with the service's
// message and a retry, and a plain message for empty states.
import * as vscode from 'vscode';

export abstract class RepoDeskNode {
  abstract toTreeItem(): vscode.TreeItem;
  /**
   * The row's Markdown hover, asked for when the mouse is over the row
   * (`resolveTreeItem`), not built with every row: VS Code's extension host
   * parses each MarkdownString it is handed (for its links), 30 ms of a
   * loaded host per 100 rows, which delayed their first paint.
   */
  tooltip(): vscode.MarkdownString | undefined {
    return undefined;
  }
  /** Children, for nodes that have them. */
  children(): Promise<RepoDeskNode[]> | RepoDeskNode[] {
    return [];
  }
  parent: RepoDeskNode | undefined;
}

export class LoadMoreNode extends RepoDeskNode {
  constructor(
    private readonly load: () => Promise<void>,
    private readonly label = vscode.l10n.t('Load more…'),
  ) {
    super();
  }
  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('more');
    item.contextValue = 'loadMore';
    item.command = { command: 'repodesk.loadMore', title: this.label, arguments: [this] };
    return item;
  }
  run(): Promise<void> {
    return this.load();
  }
}

export class ErrorNode extends RepoDeskNode {
  constructor(
    private readonly message: string,
    private readonly retry: () => void,
  ) {
    super();
  }
  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.message, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.contextValue = 'error';
    item.command = { command: 'repodesk.retry', title: vscode.l10n.t('Try Again'), arguments: [this] };
    return item;
  }
  override tooltip(): vscode.MarkdownString {
    return new vscode.MarkdownString(`${this.message}\n\n${vscode.l10n.t('Click to try again.')}`);
  }
  runRetry(): void {
    this.retry();
  }
}

export class MessageNode extends RepoDeskNode {
  constructor(
    private readonly message: string,
    private readonly icon = 'info',
  ) {
    super();
  }
  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.message, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    return item;
  }
}
