// The Insights pages' test seams, registered only in ExtensionMode.Test and
// loaded then: their code is not read at activation. Each page's messages are
// kept with its panel, so a page closed and opened again under its key never
// shows the closed one's.
import * as vscode from 'vscode';
import type { HostToWebview, WebviewToHost } from './model/messages';

interface Panels {
  get(key: string): object | undefined;
  receiveFor(key: string, message: unknown): void;
}

export function registerInsightsTestSeams(
  context: vscode.ExtensionContext,
  panels: Panels,
  seen: WeakMap<object, { posted: HostToWebview[]; received: WebviewToHost[] }>,
): void {
  const listsOf = (key: string) => {
    const open = panels.get(key);
    return open && seen.get(open);
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.testing.insights.posted', (key: string) => listsOf(key)?.posted ?? []),
    vscode.commands.registerCommand('repodesk.testing.insights.received', (key: string) => listsOf(key)?.received ?? []),
    vscode.commands.registerCommand('repodesk.testing.insights.send', (key: string, message: unknown) => panels.receiveFor(key, message)),
  );
}
