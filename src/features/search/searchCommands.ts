// The legacy search's commands (the quick pick, a repository's issues).
// Loaded on first use (registerSearch.ts registers them).
import * as vscode from 'vscode';
import type { HostingClient } from '../../hosting';
import type { HostingSession } from '../shared/session/hostingSession';
import { signedInClient } from '../shared/session/require';
import type { ActiveRepository, RepoRef } from '../shared/selection/activeRepository';
import { guarded } from '../shared/failure';
import { inSteps, type StepBoxes } from '../shared/stepBoxes';
import { repoOfNode, type RepoNodeLike } from '../shared/tree/repositoryNodeShape';
import { legacySearch, type SearchHit } from './legacySearch';
import type { CommandHandler } from '../shared/lazyCommands';
import type { SearchCommandId } from './registerSearch';

export function searchCommands(session: HostingSession, active: ActiveRepository): Record<SearchCommandId, CommandHandler> {
  /**
   * Asks a keyword, searches, and asks for one of the hits, as steps of `steps` (the keyword's box shows busy while
   * the service searches); then opens the hit picked (a repository becomes the active one).
   */
  async function searchAndPick(
    steps: StepBoxes,
    client: HostingClient,
    repo: RepoRef | undefined,
    kind: SearchHit['kind'],
    title: string,
  ): Promise<SearchHit[] | undefined> {
    const word = (await steps.text({ title, prompt: vscode.l10n.t('A keyword') }))?.trim();
    if (!word) return undefined;
    const hits = await legacySearch(client, repo, kind, word);
    if (hits.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing found for "{0}".', word));
      return hits;
    }
    const hit = await steps.pick(
      hits.map((h) => ({ label: h.label, detail: h.detail, hit: h })),
      { title: hits.length === 1 ? vscode.l10n.t('1 result for "{0}"', word) : vscode.l10n.t('{0} results for "{1}"', hits.length, word), matchOnDetail: true },
    );
    steps.dispose();
    if (!hit) return hits;
    if (hit.hit.repo) await active.set(hit.hit.repo);
    else if (hit.hit.url) await vscode.env.openExternal(vscode.Uri.parse(hit.hit.url, true));
    return hits;
  }

  return {
    'repodesk.search': guarded(vscode.l10n.t('Search'), async (kind?: SearchHit['kind'], keyword?: string) => {
      const client = signedInClient(session);
      if (!client) return undefined;
      if (kind && keyword !== undefined) return legacySearch(client, active.value, kind, keyword);
      const kinds: (vscode.QuickPickItem & { searchKind: SearchHit['kind'] })[] = [
        { label: `$(repo) ${vscode.l10n.t('Repositories')}`, searchKind: 'repository' },
        { label: `$(person) ${vscode.l10n.t('Users')}`, searchKind: 'user' },
        ...(active.value
          ? [{ label: `$(issues) ${vscode.l10n.t('Issues of {0}/{1}', active.value.owner, active.value.name)}`, searchKind: 'issue' as const }]
          : []),
      ];
      return inSteps(async (steps) => {
        const k = await steps.pick(kinds, { title: vscode.l10n.t('Search (legacy)') });
        if (!k) return undefined;
        return searchAndPick(steps, client, active.value, k.searchKind, vscode.l10n.t('Search {0}', k.label.replace(/^\$\([^)]*\) /, '')));
      });
    }),
    'repodesk.repo.searchIssues': guarded(vscode.l10n.t('Search issues'), async (node?: RepoNodeLike, keyword?: string) => {
      const client = signedInClient(session);
      const { owner, name } = repoOfNode(node);
      if (!client || !owner || !name) return undefined;
      const repo = { owner, name };
      if (keyword !== undefined) return legacySearch(client, repo, 'issue', keyword);
      return inSteps((steps) => searchAndPick(steps, client, repo, 'issue', vscode.l10n.t('Search issues of {0}/{1}', repo.owner, repo.name)));
    }),
  };
}
