// What the overview page's test seam hands the integration tests: the
// messages the host posted to a page, a message sent as the page would, the
// page's latest model, and the answer to a comment request.
import * as vscode from 'vscode';
import type { HostToWebview, PageModel } from '../../src/features/pullOverview/model/messages';
import { waitFor } from './views-support';

export const posted = async (key: string) => (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.pullOverview.posted', key)) ?? [];
export const send = (key: string, message: unknown) => vscode.commands.executeCommand('repodesk.testing.pullOverview.send', key, message);

/** The latest model posted after the first `after` messages that passes `check`. */
export async function model(key: string, what: string, check: (m: PageModel) => boolean = () => true, after = 0): Promise<PageModel> {
  return waitFor(
    what,
    async () => {
      // A page drawn before its conversation was read is not the page yet.
      const models = (await posted(key)).slice(after).flatMap((m) => (m.type === 'model' && !m.model.conversation.loading ? [m.model] : []));
      const last = models[models.length - 1];
      return last && check(last) ? last : undefined;
    },
    // code-server's webview service worker can hold a page created just after another panel's for about
    // 30 s (seen in CI right after the pending-review suite): the page comes, later.
    60_000,
  );
}

export async function commentDone(key: string, request: number, after: number): Promise<Extract<HostToWebview, { type: 'commentDone' }>> {
  return waitFor(`the answer to request ${request}`, async () =>
    (await posted(key)).slice(after).find((m): m is Extract<HostToWebview, { type: 'commentDone' }> => m.type === 'commentDone' && m.request === request),
  );
}
