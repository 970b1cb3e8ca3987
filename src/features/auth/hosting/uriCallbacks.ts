// RepoDesk's URI handler. It opens a pull request's link, and receives the
// OAuth redirect when it comes back through VS Code: a `vscode:`
// callback on the desktop (`/oauth-callback`), or in the browser the
// workbench's own callback page, which VS Code hands to the extension's
// UriHandler (`/did-authenticate`, see webSignIn.ts).
import * as vscode from 'vscode';
import { StateMismatchError, OAuthCancelledError } from '../../../oauth/errors';
import { readCallback } from '../../../oauth/callbackQuery';

/** The paths of RepoDesk's callback URIs: the desktop's `vscode:` callback setting, the browser's web flow. */
export const CALLBACK_PATHS = { desktop: '/oauth-callback', browser: '/did-authenticate' } as const;

/** The path of RepoDesk's links to a pull request (src/util/pullLink.ts reads them). */
const OPEN_PATH = '/open';

export class UriCallbacks implements vscode.UriHandler {
  private readonly pending = new Map<string, { resolve(code: string): void; reject(err: Error): void }>();

  handleUri(uri: vscode.Uri): void {
    // vscode://repodesk.repodesk/open?url=… (or ?owner=&repo=&number=): a pull request, opened by its command.
    if (uri.path === OPEN_PATH) {
      void vscode.commands.executeCommand('repodesk.pulls.openOverview', { link: uri.toString() });
      return;
    }
    if (uri.path !== CALLBACK_PATHS.desktop && uri.path !== CALLBACK_PATHS.browser) return;
    const answer = readCallback(uri.query, (state) => this.pending.has(state));
    if (answer.kind === 'unknown-state') {
      // A state RepoDesk never sent: refuse every waiting flow rather than guess.
      for (const w of this.pending.values()) w.reject(new StateMismatchError());
      this.pending.clear();
      return;
    }
    const waiter = this.pending.get(answer.state)!;
    this.pending.delete(answer.state);
    if (answer.kind === 'error') waiter.reject(answer.error);
    else waiter.resolve(answer.code);
  }

  waitFor(state: string, signal: AbortSignal): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.pending.set(state, { resolve, reject });
      signal.addEventListener('abort', () => {
        this.pending.delete(state);
        reject(new OAuthCancelledError());
      });
    });
  }
}
