// "RepoDesk: Show Insights": which repository (and tab) it was asked for, and
// its panel shown. Loaded on first use (registerInsights.ts registers it).
import * as vscode from 'vscode';
import type { HostToWebview, WebviewToHost } from './model/messages';
import { givenAnswers } from '../shared/commandArgs';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { HostingSession } from '../shared/session/hostingSession';
import { repoOfNode, type RepoNodeLike } from '../shared/tree/repositoryNodeShape';
import { WebviewPanels } from '../shared/panels/webviewPanels';
import type { Focus } from './insightsPanel';
import { panelKey } from './panelKey';
import type { CommandHandler } from '../shared/lazyCommands';
import type { InsightsCommandId } from './registerInsights';

/** A pull request row of the Pull Requests view, by shape. */
interface PullNodeLike {
  owner?: unknown;
  repo?: unknown;
  pull?: { number?: unknown };
}

/** The account whose group lists a row (a repository row under an account's group, by shape), if any. */
function accountOfRow(arg: unknown): string | undefined {
  for (let n = arg as { parent?: unknown; account?: { id?: unknown } } | undefined; n; n = n.parent as typeof n) {
    if (typeof n.account?.id === 'string') return n.account.id;
  }
  return undefined;
}

/** What the command was given: answers ({ owner, name, tab?, pull? }), a pull request row, a repository row, or nothing. */
function targetOf(arg: unknown, active: ActiveRepository): { owner: string; name: string; focus?: Focus } | undefined {
  const answers = givenAnswers<{ owner?: string; name?: string; tab?: Focus['tab']; pull?: number }>(arg);
  if (answers?.owner && answers.name) {
    return { owner: answers.owner, name: answers.name, focus: { tab: answers.tab ?? (answers.pull ? 'cases' : 'statistics'), pull: answers.pull ?? null } };
  }
  const pullNode = arg as PullNodeLike | undefined;
  if (typeof pullNode?.owner === 'string' && typeof pullNode.repo === 'string' && typeof pullNode.pull?.number === 'number') {
    return { owner: pullNode.owner, name: pullNode.repo, focus: { tab: 'cases', pull: pullNode.pull.number } };
  }
  const fromNode = repoOfNode(arg as RepoNodeLike | undefined);
  if (fromNode.owner && fromNode.name) return { owner: fromNode.owner, name: fromNode.name };
  return active.value ? { owner: active.value.owner, name: active.value.name } : undefined;
}

export function insightsCommands(
  panels: WebviewPanels<WebviewToHost, HostToWebview>,
  session: HostingSession,
  active: ActiveRepository,
  focusAsked: Map<string, Focus>,
): Record<InsightsCommandId, CommandHandler> {
  return {
    'repodesk.insights.show': (arg?: unknown) => {
      const target = targetOf(arg, active);
      if (!target) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Select a repository first.'));
        return undefined;
      }
      // With several accounts the panel is the account's: a row of an account's group names it, else the one in use
      // (the active repository's); its statistics and cases are read with it (the cases from its service's engagement service).
      const accountId = session.accounts.length > 1 ? (accountOfRow(arg) ?? session.account?.id) : undefined;
      const key = panelKey(target.owner, target.name, accountId);
      const { hosted, created } = panels.show(key, vscode.l10n.t('Insights: {0}/{1}', target.owner, target.name));
      if (target.focus) {
        if (created) focusAsked.set(key, target.focus);
        else void hosted.post({ type: 'focus', ...target.focus });
      }
      return key;
    },
  };
}
