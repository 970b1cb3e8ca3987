// Registers a tree provider for each RepoDesk view. Until a feature fills a
// view, its provider is empty and VS Code shows the view's welcome content.
import * as vscode from 'vscode';

export const VIEW_IDS = [
  'repodesk.repositories',
  'repodesk.pullRequests',
  'repodesk.reviewComments',
  'repodesk.releases',
  'repodesk.gitRefs',
] as const;

class EmptyTree implements vscode.TreeDataProvider<never> {
  getTreeItem(element: never): vscode.TreeItem {
    return element;
  }
  getChildren(): never[] {
    return [];
  }
}

export function registerViews(context: vscode.ExtensionContext): string[] {
  for (const id of VIEW_IDS) {
    context.subscriptions.push(vscode.window.createTreeView(id, { treeDataProvider: new EmptyTree(), showCollapseAll: true }));
  }
  return [...VIEW_IDS];
}
