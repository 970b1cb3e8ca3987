// A tree view of the active repository (Pull Requests, Releases, Git Refs):
// its title shows which repository it lists, and it reads again when the
// session or the active repository changes.
import * as vscode from 'vscode';
import type { HostingSession } from '../session/hostingSession';
import type { ActiveRepository } from '../selection/activeRepository';
import type { RepoDeskNode } from './nodes';
import { createNodeTreeView, type NodeTreeProvider } from './treeBase';

export interface RepositoryViewOptions {
  /** Added to the repository's name in the view's description (a filter, say). */
  detail?: () => string | undefined;
  /** Runs before the view reads again after a change (clearing a selection, say). */
  beforeChange?: () => void;
}

export interface RepositoryView {
  view: vscode.TreeView<RepoDeskNode>;
  /** Writes the description again (after a filter changed). */
  describe(): void;
}

export function createRepositoryView(
  context: vscode.ExtensionContext,
  id: string,
  provider: NodeTreeProvider,
  session: HostingSession,
  active: ActiveRepository,
  options: RepositoryViewOptions = {},
): RepositoryView {
  // A row's box (the Pull Requests view's viewed files) is its own: VS Code does not tick parents and children with it.
  const view = createNodeTreeView(id, provider, { showCollapseAll: true, manageCheckboxStateManually: true });
  const describe = () => {
    const repo = active.value;
    const detail = options.detail?.();
    // The repository's name first: at the sidebar's default width the owner is what gets cut.
    view.description = repo ? [repo.name, detail, repo.owner].filter(Boolean).join(' · ') : undefined;
  };
  describe();
  const reread = () => {
    options.beforeChange?.();
    describe();
    provider.refresh(true);
  };
  context.subscriptions.push(provider, view, session.onDidChange(reread), active.onDidChange(reread));
  return { view, describe };
}
