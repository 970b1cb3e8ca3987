// Test seams of the views (only in ExtensionMode.Test; loaded then, not at activation): the nodes a view shows and
// their rows as VS Code gets them, the active repository, the background refresh, the offline marks, and the
// confirmations and quick input steps shown.
import * as vscode from 'vscode';
import type { NodeTreeProvider } from '../tree/treeBase';
import type { RepoDeskNode } from '../tree/nodes';
import type { ActiveRepository } from '../selection/activeRepository';
import { shownForTests } from '../confirmation';

export function registerViewTestSeams(
  context: vscode.ExtensionContext,
  sources: Record<string, NodeTreeProvider>,
  active: ActiveRepository,
  backgroundRefresh: () => unknown,
  reachability: { readonly statusText: string | undefined },
): void {
  context.subscriptions.push(
    // The nodes a view shows, as VS Code would ask for them.
    vscode.commands.registerCommand('repodesk.testing.children', (viewId: string, node?: RepoDeskNode) => sources[viewId]?.getChildren(node)),
    // A row's hover as VS Code gets it: the row, then the tooltip resolved when the mouse is over it.
    vscode.commands.registerCommand('repodesk.testing.hover', (viewId: string, node: RepoDeskNode) => {
      const provider = sources[viewId];
      return provider ? provider.resolveTreeItem(provider.getTreeItem(node), node).tooltip : undefined;
    }),
    // A row as VS Code gets it (its click), and a row selected as a click selects it.
    vscode.commands.registerCommand('repodesk.testing.item', (viewId: string, node: RepoDeskNode) => sources[viewId]?.getTreeItem(node)),
    vscode.commands.registerCommand('repodesk.testing.selectRow', (viewId: string, node: RepoDeskNode) => sources[viewId]?.select(node)),
    vscode.commands.registerCommand('repodesk.testing.activeRepository', () => active.value),
    vscode.commands.registerCommand('repodesk.testing.setActiveRepository', (owner: string, name: string) => active.set({ owner, name })),
    vscode.commands.registerCommand('repodesk.testing.backgroundRefresh', backgroundRefresh),
    // The reachability item's text (undefined when hidden) and a view's offline mark.
    vscode.commands.registerCommand('repodesk.testing.reachability', () => reachability.statusText),
    vscode.commands.registerCommand('repodesk.testing.offlineMark', (viewId: string) => sources[viewId]?.offlineText),
    vscode.commands.registerCommand('repodesk.testing.confirmations', () => shownForTests().confirmations),
    vscode.commands.registerCommand('repodesk.testing.stepsShown', () => shownForTests().steps),
  );
}
