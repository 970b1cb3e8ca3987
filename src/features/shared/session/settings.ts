// RepoDesk's settings for the hosting service, read in one place.
import * as vscode from 'vscode';
import { HostingClient } from '../../../hosting';

export interface HostingSettings {
  apiUrl: string;
  webUrl: string | undefined;
  mediaTypeVendor: string;
  authLabel: string;
  oauthClientId: string;
  oauthCallbackUrl: string;
  scopes: string[];
}

export function readHostingSettings(): HostingSettings {
  const c = vscode.workspace.getConfiguration('repodesk.hosting');
  const webUrl = c.get<string>('webUrl', '').trim();
  return {
    apiUrl: c.get<string>('apiUrl', 'http://127.0.0.1:7480').trim().replace(/\/+$/, ''),
    webUrl: webUrl || undefined,
    mediaTypeVendor: c.get<string>('mediaTypeVendor', 'service').trim() || 'service',
    authLabel: c.get<string>('authLabel', 'RepoDesk').trim() || 'RepoDesk',
    oauthClientId: c.get<string>('oauthClientId', '').trim(),
    oauthCallbackUrl: c.get<string>('oauthCallbackUrl', 'http://127.0.0.1:7481/callback').trim(),
    scopes: c.get<string[]>('scopes', ['repo', 'read:org', 'user']),
  };
}

/** Fires when a setting that changes the service or its client changes. */
export function onDidChangeHostingSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('repodesk.hosting')) listener();
  });
}

/** The client for the current settings, signed in with `token` when given (one place builds clients). */
export function clientFromSettings(userAgentVersion: string, token?: string, beforeBackground?: () => Promise<void>): HostingClient {
  const s = readHostingSettings();
  return new HostingClient({
    apiUrl: s.apiUrl,
    webUrl: s.webUrl,
    mediaTypeVendor: s.mediaTypeVendor,
    userAgentVersion,
    ...(token ? { credentials: { type: 'token' as const, token } } : {}),
    ...(beforeBackground ? { beforeBackground } : {}),
  });
}
