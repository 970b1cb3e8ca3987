// The overview's test seams, registered only in ExtensionMode.Test and loaded
// then: their code is not read at activation.
import * as vscode from 'vscode';
import type { HostToWebview, WebviewToHost } from './model/messages';
import type { WebviewPanels } from '../shared/panels/webviewPanels';
import type { OverviewPage } from './overviewPanel';
import { overviewKey } from './overviewKey';

export interface OverviewSeams {
  /** The open page of `key`: what the host posted to it, and each time it was shown again whether it read again. */
  listsOf(key: string): { posted: readonly HostToWebview[]; shown: readonly boolean[] } | undefined;
  kept: { clear(): void };
  panels: WebviewPanels<WebviewToHost, HostToWebview>;
  pages: ReadonlySet<OverviewPage>;
  /** Sets how old a page's reading may be when it is shown again; returns what it was. */
  setRereadShownAfter(ms: number): number;
}

export function registerOverviewTestSeams(context: vscode.ExtensionContext, seams: OverviewSeams): void {
  const { listsOf, kept, panels, pages } = seams;
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.testing.pullOverview.rereadShownAfter', (ms: number) => seams.setRereadShownAfter(ms)),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.posted', (key: string) => listsOf(key)?.posted ?? []),
    // What the page was given in its HTML: its first messages, and the HTML itself (its heading).
    vscode.commands.registerCommand('repodesk.testing.pullOverview.given', (key: string) => panels.get(key)?.given ?? []),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.html', (key: string) => panels.get(key)?.panel.webview.html),
    // The pages kept forgotten, so that the next page opened is a first one.
    vscode.commands.registerCommand('repodesk.testing.pullOverview.forgetKept', () => kept.clear()),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.shown', (key: string) => listsOf(key)?.shown ?? []),
    vscode.commands.registerCommand('repodesk.testing.pullOverview.send', (key: string, message: unknown) => panels.get(key)?.receive(message)),
    // Reads the page again as the background refresh does, and resolves when done.
    vscode.commands.registerCommand('repodesk.testing.pullOverview.reload', (key: string) => [...pages].find((p) => overviewKey(p.key) === key)?.reload(true)),
  );
}
