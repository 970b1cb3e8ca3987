// The panel host every webview shares (src/features/shared/panels/webviewPanels.ts):
// what the host posts before its page has said 'ready' would be lost (the
// page has no listener yet), so it waits and follows the host's answer to
// 'ready'; after that, posts go at once.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { WebviewPanels, type HostedPanel } from '../../src/features/shared/panels/webviewPanels';
import type { Logger } from '../../src/features/shared/log/outputLog';

type In = { type: 'ready' } | { type: 'ping' };
type Out = { type: 'init' } | { type: 'early'; n: number } | { type: 'late' };

const incoming = z.union([z.object({ type: z.literal('ready') }), z.object({ type: z.literal('ping') })]);
const outgoing = z.union([z.object({ type: z.literal('init') }), z.object({ type: z.literal('early'), n: z.number() }), z.object({ type: z.literal('late') })]);
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;

describe('Webview panels: messages posted before the page is ready', function () {
  this.timeout(20_000);
  let panels: WebviewPanels<In, Out> | undefined;
  afterEach(() => panels?.dispose());

  it('wait, and follow what the host answers to ready (init first); later posts go at once', async () => {
    const extension = vscode.extensions.getExtension('repodesk.repodesk')!;
    const context = { extensionUri: extension.extensionUri, subscriptions: [] } as unknown as vscode.ExtensionContext;
    const earlyDelivered: Array<Promise<boolean>> = [];
    let started!: () => void;
    const featureStarted = new Promise<void>((resolve) => (started = resolve));
    panels = new WebviewPanels<In, Out>(
      context,
      quiet,
      { viewType: 'repodesk.test.panelHost', script: 'none.js', styles: [], messages: () => ({ incoming, outgoing }) },
      (hosted) => {
        // As a feature does: its reads start with the panel and post what they find.
        earlyDelivered.push(hosted.post({ type: 'early', n: 1 }), hosted.post({ type: 'early', n: 2 }));
        started();
        return hosted.onMessage((m) => {
          if (m.type === 'ready') void hosted.post({ type: 'init' });
        });
      },
    );
    const { hosted } = panels.show('one', 'Panel host test');
    const seen: Out[] = [];
    (hosted as HostedPanel<In, Out>).onDidPost((m) => seen.push(m));
    await featureStarted;
    // Every task queued so far has run (a macrotask comes after them): still nothing.
    await new Promise((r) => setTimeout(r, 0));
    assert.deepEqual(seen, [], 'nothing is posted before the page says ready');

    hosted.receive({ type: 'ready' });
    assert.deepEqual(seen, [{ type: 'init' }, { type: 'early', n: 1 }, { type: 'early', n: 2 }]);
    assert.equal((await Promise.all(earlyDelivered)).length, 2, 'the held posts settle once delivered');

    await hosted.post({ type: 'late' });
    assert.deepEqual(seen.at(-1), { type: 'late' });
    // A second 'ready' (the page loaded again) holds nothing back.
    hosted.receive({ type: 'ready' });
    assert.deepEqual(seen.slice(-2), [{ type: 'late' }, { type: 'init' }]);
  });

  it('start the feature after the turn that made the panel: its code is not compiled before the panel and its page are sent', async () => {
    const extension = vscode.extensions.getExtension('repodesk.repodesk')!;
    const context = { extensionUri: extension.extensionUri, subscriptions: [] } as unknown as vscode.ExtensionContext;
    const steps: string[] = [];
    let started!: () => void;
    const featureStarted = new Promise<void>((resolve) => (started = resolve));
    panels = new WebviewPanels<In, Out>(
      context,
      quiet,
      {
        viewType: 'repodesk.test.panelHost',
        script: 'none.js',
        styles: [],
        messages: () => {
          steps.push('schemas read');
          return { incoming, outgoing };
        },
      },
      () => {
        steps.push('feature started');
        started();
        return new vscode.Disposable(() => undefined);
      },
    );
    // The page's writer read first, as a click some time after start-up finds it.
    await panels.prepare();
    // VS Code's extension host sends what a turn asked of it on a timer set in that turn: set before the panel,
    // this one stands for it (a timer set later fires after it).
    const sent = new Promise<void>((resolve) =>
      setTimeout(() => {
        steps.push('turn sent');
        resolve();
      }, 0),
    );
    panels.show('one', 'Panel host test');
    // The turn's promise callbacks, many levels deep, are part of the same turn.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    steps.push('turn ended');
    await sent;
    await featureStarted;
    assert.deepEqual(steps, ['turn ended', 'turn sent', 'schemas read', 'feature started']);
  });
});
