// Webhooks' commands: create, edit, test, ping and delete a hook, and open a
// recent delivery. Loaded on first use (registerHooks.ts registers them).
import * as vscode from 'vscode';
import { collect, type Hook, type HookDelivery, type HookService } from '../../hosting';
import { added, changedWhere, removed, replaced } from '../../util/listEdits';
import { givenAnswers } from '../shared/commandArgs';
import { showFailure } from '../shared/failure';
import type { CommandHandler } from '../shared/lazyCommands';
import type { HostingSession } from '../shared/session/hostingSession';
import type { RepoTarget } from '../shared/session/require';
import { changeList, listOf, type ScopedRefusal } from '../shared/tree/listChange';
import { confirm, withNotification } from '../shared/tree/repositoryLists';
import type { DeliveryDocuments } from './deliveryDocuments';
import { hookKey, type LastDeliveries } from './hookNodes';
import { DeliveryNode, HookNode } from './hookRows';
import { askHookEdit, askNewHook, type HookAnswers, type HookEdit } from './hookQuestions';
import type { HookCommandId } from './registerHooks';

/** What the webhook commands share: the session, the delivery documents, and each hook's last delivery known. */
interface HookFlow {
  session: HostingSession;
  deliveries: DeliveryDocuments;
  lastDeliveries: LastDeliveries;
}

export function hookCommands(session: HostingSession, deliveries: DeliveryDocuments, lastDeliveries: LastDeliveries): Record<HookCommandId, CommandHandler> {
  const flow: HookFlow = { session, deliveries, lastDeliveries };
  return {
    'repodesk.repo.hooks.create': (node?: unknown, given?: unknown) => createHook(flow, node, given),
    'repodesk.repo.hooks.edit': (node?: unknown, given?: unknown) => editHook(flow, node, given),
    'repodesk.repo.hooks.test': (node?: unknown) => testHook(flow, node),
    'repodesk.repo.hooks.ping': (node?: unknown) => pingHook(flow, node),
    'repodesk.repo.hooks.delete': (node?: unknown, confirmed?: boolean) => deleteHook(flow, node, confirmed),
    'repodesk.repo.hooks.openDelivery': (node?: unknown) => openDelivery(flow, node),
  };
}

const t = (r: RepoTarget) => [r.owner, r.repo] as const;

// The repo scope covers the hook scopes; with it, a refusal means no admin rights.
function refusal(r: RepoTarget, task: (r: RepoTarget) => Promise<unknown>): ScopedRefusal {
  return {
    hint: vscode.l10n.t('Webhooks need admin rights on the repository and the repo (or admin:repo_hook) scope.'),
    scope: 'repo',
    retry: (client) => task({ ...r, client }),
  };
}

async function services(r: RepoTarget): Promise<HookService[] | undefined> {
  try {
    return await withNotification(vscode.l10n.t('Reading the webhook services…'), () => r.client.hooks.listServices());
  } catch (err) {
    showFailure(vscode.l10n.t('Could not read the webhook services'), err);
    return undefined;
  }
}

async function createHook(flow: HookFlow, node?: unknown, given?: unknown) {
  const group = listOf<Hook>(node, 'hooks');
  if (!group) return undefined;
  const r = group.target;
  let answers = givenAnswers<HookAnswers>(given);
  let secret: string | undefined;
  if (!answers) {
    const list = await services(r);
    const asked = list && (await askNewHook(list));
    if (!asked) return undefined;
    answers = asked.answers;
    secret = asked.generatedSecret;
  }
  const input = answers;
  const create = (x: RepoTarget) => x.client.hooks.create(...t(x), input);
  const result = await changeList(
    flow.session,
    group,
    vscode.l10n.t('Creating the {0} webhook…', input.name),
    vscode.l10n.t('Could not create the webhook'),
    () => create(r),
    refusal(r, create),
    (hook) => {
      // A new hook has no delivery known (the service may give it a deleted hook's id).
      flow.lastDeliveries.delete(hookKey(hook));
      return added(hook);
    },
  );
  if (result && secret) {
    // Shown nowhere: the receiver needs it once, from the clipboard.
    await vscode.env.clipboard.writeText(secret);
    void vscode.window.showInformationMessage(vscode.l10n.t('Webhook created. Its generated secret is on the clipboard; RepoDesk does not show it again.'));
  } else if (result) {
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Webhook created.'), 4000);
  }
  return result;
}

async function editHook(flow: HookFlow, node?: unknown, given?: unknown) {
  if (!(node instanceof HookNode)) return undefined;
  const r = node.group.target;
  let change = givenAnswers<HookEdit>(given);
  let secret: string | undefined;
  if (!change) {
    const service = (await services(r))?.find((s) => s.name === node.hook.name);
    const asked = service && (await askHookEdit(node.hook, service));
    if (!asked) return undefined;
    change = asked.change;
    secret = asked.generatedSecret;
  }
  const edit = change;
  const update = (x: RepoTarget) => x.client.hooks.update(...t(x), node.hook.id, edit);
  const result = await changeList(
    flow.session,
    node.group,
    vscode.l10n.t('Saving the webhook {0}…', node.title),
    vscode.l10n.t('Could not change the webhook {0}', node.title),
    () => update(r),
    refusal(r, update),
    (hook) => replaced(hook),
  );
  if (result && secret) {
    await vscode.env.clipboard.writeText(secret);
    void vscode.window.showInformationMessage(vscode.l10n.t('Webhook saved. Its new generated secret is on the clipboard; RepoDesk does not show it again.'));
  }
  return result;
}

async function testHook(flow: HookFlow, node?: unknown) {
  if (!(node instanceof HookNode)) return undefined;
  const r = node.group.target;
  const test = (x: RepoTarget) => x.client.hooks.test(...t(x), node.hook.id);
  const result = await changeList(
    flow.session,
    node.group,
    vscode.l10n.t('Sending a test push to {0}…', node.title),
    vscode.l10n.t('Could not test the webhook {0}', node.title),
    () => test(r),
    refusal(r, test),
  );
  if (result) void vscode.window.setStatusBarMessage(vscode.l10n.t('Test push sent to {0}.', node.title), 4000);
  return result;
}

async function pingHook(flow: HookFlow, node?: unknown) {
  if (!(node instanceof HookNode)) return undefined;
  const r = node.group.target;
  const hookId = node.hook.id;
  // The ping is delivered after the service's answer: the newest delivery
  // before it tells the ping's own from the earlier ones.
  const ping = async (x: RepoTarget): Promise<HookDelivery | undefined> => {
    const before = (await collect(x.client.hooks.listDeliveries(...t(x), hookId), 1))[0]?.id ?? 0;
    await x.client.hooks.ping(...t(x), hookId);
    // The emulator's delivery log records web hooks only.
    return node.hook.name === 'web' ? deliveryAfter(x, hookId, before) : undefined;
  };
  let pinged: HookDelivery | undefined;
  const result = await changeList(
    flow.session,
    node.group,
    vscode.l10n.t('Pinging {0} and waiting for its answer…', node.title),
    vscode.l10n.t('Could not ping the webhook {0}', node.title),
    () => ping(r),
    refusal(r, ping),
    (delivery) => {
      pinged = delivery;
      if (delivery) flow.lastDeliveries.set(hookKey(node.hook), delivery);
      return changedWhere(
        (h) => h.id === hookId,
        (h) => (delivery ? { ...h, last_response: lastResponseOf(delivery) } : h),
      );
    },
  );
  if (result) sayPingOutcome(node.title, pinged, node.hook.name === 'web');
  return result;
}

async function deleteHook(flow: HookFlow, node?: unknown, confirmed?: boolean) {
  if (!(node instanceof HookNode)) return undefined;
  const r = node.group.target;
  if (
    confirmed !== true &&
    !(await confirm(
      vscode.l10n.t('Delete the webhook {0}?', node.title),
      vscode.l10n.t('Delete Webhook'),
      vscode.l10n.t('Nothing is delivered to it any more; its delivery log goes with it.'),
    ))
  )
    return undefined;
  const remove = (x: RepoTarget) => x.client.hooks.delete(...t(x), node.hook.id);
  return changeList(
    flow.session,
    node.group,
    vscode.l10n.t('Deleting the webhook {0}…', node.title),
    vscode.l10n.t('Could not delete the webhook {0}', node.title),
    () => remove(r),
    refusal(r, remove),
    () => {
      flow.lastDeliveries.delete(hookKey(node.hook));
      return removed(node.hook.id);
    },
  );
}

// The emulator's delivery log: the request as sent (headers, payload) and the receiver's response.
async function openDelivery(flow: HookFlow, node?: unknown) {
  if (!(node instanceof DeliveryNode)) return undefined;
  const r = node.hookNode.group.target;
  try {
    const detail = await withNotification(vscode.l10n.t('Reading the delivery…'), () =>
      r.client.hooks.getDelivery(...t(r), node.hookNode.hook.id, node.delivery.id),
    );
    const shown = {
      event: detail.event,
      guid: detail.guid,
      state: detail.state,
      status: detail.status,
      status_code: detail.status_code,
      created_at: detail.created_at,
      request: detail.request,
      response: detail.response,
    };
    const uri = flow.deliveries.uriFor(r.owner, r.repo, node.hookNode.hook.id, node.delivery.id, detail.event);
    flow.deliveries.show(uri, `${JSON.stringify(shown, null, 2)}\n`);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
    return detail;
  } catch (err) {
    showFailure(vscode.l10n.t('Could not read the delivery'), err);
    return undefined;
  }
}

/**
 * How often, and how many times, a ping's delivery is looked for before the
 * user is told it has no answer yet: 20 s, past the 10 s the emulator gives a
 * receiver before it counts the try as failed, so that a slow receiver's
 * outcome (its answer, or the try given up) is what the user is told.
 */
const PING_LOOK_EVERY_MS = 500;
const PING_LOOKS = 40;

/** The first delivery newer than `before` once the receiver has answered (or the service gave up a try), or undefined after PING_LOOKS looks. */
async function deliveryAfter(r: RepoTarget, hookId: number, before: number): Promise<HookDelivery | undefined> {
  let seen: HookDelivery | undefined;
  for (let look = 0; look < PING_LOOKS; look++) {
    const newer = (await collect(r.client.hooks.listDeliveries(r.owner, r.repo, hookId), 10)).filter((d) => d.id > before && d.event === 'ping');
    seen = newer[newer.length - 1] ?? seen;
    if (seen && (seen.state !== 'pending' || seen.attempts > 0)) return seen;
    await new Promise((resolve) => setTimeout(resolve, PING_LOOK_EVERY_MS));
  }
  return seen;
}

/** The hook's last response as the service words it, from a delivery. */
function lastResponseOf(d: HookDelivery): Hook['last_response'] {
  return { code: d.status_code ?? null, status: d.state === 'delivered' ? 'active' : d.state === 'pending' ? 'unused' : 'failed', message: d.status ?? null };
}

/** The ping's outcome, with the delivery's status (`recorded`: the service keeps the hook's deliveries). */
function sayPingOutcome(title: string, d: HookDelivery | undefined, recorded: boolean): void {
  const answer = d ? [d.status_code ?? undefined, d.status ?? undefined].filter((x) => x !== undefined).join(' ') : '';
  if (!recorded) {
    // Only web hooks' deliveries are recorded: there is no answer to wait for.
    void vscode.window.showInformationMessage(vscode.l10n.t('Ping sent to {0}.', title));
  } else if (!d || (d.state === 'pending' && d.attempts === 0)) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Ping sent to {0}; the receiver has not answered yet. Its deliveries are listed under the webhook.', title),
    );
  } else if (d.state === 'delivered') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Ping delivered to {0}: {1}.', title, answer));
  } else {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Ping to {0} failed: {1}. The service tries again; its deliveries are listed under the webhook.', title, answer),
    );
  }
}
