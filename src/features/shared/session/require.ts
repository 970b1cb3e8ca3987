// What a command needs before it can ask the service (a signed-in client, and
// for most a repository), or a message that says what is missing.
import * as vscode from 'vscode';
import type { HostingClient } from '../../../hosting';
import type { HostingSession } from './hostingSession';
import type { ActiveRepository, RepoRef } from '../selection/activeRepository';

/** A repository to act on, with the client to act through. */
export interface RepoTarget {
  client: HostingClient;
  owner: string;
  repo: string;
}

/** The signed-in client, or undefined after telling the user to sign in. */
export function signedInClient(session: HostingSession): HostingClient | undefined {
  if (!session.client) void vscode.window.showErrorMessage(vscode.l10n.t('Sign in to RepoDesk first.'));
  return session.client;
}

/**
 * The given repository (a node's, say) or else the active one, with the
 * client; undefined after telling the user what is missing.
 */
export function repositoryTarget(session: HostingSession, active: ActiveRepository, given?: Partial<RepoRef>): RepoTarget | undefined {
  const client = session.client;
  const owner = given?.owner ?? active.value?.owner;
  const repo = given?.name ?? active.value?.name;
  if (!client || !owner || !repo) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Sign in and select a repository first.'));
    return undefined;
  }
  return { client, owner, repo };
}
