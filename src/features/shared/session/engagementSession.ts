// The engagement (v2) sign-in as the features below the auth feature see it:
// a client on the signed-in account (its token renewed silently), a change
// event, and a way to ask the user to sign in. The auth feature provides it;
// the wiring root hands it to the features that show cases.
import type * as vscode from 'vscode';
import type { EngagementClient } from '../../../engagement';

export interface EngagementSession {
  /** A client on the signed-in account, or undefined when signed out. */
  client(): Promise<EngagementClient | undefined>;
  /** Fires on sign-in, sign-out and account changes. */
  readonly onDidChange: vscode.Event<unknown>;
  /** Asks the user to sign in (the `repodesk-engagement` provider). */
  signIn(): Thenable<unknown>;
}
