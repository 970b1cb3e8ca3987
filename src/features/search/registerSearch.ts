// The legacy search: the Repositories view's title quick pick (repositories,
// users, the active repository's issues) and a repository's issues from its
// node. A picked repository becomes the active one; other hits open in the
// browser. Each command also takes the kind and keyword as arguments.
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { registerLazyCommands } from '../shared/lazyCommands';

const SEARCH_COMMANDS = ['repodesk.search', 'repodesk.repo.searchIssues'] as const;
export type SearchCommandId = (typeof SEARCH_COMMANDS)[number];

export function registerSearch(context: vscode.ExtensionContext, session: HostingSession, active: ActiveRepository): void {
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, SEARCH_COMMANDS, () => import('./searchCommands.js').then((m) => m.searchCommands(session, active)));
}
