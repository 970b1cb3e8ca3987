// The engagement (v2) sign-in as the features below the auth feature see it:
// a client on the account signed in to an engagement service (its token
// renewed silently), a change event, and a way to ask the user to sign in.
// Which engagement service a repository's cases come from follows its
// hosting service (settings.ts: engagementForHosting). The auth feature provides it;
// the wiring root hands it to the features that show cases.
import type * as vscode from 'vscode';
import type { EngagementClient } from '../../../engagement';

export interface EngagementSession {
  /** A client on the account of the engagement service at `serviceUrl` (else the first configured), or undefined when signed out of it. */
  client(serviceUrl?: string): Promise<EngagementClient | undefined>;
  /** Fires on sign-in, sign-out and account changes. */
  readonly onDidChange: vscode.Event<unknown>;
  /** Asks the user to sign in to the engagement service at `serviceUrl` (else the only one, or the one picked). */
  signIn(serviceUrl?: string): Thenable<unknown>;
}
