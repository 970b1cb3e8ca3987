// The sign-in backend as activation sees it: the services and their labels
// (read from the settings) at once, the flows (signInBackend.ts: OAuth, a
// pasted token, a password, revoking) loaded with the first sign-in or
// sign-out, not at activation.
import type * as vscode from 'vscode';
import type { HostingAuthBackend, NewSession } from './backend';
import { readHostingServices, readHostingSettings, type HostingService } from '../../shared/session/settings';

export function backendServices(): HostingService[] {
  return readHostingServices().services;
}

export function backendHostLabel(service: HostingService): string {
  // The one service of the older settings is named by its host.
  return `${readHostingSettings().authLabel} (${service.name})`;
}

/** A backend whose flows come from `load` on first use (again after a failed load). */
export function lazyBackend(load: () => Promise<HostingAuthBackend>): HostingAuthBackend {
  let loading: Promise<HostingAuthBackend> | undefined;
  const flows = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return {
    services: backendServices,
    hostLabel: backendHostLabel,
    browserSignIn: async (service, scopes, token: vscode.CancellationToken): Promise<NewSession> => (await flows()).browserSignIn(service, scopes, token),
    tokenSignIn: async (service, token) => (await flows()).tokenSignIn(service, token),
    passwordSignIn: async (service, login, password, scopes) => (await flows()).passwordSignIn(service, login, password, scopes),
    revoke: async (session) => (await flows()).revoke(session),
  };
}
