// One Insights panel: a repository's statistics and the support cases linked
// to it. The webview asks, this host answers (it alone holds the sessions).
import * as vscode from 'vscode';
import type { HostToWebview, InsightsTab, WebviewToHost } from './model/messages';
import type { HostedPanel } from '../shared/panels/webviewPanels';
import type { HostingSession } from '../shared/session/hostingSession';
import type { EngagementSession } from '../shared/session/engagementSession';
import type { Logger } from '../shared/log/outputLog';
import { CasesController } from './casesController';
import { NoteDrafts } from './noteDrafts';
import type { QueuedNotes } from './queuedNotes/queuedNotes';
import { loadStatistics } from './statisticsLoader';
import { insightsStrings } from './insightsStrings';
import { parsePanelKey } from './panelKey';
import { casesSource, type CasesSource } from '../shared/session/casesSource';

export interface Focus {
  tab: InsightsTab;
  pull: number | null;
}

export interface PanelDeps {
  session: HostingSession;
  engagement: EngagementSession;
  log: Logger;
  /** Where the command that opened the panel asked it to go, taken once. */
  takeFocus(key: string): Focus | undefined;
  /** The workspace's storage, where the cases' unsent notes are kept (noteDrafts.ts). */
  state: vscode.Memento;
  /** The notes that got no answer, loaded on first use. */
  queuedNotes: () => Promise<QueuedNotes>;
}

export function startInsightsPanel(hosted: HostedPanel<WebviewToHost, HostToWebview>, deps: PanelDeps): vscode.Disposable {
  const repo = parsePanelKey(hosted.key);
  if (!repo) {
    hosted.panel.dispose();
    return new vscode.Disposable(() => undefined);
  }
  const { owner, name } = repo;
  hosted.panel.title = vscode.l10n.t('Insights: {0}/{1}', owner, name);
  let disposed = false;
  // Posted before the page said 'ready', a message waits in the panel host and follows the 'init'.
  const post = (m: HostToWebview) => {
    if (!disposed) void hosted.post(m).catch((err: unknown) => deps.log.debug(`Insights post: ${String(err)}`));
  };
  // The statistics are read with the account the panel was opened under (its key's, else the one in use), also after a switch.
  const accountId = repo.accountId ?? deps.session.account?.id;
  // The cases come from the engagement service of that account's hosting service.
  const source = (): CasesSource => casesSource(deps.session.accounts.find((a) => a.id === accountId)?.apiUrl ?? deps.session.accounts[0]?.apiUrl);
  const queue = {
    take: async (...args: Parameters<QueuedNotes['take']>) => (await deps.queuedNotes()).take(...args),
    answered: (service: string) => void deps.queuedNotes().then((q) => q.answered(service)),
  };
  const noteDrafts = new NoteDrafts(deps.state);
  const cases = new CasesController(owner, name, deps.engagement, post, deps.log, noteDrafts, source, queue);
  // The queued notes of the panel's engagement service, drawn in their cases' notes (again at each change).
  const postQueued = (q: QueuedNotes) => {
    const where = source();
    const notes = 'serviceUrl' in where ? q.all().filter((n) => n.service === where.serviceUrl) : [];
    post({ type: 'queuedNotes', notes: notes.map(({ key, caseId, text, error }) => ({ key, caseId, text, ...(error === undefined ? {} : { error }) })) });
  };
  let queueWatch: vscode.Disposable | undefined;
  void deps.queuedNotes().then((q) => {
    if (disposed) return;
    queueWatch = q.onDidChange(() => postQueued(q));
    postQueued(q);
  });
  const refreshStats = () => loadStatistics(accountId === undefined ? deps.session.client : deps.session.clientFor(accountId), owner, name, post, deps.log);

  const handle = async (m: WebviewToHost): Promise<void> => {
    switch (m.type) {
      case 'ready': {
        post({ type: 'init', repo: { owner, name }, focus: deps.takeFocus(hosted.key), strings: insightsStrings(), locale: vscode.env.language });
        // A page loaded again (a reload) knows none of them.
        void deps.queuedNotes().then(postQueued);
        // The first read started with the panel, while the webview booted: what it has drawn is sent, the rest follows.
        const first = firstRead;
        firstRead = undefined;
        return first ?? refreshStats();
      }
      case 'retryStats':
        return refreshStats();
      case 'signIn': {
        const where = source();
        if ('serviceUrl' in where) await deps.engagement.signIn(where.serviceUrl);
        return;
      }
      case 'loadCases':
        return cases.load(m);
      case 'openCase':
        return cases.open(m.id);
      case 'createCase':
        await cases.create(m);
        return;
      case 'addNote':
        return cases.addNote(m);
      case 'noteDraft':
        return noteDrafts.set(m.id, m.text);
      case 'setState':
        return cases.setState(m);
      case 'queuedNote': {
        const q = await deps.queuedNotes();
        return m.action === 'copy' ? q.copy(m.key) : q.discard(m.key);
      }
      case 'changeTags':
        return cases.changeTags(m);
      case 'statsDrawn':
        deps.log.debug(`Insights ${owner}/${name}: every statistics card drawn`);
        return;
    }
  };

  // The statistics are read while the webview boots (its 'ready' comes hundreds of milliseconds later), not after.
  let firstRead: Promise<void> | undefined = refreshStats();
  return vscode.Disposable.from(
    hosted.onMessage((m) => void handle(m).catch((err: unknown) => deps.log.error(`Insights ${m.type}`, err))),
    deps.engagement.onDidChange(() => post({ type: 'refreshCases' })),
    { dispose: () => queueWatch?.dispose() },
    // Another engagement service named for the hosting service: the cases are read from it.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('repodesk.hosting.services')) post({ type: 'refreshCases' });
      // Another engagement service: its queued notes are drawn.
      if (e.affectsConfiguration('repodesk.hosting.services') || e.affectsConfiguration('repodesk.engagement')) void deps.queuedNotes().then(postQueued);
    }),
    deps.session.onDidChange(() => void refreshStats()),
    new vscode.Disposable(() => (disposed = true)),
  );
}
