// "RepoDesk: Show Insights": a panel per repository with its statistics as
// charts and the support cases linked to it. From the palette (the active
// repository), a repository's context menu and inline action, and a pull
// request's context menu (the Cases tab, filtered to that pull request).
import * as vscode from 'vscode';
import { NoteDrafts } from './noteDrafts';
import type { HostToWebview, WebviewToHost } from './model/messages';
import { givenAnswers } from '../shared/commandArgs';
import type { Logger } from '../shared/log/outputLog';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { EngagementSession } from '../shared/session/engagementSession';
import type { HostingSession } from '../shared/session/hostingSession';
import { repoOfNode, type RepoNodeLike } from '../shared/tree/repositoryNodeShape';
import { WebviewPanels } from '../shared/panels/webviewPanels';
import type { Focus } from './insightsPanel';
import { panelKey } from './panelKey';

const INSIGHTS_VIEW_TYPE = 'repodesk.insights';

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

export function registerInsights(
  context: vscode.ExtensionContext,
  log: Logger,
  session: HostingSession,
  engagement: EngagementSession,
  active: ActiveRepository,
): void {
  const focusAsked = new Map<string, Focus>();
  const posted = new Map<string, HostToWebview[]>();
  const received = new Map<string, WebviewToHost[]>();
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const noteDrafts = new NoteDrafts(context.workspaceState);
  const panels = new WebviewPanels<WebviewToHost, HostToWebview>(
    context,
    log,
    {
      viewType: INSIGHTS_VIEW_TYPE,
      script: 'insights.js',
      styles: ['codicon.css', 'insights.css'],
      icon: vscode.Uri.joinPath(context.extensionUri, 'media', 'repodesk.svg'),
      messages: () => import('./model/messages.js').then((m) => ({ incoming: m.webviewToHost, outgoing: m.hostToWebview })),
    },
    // The panel's code loads with the first panel, not at activation.
    async (hosted) => {
      const { startInsightsPanel } = await import('./insightsPanel.js');
      const started = startInsightsPanel(hosted, {
        session,
        engagement,
        log,
        noteDrafts,
        takeFocus: (key) => {
          const f = focusAsked.get(key);
          focusAsked.delete(key);
          return f;
        },
      });
      if (!testing) return started;
      // Test seam: what the host posted to this panel, and what its page sent.
      posted.set(hosted.key, []);
      received.set(hosted.key, []);
      return vscode.Disposable.from(
        started,
        hosted.onDidPost((m) => posted.get(hosted.key)?.push(m)),
        hosted.onMessage((m) => received.get(hosted.key)?.push(m)),
      );
    },
  );
  context.subscriptions.push(
    panels,
    vscode.commands.registerCommand('repodesk.insights.show', (arg?: unknown) => {
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
    }),
  );
  if (testing) {
    context.subscriptions.push(
      vscode.commands.registerCommand('repodesk.testing.insights.posted', (key: string) => posted.get(key) ?? []),
      vscode.commands.registerCommand('repodesk.testing.insights.received', (key: string) => received.get(key) ?? []),
      vscode.commands.registerCommand('repodesk.testing.insights.send', (key: string, message: unknown) => panels.get(key)?.receive(message)),
    );
  }
}
