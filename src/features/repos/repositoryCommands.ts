// The Repositories view's commands that change what it shows or make a
// repository: filter, an organization's filter, open in the browser, copy the
// clone URL, create. Loaded on first use (registerRepositories.ts registers
// them).
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { type NodeTreeProvider } from '../shared/tree/treeBase';
import { givenAnswers } from '../shared/commandArgs';
import { saveFilter, type OrgRepoType, type RepositoryFilter } from './repositoryFilter';
import { pickFilter, pickOrgType } from './repositoryFilterPick';
import { RepositoryGroupNode, RepositoryNode } from './repositoryNodes';
import { createRepository } from './createRepository';
import type { CommandHandler } from '../shared/lazyCommands';
import type { RepositoryCommandId } from './registerRepositories';

export function repositoryCommands(
  context: vscode.ExtensionContext,
  session: HostingSession,
  active: ActiveRepository,
  provider: NodeTreeProvider,
): Record<RepositoryCommandId, CommandHandler> {
  const repoOf = (node: unknown) => (node instanceof RepositoryNode ? node.repo : undefined);
  return {
    // A filter object (from a test or a keybinding) is taken as given; otherwise the user picks.
    'repodesk.repos.filter': async (arg?: unknown) => {
      const given = givenAnswers<Partial<RepositoryFilter>>(arg);
      const next = given ? await saveFilter(context.globalState, given) : await pickFilter(context.globalState);
      if (next) provider.refresh();
      return next;
    },
    'repodesk.repos.filterOrganization': async (node?: RepositoryGroupNode, type?: OrgRepoType) => {
      if (!(node instanceof RepositoryGroupNode) || !node.org) return undefined;
      const picked = await pickOrgType(context.globalState, node.org, type);
      if (picked) provider.refresh();
      return picked;
    },
    'repodesk.repos.openInBrowser': async (node?: RepositoryNode) => {
      const repo = repoOf(node);
      if (repo) await vscode.env.openExternal(vscode.Uri.parse(repo.html_url, true));
    },
    'repodesk.repos.copyCloneUrl': async (node?: RepositoryNode) => {
      const repo = repoOf(node);
      if (!repo) return;
      const url = (repo as { clone_url?: string }).clone_url ?? `${repo.html_url}.git`;
      await vscode.env.clipboard.writeText(url);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', url), 3000);
    },
    'repodesk.repos.create': async () => {
      const client = session.client;
      if (!client || !session.account) {
        await vscode.commands.executeCommand('repodesk.signIn');
        return;
      }
      const orgs = new Set<string>();
      for await (const t of client.teams.listForAuthenticatedUser()) orgs.add(t.organization.login);
      const created = await createRepository(client, [...orgs].sort(), session.login ?? session.account.label);
      if (created) {
        provider.refresh();
        await active.set(created);
      }
    },
  };
}
