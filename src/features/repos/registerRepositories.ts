// The Repositories view and its commands.
import * as vscode from 'vscode';
import { repoOfRemotes } from '../../util/gitRemote';
import { remotesOfFolder } from '../shared/git/workspaceGit';
import { resolveAddresses } from '../../hosting';
import type { HostingSession } from '../shared/session/hostingSession';
import { onDidChangeHostingSettings, readHostingServices, readHostingSettings } from '../shared/session/settings';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { createRepositoriesProvider } from './repositoriesProvider';
import { createNodeTreeView, type NodeTreeProvider } from '../shared/tree/treeBase';
import { RepositoryNode } from './repositoryNodes';
import { RepositoryListNode, type RepositoryChildProvider } from '../shared/tree/repositoryLists';
import { OrganizationListNode, type OrganizationChildProvider } from '../shared/tree/organizationLists';
import type { RootGroupProvider } from '../shared/tree/rootGroups';
import type { Gate } from '../../util/gate';
import type { RepoDeskNode } from '../shared/tree/nodes';
import { AccountGroupNode } from './accountGroupNode';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const REPOSITORY_COMMANDS = [
  'repodesk.repos.filter',
  'repodesk.repos.filterOrganization',
  'repodesk.repos.openInBrowser',
  'repodesk.repos.copyCloneUrl',
  'repodesk.repos.create',
] as const;
export type RepositoryCommandId = (typeof REPOSITORY_COMMANDS)[number];

/**
 * `childProviders` give the lists under a repository node (labels, deploy
 * keys, teams, ...), in the order they are shown; `orgProviders` the lists
 * after an organization's repositories (its members); `rootProviders` the
 * top-level groups after the organizations' (the user's gists).
 */
export function registerRepositories({
  extension: context,
  session,
  active,
  log,
  childProviders,
  orgProviders = [],
  rootProviders = [],
  firstPaint,
}: Pick<FeatureContext, 'extension' | 'session' | 'active' | 'log'> & {
  childProviders: readonly RepositoryChildProvider[];
  orgProviders?: readonly OrganizationChildProvider[];
  rootProviders?: readonly RootGroupProvider[];
  firstPaint?: Gate;
}): NodeTreeProvider {
  const { provider, subscriptions, showKeptNext, whenKept } = createRepositoriesProvider(
    session,
    active,
    context.globalState,
    context.workspaceState,
    childProviders,
    orgProviders,
    rootProviders,
    firstPaint,
  );
  context.subscriptions.push(...subscriptions);
  const view = createNodeTreeView('repodesk.repositories', provider, { showCollapseAll: true });
  const repoOf = (node: unknown) => (node instanceof RepositoryNode ? node.repo : undefined);
  // Signed out, the welcome text points at the title: the address of the service Sign In uses, or, with
  // several services (Sign In then asks which), their names; the welcome text says which case it is.
  const describeService = () => {
    const services = readHostingServices().services;
    void vscode.commands.executeCommand('setContext', 'repodesk.severalServices', services.length > 1);
    view.description = session.signedIn ? undefined : services.length > 1 ? services.map((s) => s.name).join(' · ') : readHostingSettings().apiUrl;
  };
  describeService();

  context.subscriptions.push(
    provider,
    view,
    // After the provider's own reset: a visible view starts reading at once.
    session.onDidChange(() => {
      describeService();
      if (session.signedIn && view.visible) provider.prefetch();
    }),
    onDidChangeHostingSettings(describeService),
    vscode.commands.registerCommand('repodesk.repos.refresh', () => {
      for (const c of [...childProviders, ...orgProviders, ...rootProviders]) c.userRefreshed?.();
      provider.refresh();
    }),
    // Any list under a repository node or an organization's group: read again.
    vscode.commands.registerCommand('repodesk.repo.extras.refresh', async (node?: unknown) => {
      if (node instanceof RepositoryListNode || node instanceof OrganizationListNode) await node.reload();
    }),
    vscode.commands.registerCommand('repodesk.repos.select', async (node?: RepositoryNode) => {
      const repo = repoOf(node);
      if (!repo) return;
      const ref = { owner: repo.owner.login, name: repo.name };
      // Chosen from an account's group: the other views read and write it with that account only.
      const account = accountOf(node);
      if (!account || !session.accounts.some((a) => a.id === account)) {
        await active.set(ref);
        return;
      }
      await session.rememberAccountFor(`${ref.owner}/${ref.name}`, account);
      await session.useAccount(account, () => active.set(ref));
    }),
  );
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, REPOSITORY_COMMANDS, () =>
    import('./repositoryCommands.js').then((m) => m.repositoryCommands(context, session, active, provider)),
  );

  // Test seams: their code loads only in a test run, not at activation.
  if (context.extensionMode === vscode.ExtensionMode.Test)
    void import('./repositoriesTestSeams.js').then((m) =>
      m.registerRepositoriesTestSeams(context, {
        description: () => view.description,
        asAfterReload: () => {
          showKeptNext();
          provider.refresh();
        },
        whenKept,
      }),
    );
  void activateFromWorkspaceRemote(active, session);
  // The active repository renamed on the service (a 301): followed to its new name, and this view read again.
  let moves: { dispose(): void }[] = [];
  const watchMoves = () => {
    moves.forEach((m) => m.dispose());
    moves = session.accounts.map(({ client }) =>
      client.core.onDidMove(
        (move) =>
          void import('./followRenames.js')
            .then((m) => m.followRename(client, move.from, { active }, () => provider.refresh()))
            .catch((err: unknown) => log.info(`Could not follow a moved repository: ${String(err)}`)),
      ),
    );
  };
  context.subscriptions.push(session.onDidChangeAccounts(watchMoves), session.onDidChange(watchMoves), { dispose: () => moves.forEach((m) => m.dispose()) });
  watchMoves();
  return provider;
}

/** The account whose group lists `node`, if the view shows a group per account. */
function accountOf(node: RepoDeskNode | undefined): string | undefined {
  for (let n = node; n; n = n.parent) if (n instanceof AccountGroupNode) return n.account.id;
  return undefined;
}

/**
 * When a workspace folder's git remote points at a configured service, its
 * repository becomes active; with several services, the account used becomes
 * one of that service's (unless the user chose one for this repository).
 */
async function activateFromWorkspaceRemote(active: ActiveRepository, session: HostingSession): Promise<void> {
  const s = readHostingSettings();
  const services = readHostingServices().services;
  const hostsOf = (apiUrl: string): string[] | undefined => {
    try {
      const a = resolveAddresses(apiUrl, apiUrl === s.apiUrl ? s.webUrl : undefined);
      return [...new Set([new URL(a.webUrl).host, new URL(a.apiUrl).host])];
    } catch {
      return undefined;
    }
  };
  const candidates = (services.length ? services.map((x) => x.apiUrl) : [s.apiUrl]).flatMap((apiUrl) => {
    const hosts = hostsOf(apiUrl);
    return hosts ? [{ apiUrl, hosts }] : [];
  });
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const remotes = await remotesOfFolder(folder.uri);
    for (const { apiUrl, hosts } of candidates) {
      const repo = repoOfRemotes(remotes, hosts);
      if (!repo) continue;
      await active.set({ owner: repo.owner, name: repo.name });
      if (candidates.length > 1) await useAccountOf(session, apiUrl, `${repo.owner}/${repo.name}`);
      return;
    }
  }
}

/** With several services: an account of the remote's service, unless the user chose one for the repository. */
async function useAccountOf(session: HostingSession, apiUrl: string, repo: string): Promise<void> {
  await session.refresh();
  const remembered = session.rememberedAccountFor(repo);
  if (remembered && session.accounts.some((a) => a.id === remembered)) return;
  const current = session.accounts.find((a) => a.id === session.account?.id);
  if (current?.apiUrl === apiUrl) return;
  const onService = session.accounts.find((a) => a.apiUrl === apiUrl);
  if (onService) await session.useAccount(onService.id);
}
