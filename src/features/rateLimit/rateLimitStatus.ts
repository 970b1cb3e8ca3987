// A status bar item with the rate limit of the current account (the active
// repository's): remaining/limit, and the reset time in the tooltip; with
// several accounts signed in, the tooltip lists every account's.
import * as vscode from 'vscode';
import type { RateLimitState } from '../../hosting';
import type { HostingSession } from '../shared/session/hostingSession';

const UPDATE_EVERY_MS = 1000;

export function registerRateLimitStatus(context: vscode.ExtensionContext, session: HostingSession): void {
  const item = vscode.window.createStatusBarItem('repodesk.rateLimit', vscode.StatusBarAlignment.Right, 100);
  item.name = vscode.l10n.t('RepoDesk Rate Limit');
  // Every other signed-in account's count, as its client last heard it.
  const otherAccounts = () =>
    session.accounts
      .filter((a) => a.id !== session.account?.id)
      .map((a) => {
        const other = a.client.rateLimit;
        return other
          ? `${a.label}: ${vscode.l10n.t('{0} of {1} requests left this hour', other.remaining, other.limit)}`
          : `${a.label}: ${vscode.l10n.t('no request yet')}`;
      });
  const show = (state: RateLimitState | undefined) => {
    if (!session.signedIn || !state) {
      item.hide();
      return;
    }
    item.text = `$(dashboard) ${state.remaining}/${state.limit}`;
    const own = vscode.l10n.t('{0} of {1} requests left this hour; the limit resets at {2}.', state.remaining, state.limit, state.resetAt.toLocaleTimeString());
    item.tooltip = session.accounts.length < 2 ? own : [`${session.account?.label ?? ''}: ${own}`, ...otherAccounts()].join('\n');
    item.backgroundColor =
      state.remaining === 0
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : state.remaining < state.limit / 10
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
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
    // Another account's count changes only the tooltip.
    session.onDidChangeAnyRateLimit(() => {
      if (latest) showSoon(latest);
    }),
    // Signing in or out shows at once.
    session.onDidChange(() => {
      latest = session.client?.rateLimit;
      show(latest);
    }),
    { dispose: () => clearTimeout(timer) },
  );
}
