// The Create Pull Request form: Create Pull Request… with no answers opens it
// (repodesk.pulls.createForm, run by the Pull Requests feature's command). One
// form per repository, restored after a window reload with what was typed.
// Its code and message schemas load with the first form, not at activation.
import * as vscode from 'vscode';
import { WebviewPanels } from '../shared/panels/webviewPanels';
import type { FeatureContext } from '../shared/featureContext';
import type { HostToWebview, WebviewToHost } from './model/messages';

export function registerCreatePullForm({ extension: context, log, session, active }: Pick<FeatureContext, 'extension' | 'log' | 'session' | 'active'>): void {
  let loaded: Promise<typeof import('./formPanel.js')> | undefined;
  const load = () => (loaded ??= import('./formPanel.js'));
  const panels: WebviewPanels<WebviewToHost, HostToWebview> = new WebviewPanels(
    context,
    log,
    {
      viewType: 'repodesk.createPullForm',
      script: 'createPullForm.js',
      styles: [],
      inlineStyles: ['createPullForm.css'],
      messages: async () => (await load()).schemas,
    },
    async (hosted) => (await load()).startForm(hosted, context, session),
  );
  context.subscriptions.push(
    panels,
    vscode.commands.registerCommand('repodesk.pulls.createForm', async (arg?: unknown) => (await load()).openForm(panels, context, session, active, arg)),
  );
}
