// Registers the RepoDesk views. Views a feature does not fill yet get an empty
// provider, so VS Code shows their welcome content; the shared node commands
// (Load more, retry) are registered once here.
import * as vscode from 'vscode';
import type { HostingSession } from '../hosting/hostingSession';
import { ActiveRepository } from '../repos/activeRepository';
import { registerRepositories } from '../repos/registerRepositories';
import { ErrorNode, LoadMoreNode } from './nodes';

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

export interface Views {
  viewIds: string[];
  active: ActiveRepository;
  refreshAll(): void;
}

export function registerViews(context: vscode.ExtensionContext, session: HostingSession): Views {
  const active = new ActiveRepository(context.workspaceState);
  context.subscriptions.push(active);
  const repositories = registerRepositories(context, session, active);
  for (const id of VIEW_IDS.slice(1)) {
    context.subscriptions.push(vscode.window.createTreeView(id, { treeDataProvider: new EmptyTree() }));
  }
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.loadMore', (node?: LoadMoreNode) =>
      node instanceof LoadMoreNode
        ? vscode.window.withProgress({ location: { viewId: 'repodesk.repositories' } }, () => node.run())
        : undefined),
    vscode.commands.registerCommand('repodesk.retry', (node?: ErrorNode) => (node instanceof ErrorNode ? node.runRetry() : undefined)),
  );
  return { viewIds: [...VIEW_IDS], active, refreshAll: () => repositories.refresh() };
}
