// "RepoDesk: Show Insights": a panel per repository with its statistics as
// charts and the support cases linked to it. From the palette (the active
// repository), a repository's context menu and inline action, and a pull
// request's context menu (the Cases tab, filtered to that pull request).
import * as vscode from 'vscode';
import type { HostToWebview, WebviewToHost } from './model/messages';
import { WebviewPanels } from '../shared/panels/webviewPanels';
import type { Focus } from './insightsPanel';
import type { QueuedNotes } from './queuedNotes/queuedNotes';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const INSIGHTS_COMMANDS = ['repodesk.insights.show'] as const;
export type InsightsCommandId = (typeof INSIGHTS_COMMANDS)[number];

const INSIGHTS_VIEW_TYPE = 'repodesk.insights';
/** Where the case notes that got no answer wait, in workspace storage (a key of their own beside the note boxes' drafts, noteDrafts.ts). */
const QUEUED_NOTES_KEY = 'repodesk.insights.queuedNotes';

export function registerInsights({
  extension: context,
  log,
  session,
  engagement,
  active,
}: Pick<FeatureContext, 'extension' | 'log' | 'session' | 'engagement' | 'active'>): void {
  const focusAsked = new Map<string, Focus>();
  // Test seam: what the host posted to each panel and what its page sent, by panel: a key's panel closed and opened
  // again starts with none, even before its code has started.
  const seen = new WeakMap<object, { posted: HostToWebview[]; received: WebviewToHost[] }>();
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  // Case notes that got no answer: their code loads with the first, a panel, or at start when some wait (sent then).
  let queue: Promise<QueuedNotes> | undefined;
  const queuedNotes = () => (queue ??= import('./queuedNotes/queuedNotes.js').then((m) => m.startQueuedNotes(context, QUEUED_NOTES_KEY, engagement, log)));
  if (context.workspaceState.get(QUEUED_NOTES_KEY)) void queuedNotes();
  const panels = new WebviewPanels<WebviewToHost, HostToWebview>(
    context,
    log,
    {
      viewType: INSIGHTS_VIEW_TYPE,
      script: 'insights.js',
      styles: ['codicon.css'],
      inlineStyles: ['insights.css'],
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
        // The note boxes' drafts are kept there (noteDrafts.ts, made by the panel's code: activation stays small).
        state: context.workspaceState,
        queuedNotes,
        takeFocus: (key) => {
          const f = focusAsked.get(key);
          focusAsked.delete(key);
          return f;
        },
      });
      if (!testing) return started;
      const lists = { posted: [] as HostToWebview[], received: [] as WebviewToHost[] };
      seen.set(hosted, lists);
      return vscode.Disposable.from(
        started,
        hosted.onDidPost((m) => lists.posted.push(m)),
        hosted.onMessage((m) => lists.received.push(m)),
      );
    },
  );
  context.subscriptions.push(panels);
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, INSIGHTS_COMMANDS, () => import('./showInsights.js').then((m) => m.insightsCommands(panels, session, active, focusAsked)));

  // Test seams: their code loads only in a test run, not at activation.
  if (testing)
    void import('./insightsTestSeams.js').then((m) =>
      m.registerInsightsTestSeams(context, { get: (key) => panels.get(key), receiveFor: (key, message) => panels.get(key)?.receive(message) }, seen),
    );
}
