// Commands on a repository node (or the active repository): labels, deploy
// keys, teams; and the legacy search quick pick.
import * as vscode from 'vscode';
import type { HostingSession } from '../hosting/hostingSession';
import type { ActiveRepository } from '../repos/activeRepository';
import { legacySearch, manageDeployKeys, manageLabels, manageTeams, type DeployKeyChange, type LabelChange, type RepoTarget, type SearchHit, type TeamChange } from './repoExtras';

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
  const guarded = <A extends unknown[], T>(what: string, fn: (...args: A) => Promise<T>) => async (...args: A): Promise<T | undefined> => {
    try {
      return await fn(...args);
    } catch (err) {
      void vscode.window.showErrorMessage(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.repo.labels', guarded(vscode.l10n.t('Labels'), async (node?: RepoNodeLike, change?: LabelChange) => {
      const r = target(node);
      return r ? manageLabels(r, change) : undefined;
    })),
    vscode.commands.registerCommand('repodesk.repo.deployKeys', guarded(vscode.l10n.t('Deploy keys'), async (node?: RepoNodeLike, change?: DeployKeyChange) => {
      const r = target(node);
      return r ? manageDeployKeys(r, change) : undefined;
    })),
    vscode.commands.registerCommand('repodesk.repo.teams', guarded(vscode.l10n.t('Teams'), async (node?: RepoNodeLike, change?: TeamChange) => {
      const r = target(node);
      if (!r) return undefined;
      if (node?.repo?.owner?.type === 'User') {
        void vscode.window.showInformationMessage(vscode.l10n.t('Only repositories of an organization have teams.'));
        return undefined;
      }
      return manageTeams(r, change);
    })),
    vscode.commands.registerCommand('repodesk.search', guarded(vscode.l10n.t('Search'), async (kind?: SearchHit['kind'], keyword?: string) => {
      const client = session.client;
      if (!client) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Sign in to RepoDesk first.'));
        return undefined;
      }
      if (kind && keyword !== undefined) return legacySearch(client, active.value, kind, keyword);
      const kinds: (vscode.QuickPickItem & { searchKind: SearchHit['kind'] })[] = [
        { label: `$(repo) ${vscode.l10n.t('Repositories')}`, searchKind: 'repository' },
        { label: `$(person) ${vscode.l10n.t('Users')}`, searchKind: 'user' },
        ...(active.value ? [{ label: `$(issues) ${vscode.l10n.t('Issues of {0}/{1}', active.value.owner, active.value.name)}`, searchKind: 'issue' as const }] : []),
      ];
      const k = await vscode.window.showQuickPick(kinds, { title: vscode.l10n.t('Search (legacy)') });
      if (!k) return undefined;
      const word = await vscode.window.showInputBox({ title: vscode.l10n.t('Search {0}', k.label.replace(/^\$\([^)]*\) /, '')), prompt: vscode.l10n.t('A keyword') });
      if (!word?.trim()) return undefined;
      const hits = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Searching…') }, () => legacySearch(client, active.value, k.searchKind, word.trim()));
      const hit = await vscode.window.showQuickPick(hits.map((h) => ({ label: h.label, detail: h.detail, hit: h })), { title: vscode.l10n.t('{0} results for "{1}"', hits.length, word.trim()), matchOnDetail: true });
      if (!hit) return hits;
      if (hit.hit.repo) await active.set(hit.hit.repo);
      else if (hit.hit.url) await vscode.env.openExternal(vscode.Uri.parse(hit.hit.url, true));
      return hits;
    })),
  );
}
