// A pull request's state at a glance in the tree: a coloured letter badge
// beside its row (O open, M merged, C closed), through a FileDecorationProvider
// on the row's resourceUri, so the author's avatar can stay the icon.
import * as vscode from 'vscode';
import type { PullState } from './pullNodes';

const PULL_STATE_SCHEME = 'repodesk-pull';

const BADGES: Record<PullState, { badge: string; color: string }> = {
  open: { badge: 'O', color: 'charts.green' },
  merged: { badge: 'M', color: 'charts.purple' },
  closed: { badge: 'C', color: 'charts.red' },
};

/** The row's resourceUri: only its query (the state) matters to the decoration. */
export function pullStateUri(owner: string, repo: string, number: number, state: PullState): vscode.Uri {
  return vscode.Uri.from({ scheme: PULL_STATE_SCHEME, path: `/${owner}/${repo}/${number}`, query: state });
}

export function registerPullDecorations(context: vscode.ExtensionContext): void {
  const stateText: Record<PullState, string> = { open: vscode.l10n.t('Open'), merged: vscode.l10n.t('Merged'), closed: vscode.l10n.t('Closed') };
  context.subscriptions.push(
    vscode.window.registerFileDecorationProvider({
      provideFileDecoration(uri) {
        if (uri.scheme !== PULL_STATE_SCHEME) return undefined;
        const state = uri.query as PullState;
        const b = BADGES[state];
        return b ? new vscode.FileDecoration(b.badge, stateText[state], new vscode.ThemeColor(b.color)) : undefined;
      },
    }),
  );
}
