// RepoDesk's settings for the hosting service, read in one place.
import * as vscode from 'vscode';
import { HostingClient } from '../../../hosting';
import {
  engagementServiceFor,
  parseEngagementServices,
  parseHostingServices,
  type EngagementService,
  type HostingService,
  type NoEngagement,
  type ParsedServices,
} from '../../../util/serviceRegistry';

export type { HostingService } from '../../../util/serviceRegistry';

export interface HostingSettings {
  /** The first service's API URL (the only one's when `services` is not set). */
  apiUrl: string;
  webUrl: string | undefined;
  mediaTypeVendor: string;
  authLabel: string;
  oauthClientId: string;
  oauthCallbackUrl: string;
  scopes: string[];
}

const DEFAULT_API_URL = 'http://127.0.0.1:7480';

/**
 * The hosting services: `repodesk.hosting.services`, or the older
 * `apiUrl`/`oauthClientId` settings as one service; with the problems of the
 * entries left out (serviceProblems.ts reports them).
 */
export function readHostingServices(): ParsedServices<HostingService> {
  const c = vscode.workspace.getConfiguration('repodesk.hosting');
  return parseHostingServices(
    c.get<unknown>('services'),
    {
      apiUrl: c.get<string>('apiUrl', DEFAULT_API_URL),
      oauthClientId: c.get<string>('oauthClientId', ''),
    },
    readEngagementServices().services.map((e) => e.name),
  );
}

/**
 * The engagement services: `repodesk.engagement.services`, or the older
 * `apiUrl` setting as one service (sign-in goes to the first).
 */
export function readEngagementServices(): ParsedServices<EngagementService> {
  const c = vscode.workspace.getConfiguration('repodesk.engagement');
  return parseEngagementServices(c.get<unknown>('services'), c.get<string>('apiUrl', DEFAULT_API_URL));
}

/**
 * The engagement service whose cases the repositories of the hosting service
 * at `apiUrl` show (its entry's `engagement`; see engagementServiceFor), or
 * why there is none, with the hosting service's name for the message.
 */
export function engagementForHosting(apiUrl: string | undefined): { service: EngagementService } | (NoEngagement & { hostingName: string }) {
  const hosting = readHostingServices().services;
  const service = hosting.find((h) => h.apiUrl === apiUrl?.replace(/\/+$/, '')) ?? (hosting.length === 1 ? hosting[0] : undefined);
  const found = engagementServiceFor(service, hosting.length, readEngagementServices().services);
  return 'reason' in found ? { ...found, hostingName: service?.name ?? apiUrl ?? '' } : { service: found };
}

export function readHostingSettings(): HostingSettings {
  const c = vscode.workspace.getConfiguration('repodesk.hosting');
  const webUrl = c.get<string>('webUrl', '').trim();
  const first = readHostingServices().services[0];
  return {
    apiUrl: first?.apiUrl ?? c.get<string>('apiUrl', DEFAULT_API_URL).trim().replace(/\/+$/, ''),
    webUrl: webUrl || undefined,
    mediaTypeVendor: c.get<string>('mediaTypeVendor', 'service').trim() || 'service',
    authLabel: c.get<string>('authLabel', 'RepoDesk').trim() || 'RepoDesk',
    oauthClientId: first ? first.oauthClientId : c.get<string>('oauthClientId', '').trim(),
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

/**
 * The client for the current settings, signed in with `token` when given (one
 * place builds clients); on `apiUrl`'s service when given, else the first.
 * `webUrl` is the first service's only: the others' follow from their API URL.
 */
export function clientFromSettings(userAgentVersion: string, token?: string, beforeBackground?: () => Promise<void>, apiUrl?: string): HostingClient {
  const s = readHostingSettings();
  const first = apiUrl === undefined || apiUrl === s.apiUrl;
  return new HostingClient({
    apiUrl: first ? s.apiUrl : apiUrl,
    webUrl: first ? s.webUrl : undefined,
    mediaTypeVendor: s.mediaTypeVendor,
    userAgentVersion,
    ...(token ? { credentials: { type: 'token' as const, token } } : {}),
    ...(beforeBackground ? { beforeBackground } : {}),
  });
}
