// Repository extras: the Labels, Deploy Keys and Teams nodes under each
// repository of the Repositories view and their commands; the quick-pick
// flows of the palette on the active repository; the legacy search.
// Each command also takes its answers as arguments (for scripts and tests).
import * as vscode from 'vscode';
import { ForbiddenError, NotFoundError, type HostingClient } from '../../hosting';
import type { HostingSession } from '../hosting/hostingSession';
import type { ActiveRepository, RepoRef } from '../repos/activeRepository';
import { provideRepositoryChildren, RepositoryNode } from '../repos/repositoryNodes';
import type { RepoDeskNode } from '../views/nodes';
import { DeployKeyNode, ExtrasGroupNode, LabelNode, RefusedLists, TeamNode, repositoryExtras } from './extraNodes';
import {
  askDeployKeyFile, askLabelEdit, askNewLabel, changeDeployKey, changeLabel, changeTeamAccess, confirmDeployKeyDelete, confirmLabelDelete, confirmTeamRemoval,
  isOwnersTeam, legacySearch, manageDeployKeys, manageLabels, manageTeams, type DeployKeyChange, type LabelChange, type RepoTarget, type SearchHit, type TeamChange,
} from './repoExtras';


/** A repository node of the Repositories view, by shape (`repo.owner.login`, `repo.name`). */
interface RepoNodeLike {
  repo?: { owner?: { login?: string; type?: string }; name?: string };
}

export function registerRepoExtras(context: vscode.ExtensionContext, session: HostingSession, active: ActiveRepository): void {
  const target = (node?: RepoNodeLike): RepoTarget | undefined => {
    const client = session.client;
    const owner = node?.repo?.owner?.login ?? active.value?.owner;
    const repo = node?.repo?.name ?? active.value?.name;
    if (!client || !owner || !repo) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Sign in and select a repository first.'));
      return undefined;
    }
    return { client, owner, repo };
  };
  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
  const guarded = <A extends unknown[], T>(what: string, fn: (...args: A) => Promise<T>) => async (...args: A): Promise<T | undefined> => {
    try {
      return await fn(...args);
    } catch (err) {
      void vscode.window.showErrorMessage(`${what}: ${message(err)}`);
      return undefined;
    }
  };
  /**
   * Runs a change with progress, then reads the group again and redraws it;
   * the service's message on failure. A refusal (404/403) of a change that
   * needs a scope the session lacks offers to sign in again with it, then
   * retries the change with the new session (the views refresh on their own).
   */
  const change = async <T>(group: ExtrasGroupNode<T>, title: string, failure: string, task: () => Promise<unknown>, refusal?: { hint: string; scope: string; retry: (client: HostingClient) => Promise<unknown> }): Promise<readonly T[] | undefined> => {
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, async () => {
        await task();
        await group.reload();
      });
      return [...group.list.loaded];
    } catch (err) {
      const refused = refusal && (err instanceof NotFoundError || err instanceof ForbiddenError);
      if (!refused) {
        void vscode.window.showErrorMessage(`${failure}: ${message(err)}`);
        return undefined;
      }
      if (session.scopes.includes(refusal.scope)) {
        void vscode.window.showErrorMessage(`${failure}: ${message(err)} ${refusal.hint}`);
        return undefined;
      }
      // The offer stays up without holding the command (it returns at once).
      const grant = vscode.l10n.t('Sign In with {0}', refusal.scope);
      void vscode.window.showErrorMessage(`${failure}: ${message(err)} ${refusal.hint}`, grant).then(async (picked) => {
        if (picked !== grant) return;
        try {
          await session.signIn([refusal.scope]);
          const client = session.client;
          if (client) await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, () => refusal.retry(client));
        } catch (again) {
          void vscode.window.showErrorMessage(`${failure}: ${message(again)}`);
        }
      });
      return undefined;
    }
  };
  const teamHint = vscode.l10n.t('Changing the repositories of a team needs an owner of the organization, signed in with the admin:org scope.');
  const groupOf = (node: unknown, kind: 'labels' | 'deployKeys' | 'teams'): ExtrasGroupNode<unknown> | undefined =>
    node instanceof ExtrasGroupNode && node.options.contextValue === kind ? node as ExtrasGroupNode<unknown> : undefined;

  // What a repository node shows when expanded. Refusals (no admin rights,
  // not a team member) are asked again on retry, on the user's refresh, or
  // with another account; not on every background refresh.
  const refused = new RefusedLists();
  context.subscriptions.push(
    provideRepositoryChildren((node: RepositoryNode, onChanged: (n: RepoDeskNode) => void) => {
      const client = session.client;
      if (!client) return [];
      return repositoryExtras({ client, owner: node.repo.owner.login, repo: node.repo.name }, node.repo, node.id, onChanged, refused);
    }, () => refused.clear()),
    session.onDidChange(() => refused.clear()),
  );

  context.subscriptions.push(
    // Palette flows on the active repository (or a node given as argument).
    vscode.commands.registerCommand('repodesk.repo.labels', guarded(vscode.l10n.t('Labels'), async (node?: RepoNodeLike, answers?: LabelChange) => {
      const r = target(node);
      return r ? manageLabels(r, answers) : undefined;
    })),
    vscode.commands.registerCommand('repodesk.repo.deployKeys', guarded(vscode.l10n.t('Deploy keys'), async (node?: RepoNodeLike, answers?: DeployKeyChange) => {
      const r = target(node);
      return r ? manageDeployKeys(r, answers) : undefined;
    })),
    vscode.commands.registerCommand('repodesk.repo.teams', guarded(vscode.l10n.t('Teams'), async (node?: RepoNodeLike, answers?: TeamChange) => {
      const r = target(node);
      if (!r) return undefined;
      if (node?.repo?.owner?.type === 'User') {
        void vscode.window.showInformationMessage(vscode.l10n.t('Only repositories of an organization have teams.'));
        return undefined;
      }
      return manageTeams(r, answers);
    })),

    // Labels group and label nodes.
    vscode.commands.registerCommand('repodesk.repo.labels.create', async (node?: unknown, answers?: { name: string; color: string }) => {
      const group = groupOf(node, 'labels');
      if (!group) return undefined;
      const input = answers ?? await askNewLabel();
      if (!input) return undefined;
      return change(group, vscode.l10n.t('Creating label {0}…', input.name), vscode.l10n.t('Could not create the label {0}', input.name), () => changeLabel(group.target, { create: input }));
    }),
    vscode.commands.registerCommand('repodesk.repo.labels.edit', async (node?: unknown, answers?: { newName: string; color: string }) => {
      if (!(node instanceof LabelNode)) return undefined;
      const input = answers ? { name: node.label.name, ...answers } : await askLabelEdit(node.label);
      if (!input) return undefined;
      return change(node.group, vscode.l10n.t('Saving label {0}…', input.newName), vscode.l10n.t('Could not change the label {0}', node.label.name), () => changeLabel(node.group.target, { update: input }));
    }),
    vscode.commands.registerCommand('repodesk.repo.labels.delete', async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof LabelNode)) return undefined;
      if (confirmed !== true && !await confirmLabelDelete(node.label.name)) return undefined;
      return change(node.group, vscode.l10n.t('Deleting label {0}…', node.label.name), vscode.l10n.t('Could not delete the label {0}', node.label.name), () => changeLabel(node.group.target, { delete: node.label.name }));
    }),

    // Deploy Keys group and key nodes.
    vscode.commands.registerCommand('repodesk.repo.deployKeys.add', async (node?: unknown, answers?: { file: string; title?: string }) => {
      const group = groupOf(node, 'deployKeys');
      if (!group) return undefined;
      const input = answers ?? await askDeployKeyFile();
      if (!input) return undefined;
      return change(group, vscode.l10n.t('Adding deploy key…'), vscode.l10n.t('Could not add the deploy key'), () => changeDeployKey(group.target, { add: input }));
    }),
    vscode.commands.registerCommand('repodesk.repo.deployKeys.delete', async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof DeployKeyNode)) return undefined;
      if (confirmed !== true && !await confirmDeployKeyDelete(node.title)) return undefined;
      return change(node.group, vscode.l10n.t('Deleting deploy key {0}…', node.title), vscode.l10n.t('Could not delete the deploy key {0}', node.title), () => changeDeployKey(node.group.target, { delete: node.key.id }));
    }),

    // Team nodes.
    vscode.commands.registerCommand('repodesk.repo.teams.addRepository', async (node?: unknown) => {
      if (!(node instanceof TeamNode) || node.access.hasAccess) return undefined;
      const { target: r } = node.group;
      return change(node.group, vscode.l10n.t('Giving {0} access to {1}…', node.access.name, r.repo), vscode.l10n.t('Could not give the team {0} access', node.access.name), () => changeTeamAccess(r, { add: node.access.id }), { hint: teamHint, scope: 'admin:org', retry: (client) => changeTeamAccess({ ...r, client }, { add: node.access.id }) });
    }),
    vscode.commands.registerCommand('repodesk.repo.teams.removeRepository', async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof TeamNode) || !node.access.hasAccess) return undefined;
      const { target: r } = node.group;
      if (isOwnersTeam(node.access)) {
        void vscode.window.showInformationMessage(vscode.l10n.t('The Owners team always has every repository of the organization.'));
        return undefined;
      }
      if (confirmed !== true && !await confirmTeamRemoval(node.access.name, r.repo)) return undefined;
      return change(node.group, vscode.l10n.t('Removing {0} from {1}…', r.repo, node.access.name), vscode.l10n.t('Could not remove the repository from the team {0}', node.access.name), () => changeTeamAccess(r, { remove: node.access.id }), { hint: teamHint, scope: 'admin:org', retry: (client) => changeTeamAccess({ ...r, client }, { remove: node.access.id }) });
    }),

    // Any group: read again.
    vscode.commands.registerCommand('repodesk.repo.extras.refresh', async (node?: unknown) => {
      if (node instanceof ExtrasGroupNode) await node.reload();
    }),

    // Legacy search: the view-title quick pick, and a repository's issues from its node.
    vscode.commands.registerCommand('repodesk.search', guarded(vscode.l10n.t('Search'), async (kind?: SearchHit['kind'], keyword?: string) => {
      const client = signedInClient();
      if (!client) return undefined;
      if (kind && keyword !== undefined) return legacySearch(client, active.value, kind, keyword);
      const kinds: (vscode.QuickPickItem & { searchKind: SearchHit['kind'] })[] = [
        { label: `$(repo) ${vscode.l10n.t('Repositories')}`, searchKind: 'repository' },
        { label: `$(person) ${vscode.l10n.t('Users')}`, searchKind: 'user' },
        ...(active.value ? [{ label: `$(issues) ${vscode.l10n.t('Issues of {0}/{1}', active.value.owner, active.value.name)}`, searchKind: 'issue' as const }] : []),
      ];
      const k = await vscode.window.showQuickPick(kinds, { title: vscode.l10n.t('Search (legacy)') });
      if (!k) return undefined;
      return searchAndPick(client, active.value, k.searchKind, vscode.l10n.t('Search {0}', k.label.replace(/^\$\([^)]*\) /, '')));
    })),
    vscode.commands.registerCommand('repodesk.repo.searchIssues', guarded(vscode.l10n.t('Search issues'), async (node?: unknown, keyword?: string) => {
      const client = signedInClient();
      if (!client || !(node instanceof RepositoryNode)) return undefined;
      const repo = { owner: node.repo.owner.login, name: node.repo.name };
      if (keyword !== undefined) return legacySearch(client, repo, 'issue', keyword);
      return searchAndPick(client, repo, 'issue', vscode.l10n.t('Search issues of {0}/{1}', repo.owner, repo.name));
    })),
  );

  function signedInClient(): HostingClient | undefined {
    if (!session.client) void vscode.window.showErrorMessage(vscode.l10n.t('Sign in to RepoDesk first.'));
    return session.client;
  }

  /** Asks a keyword, searches, and opens the picked hit (a repository becomes the active one). */
  async function searchAndPick(client: HostingClient, repo: RepoRef | undefined, kind: SearchHit['kind'], title: string): Promise<SearchHit[] | undefined> {
    const word = (await vscode.window.showInputBox({ title, prompt: vscode.l10n.t('A keyword') }))?.trim();
    if (!word) return undefined;
    const hits = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Searching…') }, () => legacySearch(client, repo, kind, word));
    if (hits.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing found for "{0}".', word));
      return hits;
    }
    const hit = await vscode.window.showQuickPick(hits.map((h) => ({ label: h.label, detail: h.detail, hit: h })), { title: vscode.l10n.t('{0} results for "{1}"', hits.length, word), matchOnDetail: true });
    if (!hit) return hits;
    if (hit.hit.repo) await active.set(hit.hit.repo);
    else if (hit.hit.url) await vscode.env.openExternal(vscode.Uri.parse(hit.hit.url, true));
    return hits;
  }
}
