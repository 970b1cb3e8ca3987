// Receives the OAuth redirect when the application's callback is a `vscode:`
// URI: VS Code hands it to the extension's UriHandler.
import * as vscode from 'vscode';
import { OAuthError, StateMismatchError, OAuthCancelledError } from '../../../oauth/errors';

export class UriCallbacks implements vscode.UriHandler {
  private readonly pending = new Map<string, { resolve(code: string): void; reject(err: Error): void }>();

  handleUri(uri: vscode.Uri): void {
    if (uri.path !== '/oauth-callback') return;
    const q = new URLSearchParams(uri.query);
    const state = q.get('state') ?? '';
    const waiter = this.pending.get(state);
    if (!waiter) {
      // A state RepoDesk never sent: refuse every waiting flow rather than guess.
      for (const w of this.pending.values()) w.reject(new StateMismatchError());
      this.pending.clear();
      return;
    }
    this.pending.delete(state);
    const error = q.get('error');
    if (error) waiter.reject(new OAuthError(error, q.get('error_description') ?? undefined, q.get('error_uri') ?? undefined));
    else waiter.resolve(q.get('code') ?? '');
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
