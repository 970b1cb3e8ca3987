// A status bar item with the hosting service's rate limit: remaining/limit,
// and the reset time in the tooltip.
import * as vscode from 'vscode';
import type { RateLimitState } from '../../hosting';
import type { HostingSession } from '../shared/session/hostingSession';

const UPDATE_EVERY_MS = 1000;

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
  // Every answer changes the count; the item follows the latest at most once
  // a second. Formatting the reset time is the window's first date format at
  // start-up (ICU loads its data: 13–34 ms of a starting extension host,
  // profiled), which must not come before the views' first rows.
  let latest: RateLimitState | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const showSoon = (state: RateLimitState) => {
    latest = state;
    timer ??= setTimeout(() => {
      timer = undefined;
      show(latest);
    }, UPDATE_EVERY_MS);
  };
  context.subscriptions.push(
    item,
    session.onDidChangeRateLimit(showSoon),
    // Signing in or out shows at once.
    session.onDidChange(() => {
      latest = session.client?.rateLimit;
      show(latest);
    }),
    { dispose: () => clearTimeout(timer) },
  );
}
