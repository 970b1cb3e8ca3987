// The overview's test seams, registered only in ExtensionMode.Test and loaded
// then: their code is not read at activation.
import * as vscode from 'vscode';
import type { HostToWebview, WebviewToHost } from './model/messages';
import type { HostedPanel, WebviewPanels } from '../shared/panels/webviewPanels';
import type { OverviewDeps, OverviewPage } from './overviewPanel';
import { overviewKey } from './overviewKey';
import type { KeptPages } from './keptPages';
import type { HostingSession } from '../shared/session/hostingSession';
import type { Logger } from '../shared/log/outputLog';
import type { OverviewTiming } from './registerPullOverview';

/** Sets `timing[name]` to `ms`; returns what it was. */
function setTiming(timing: OverviewTiming, name: keyof OverviewTiming, ms: number): number {
  const before = timing[name];
  timing[name] = ms;
  return before;
}

export interface OverviewSeams {
  /** The pages kept for a page opened again, once the first page has started. */
  kept: () => KeptPages | undefined;
  /** The kept pages, read (from memory and disk) if they are not yet. */
  keptPages(): Promise<KeptPages>;
  /** The overview's waits, which the seams set. */
  timing: OverviewTiming;
  /** Forgets the kept pages as a new window starts: none read, from memory or disk, until a page asks. */
  forgetWindow(): void;
  session: HostingSession;
  log: Logger;
  panels: WebviewPanels<WebviewToHost, HostToWebview>;
  pages: ReadonlySet<OverviewPage>;
}

/** Watches a page as it starts, for the seams; what it adds to the page's deps. */
export type WatchPage = (hosted: HostedPanel<WebviewToHost, HostToWebview>) => Pick<OverviewDeps, 'onShown'>;

export function registerOverviewTestSeams(context: vscode.ExtensionContext, seams: OverviewSeams): WatchPage {
  const { kept, panels, pages } = seams;
  // What the host posted to each page, and each time it was shown again whether it read again. Kept by panel, not by
  // key: a page closed and opened again under its key has lists of its own from its creation (its start waits for the page).
  const seen = new WeakMap<object, { posted: HostToWebview[]; shown: boolean[] }>();
  const listsOf = (key: string) => {
    const open = panels.get(key);
    return open && seen.get(open);
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.testing.pullOverview.rereadShownAfter', (ms: number) => setTiming(seams.timing, 'rereadShownAfterMs', ms)),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.posted', (key: string) => listsOf(key)?.posted ?? []),
    // What the page was given in its HTML: its first messages, and the HTML itself (its heading).
    vscode.commands.registerCommand('repodesk.testing.pullOverview.given', (key: string) => panels.get(key)?.given ?? []),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.html', (key: string) => panels.get(key)?.panel.webview.html),
    // The pages kept forgotten, in memory and on disk, so that the next page opened is a first one.
    vscode.commands.registerCommand('repodesk.testing.pullOverview.forgetKept', async () => {
      const account = seams.session.account?.id;
      const pages = await seams.keptPages();
      if (account) await pages.forgetAccount(account);
      else pages.clear();
    }),
    // As in a window just started: the kept pages not read yet (they are read a moment after start-up, or by a page).
    vscode.commands.registerCommand('repodesk.testing.pullOverview.asNewWindow', () => seams.forgetWindow()),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.keptPageWait', (ms: number) => setTiming(seams.timing, 'keptPageWaitMs', ms)),
    // The page's drawing the host keeps for the next page of the key (its markup), if any.
    vscode.commands.registerCommand('repodesk.testing.pullOverview.keptDrawing', (key: string) => kept()?.firstDrawing(key)),
    // The drawing a later window would read from disk for the key (its pages read as at its start).
    vscode.commands.registerCommand('repodesk.testing.pullOverview.keptDrawingOnDisk', async (key: string) => {
      const later = (await import('./keptPageFiles.js')).openKeptPages(context, seams.session, seams.log);
      await later.load();
      return later.firstDrawing(key);
    }),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.shown', (key: string) => listsOf(key)?.shown ?? []),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.send', (key: string, message: unknown) => panels.get(key)?.receive(message)),
    // Reads the page again as the background refresh does, and resolves when done.
    vscode.commands.registerCommand('repodesk.testing.pullOverview.reload', (key: string) => [...pages].find((p) => overviewKey(p.key) === key)?.reload(true)),
  );
  return (hosted) => {
    const lists = { posted: [] as HostToWebview[], shown: [] as boolean[] };
    seen.set(hosted, lists);
    hosted.onDidPost((m) => lists.posted.push(m));
    return { onShown: (reread) => lists.shown.push(reread) };
  };
}
