// Webhooks: the Webhooks group under each repository of the Repositories view
// (the service lists hooks for admins only: a refusal shows its message
// once, as Deploy Keys do), creating, editing, testing, pinging and deleting
// a hook, and the payload of a recent delivery. Each command also takes its
// answers as a plain object argument.
import * as vscode from 'vscode';
import type { Hook, HookService } from '../../hosting';
import { givenAnswers } from '../shared/commandArgs';
import { showFailure } from '../shared/failure';
import type { HostingSession } from '../shared/session/hostingSession';
import type { RepoTarget } from '../shared/session/require';
import { changeList, listOf, type ScopedRefusal } from '../shared/tree/listChange';
import { confirm, RefusedLists, withNotification, type RepositoryChildProvider } from '../shared/tree/repositoryLists';
import { DeliveryNode, HookNode, hooksGroup } from './hookNodes';
import type { HookAnswers, HookEdit } from './hookQuestions';

// The flows' code loads on first use, not at activation.
const questions = () => import('./hookQuestions.js');

export function registerHooks(context: vscode.ExtensionContext, session: HostingSession): RepositoryChildProvider {
  // Refusals (no admin rights) are asked again on retry, on the user's
  // refresh, or with another account; not on every background refresh.
  const refused = new RefusedLists();
  const t = (r: RepoTarget) => [r.owner, r.repo] as const;
  // The repo scope covers the hook scopes; with it, a refusal means no admin rights.
  const refusal = (r: RepoTarget, task: (r: RepoTarget) => Promise<unknown>): ScopedRefusal => ({
    hint: vscode.l10n.t('Webhooks need admin rights on the repository and the repo (or admin:repo_hook) scope.'),
    scope: 'repo',
    retry: (client) => task({ ...r, client }),
  });
  const services = async (r: RepoTarget): Promise<HookService[] | undefined> => {
    try {
      return await withNotification(vscode.l10n.t('Reading the webhook services…'), () => r.client.hooks.listServices());
    } catch (err) {
      showFailure(vscode.l10n.t('Could not read the webhook services'), err);
      return undefined;
    }
  };

  context.subscriptions.push(
    session.onDidChange(() => refused.clear()),
    vscode.commands.registerCommand('repodesk.repo.hooks.create', async (node?: unknown, given?: unknown) => {
      const group = listOf<Hook>(node, 'hooks');
      if (!group) return undefined;
      const r = group.target;
      let answers = givenAnswers<HookAnswers>(given);
      let secret: string | undefined;
      if (!answers) {
        const list = await services(r);
        const asked = list && await (await questions()).askNewHook(list);
        if (!asked) return undefined;
        answers = asked.answers;
        secret = asked.generatedSecret;
      }
      const input = answers;
      const create = (x: RepoTarget) => x.client.hooks.create(...t(x), input);
      const result = await changeList(session, group, vscode.l10n.t('Creating the {0} webhook…', input.name), vscode.l10n.t('Could not create the webhook'), () => create(r), refusal(r, create));
      if (result && secret) {
        // Shown nowhere: the receiver needs it once, from the clipboard.
        await vscode.env.clipboard.writeText(secret);
        void vscode.window.showInformationMessage(vscode.l10n.t('Webhook created. Its generated secret is on the clipboard; RepoDesk does not show it again.'));
      } else if (result) {
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Webhook created.'), 4000);
      }
      return result;
    }),
    vscode.commands.registerCommand('repodesk.repo.hooks.edit', async (node?: unknown, given?: unknown) => {
      if (!(node instanceof HookNode)) return undefined;
      const r = node.group.target;
      let change = givenAnswers<HookEdit>(given);
      let secret: string | undefined;
      if (!change) {
        const service = (await services(r))?.find((s) => s.name === node.hook.name);
        const asked = service && await (await questions()).askHookEdit(node.hook, service);
        if (!asked) return undefined;
        change = asked.change;
        secret = asked.generatedSecret;
      }
      const edit = change;
      const update = (x: RepoTarget) => x.client.hooks.update(...t(x), node.hook.id, edit);
      const result = await changeList(session, node.group, vscode.l10n.t('Saving the webhook {0}…', node.title), vscode.l10n.t('Could not change the webhook {0}', node.title), () => update(r), refusal(r, update));
      if (result && secret) {
        await vscode.env.clipboard.writeText(secret);
        void vscode.window.showInformationMessage(vscode.l10n.t('Webhook saved. Its new generated secret is on the clipboard; RepoDesk does not show it again.'));
      }
      return result;
    }),
    vscode.commands.registerCommand('repodesk.repo.hooks.test', async (node?: unknown) => {
      if (!(node instanceof HookNode)) return undefined;
      const r = node.group.target;
      const test = (x: RepoTarget) => x.client.hooks.test(...t(x), node.hook.id);
      const result = await changeList(session, node.group, vscode.l10n.t('Sending a test push to {0}…', node.title), vscode.l10n.t('Could not test the webhook {0}', node.title), () => test(r), refusal(r, test));
      if (result) void vscode.window.setStatusBarMessage(vscode.l10n.t('Test push sent to {0}.', node.title), 4000);
      return result;
    }),
    vscode.commands.registerCommand('repodesk.repo.hooks.ping', async (node?: unknown) => {
      if (!(node instanceof HookNode)) return undefined;
      const r = node.group.target;
      const ping = (x: RepoTarget) => x.client.hooks.ping(...t(x), node.hook.id);
      const result = await changeList(session, node.group, vscode.l10n.t('Pinging {0}…', node.title), vscode.l10n.t('Could not ping the webhook {0}', node.title), () => ping(r), refusal(r, ping));
      if (result) void vscode.window.setStatusBarMessage(vscode.l10n.t('Ping sent to {0}.', node.title), 4000);
      return result;
    }),
    vscode.commands.registerCommand('repodesk.repo.hooks.delete', async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof HookNode)) return undefined;
      const r = node.group.target;
      if (confirmed !== true && !await confirm(vscode.l10n.t('Delete the webhook {0}?', node.title), vscode.l10n.t('Delete Webhook'), vscode.l10n.t('Nothing is delivered to it any more; its delivery log goes with it.'))) return undefined;
      const remove = (x: RepoTarget) => x.client.hooks.delete(...t(x), node.hook.id);
      return changeList(session, node.group, vscode.l10n.t('Deleting the webhook {0}…', node.title), vscode.l10n.t('Could not delete the webhook {0}', node.title), () => remove(r), refusal(r, remove));
    }),
    // The emulator's delivery log: the request as sent (headers, payload) and the receiver's response.
    vscode.commands.registerCommand('repodesk.repo.hooks.openDelivery', async (node?: unknown) => {
      if (!(node instanceof DeliveryNode)) return undefined;
      const r = node.hookNode.group.target;
      try {
        const detail = await withNotification(vscode.l10n.t('Reading the delivery…'), () => r.client.hooks.getDelivery(...t(r), node.hookNode.hook.id, node.delivery.id));
        const shown = { event: detail.event, guid: detail.guid, state: detail.state, status: detail.status, status_code: detail.status_code, created_at: detail.created_at, request: detail.request, response: detail.response };
        const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(shown, null, 2)}\n` });
        await vscode.window.showTextDocument(doc, { preview: true });
        return detail;
      } catch (err) {
        showFailure(vscode.l10n.t('Could not read the delivery'), err);
        return undefined;
      }
    }),
  );
  return {
    children: (target, _repo, baseId, onChanged) => [hooksGroup(target, baseId, onChanged, refused)],
    userRefreshed: () => refused.clear(),
  };
}
