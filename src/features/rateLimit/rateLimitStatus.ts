// A status bar item with the hosting service's rate limit: remaining/limit,
// and the reset time in the tooltip.
import * as vscode from 'vscode';
import type { RateLimitState } from '../../hosting';
import type { HostingSession } from '../shared/session/hostingSession';

export function registerRateLimitStatus(context: vscode.ExtensionContext, session: HostingSession): void {
  const item = vscode.window.createStatusBarItem('repodesk.rateLimit', vscode.StatusBarAlignment.Right, 100);
  item.name = vscode.l10n.t('RepoDesk Rate Limit');
  const show = (state: RateLimitState | undefined) => {
    if (!session.signedIn || !state) {
      item.hide();
      return;
    }
    item.text = `$(dashboard) ${state.remaining}/${state.limit}`;
    item.tooltip = vscode.l10n.t('{0} of {1} requests left this hour; the limit resets at {2}.', state.remaining, state.limit, state.resetAt.toLocaleTimeString());
    item.backgroundColor = state.remaining === 0 ? new vscode.ThemeColor('statusBarItem.errorBackground') : state.remaining < state.limit / 10 ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.show();
  };
  context.subscriptions.push(
    item,
    session.onDidChangeRateLimit(show),
    session.onDidChange(() => show(session.client?.rateLimit)),
  );
}
