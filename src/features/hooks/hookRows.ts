// A hook's row (service, where it delivers, events, active state, last
// response) and, under it, its recent deliveries from the emulator's delivery
// log. Loaded with the Webhooks group's first list (hookNodes.ts).
import * as vscode from 'vscode';
import type { Hook, HookDelivery } from '../../hosting';
import { escapeMarkdown } from '../../util/viewFormat';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RepositoryListNode } from '../shared/tree/repositoryLists';
import { ageText } from '../shared/tree/treeBase';
import { hookKey, type LastDeliveries } from './hookNodes';

/** Where a hook delivers, in the words of its service's configuration. */
function hookTarget(hook: Pick<Hook, 'name' | 'config'>): string {
  const c = hook.config as Record<string, unknown>;
  const text = (key: string) => (typeof c[key] === 'string' ? c[key] : '');
  if (hook.name === 'web') return text('url');
  if (hook.name === 'irc') return `${text('room')} @ ${text('server')}${text('port') ? `:${text('port')}` : ''}`;
  if (hook.name === 'email') return text('address');
  return hook.name;
}

/** The last response as the service reports it: never used, the receiver's status code, or a failure. */
function lastResponseText(hook: Hook): string {
  const last = hook.last_response;
  if (!last || last.status === 'unused') return vscode.l10n.t('never delivered');
  if (last.status === 'failed') return last.code ? vscode.l10n.t('failed ({0})', last.code) : vscode.l10n.t('failed');
  return last.code ? String(last.code) : (last.status ?? '');
}

/** The last delivery as a row says it: its status and how long ago ("200 · just now"). */
function lastDeliveryText(d: HookDelivery): string {
  const status =
    d.state === 'pending'
      ? d.attempts > 0
        ? vscode.l10n.t('retrying')
        : vscode.l10n.t('pending')
      : d.status_code
        ? String(d.status_code)
        : d.state === 'failed'
          ? vscode.l10n.t('failed')
          : (d.status ?? '');
  return `${status} · ${ageText(d.created_at)}`;
}

/** A hook; its children are its recent deliveries. */
export class HookNode extends RepositoryListNode<HookDelivery> {
  constructor(
    readonly hook: Hook,
    readonly group: RepositoryListNode<Hook>,
    readonly lastDeliveries: LastDeliveries = new Map(),
  ) {
    super(group.target, group.refused, {
      id: `${group.id}/${hook.id}`,
      label: hookTarget(hook),
      icon: 'radio-tower',
      open: () => group.target.client.hooks.listDeliveries(group.target.owner, group.target.repo, hook.id, { priority: 'background' }),
      toNodes: (items, node) => items.map((d) => new DeliveryNode(d, node as HookNode)),
      emptyText: hook.name === 'web' ? vscode.l10n.t('No deliveries yet.') : vscode.l10n.t('The emulator records deliveries of web hooks only.'),
      onChanged: group.options.onChanged,
      chunkSize: 10,
    });
  }

  get title(): string {
    return hookTarget(this.hook);
  }

  /** The newest delivery known: the one a ping waited for, or the first of the deliveries read under the row. */
  get lastDelivery(): HookDelivery | undefined {
    const known = this.lastDeliveries.get(hookKey(this.hook));
    const listed = this.list.loaded[0];
    return known && (!listed || known.id >= listed.id) ? known : listed;
  }

  override toTreeItem(): vscode.TreeItem {
    const h = this.hook;
    const item = super.toTreeItem();
    const events = h.events.includes('*') ? vscode.l10n.t('all events') : h.events.join(', ');
    const last = this.lastDelivery;
    item.description = [h.name, events, h.active ? undefined : vscode.l10n.t('inactive'), last ? lastDeliveryText(last) : lastResponseText(h)]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(
      h.active ? 'radio-tower' : 'circle-slash',
      h.last_response?.status === 'failed' ? new vscode.ThemeColor('errorForeground') : undefined,
    );
    item.contextValue = `hook:${h.name}${h.active ? ':active' : ':inactive'}`;
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const h = this.hook;
    const events = h.events.includes('*') ? vscode.l10n.t('all events') : h.events.join(', ');
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escapeMarkdown(h.name)}** · ${escapeMarkdown(this.title)}\n\n`);
    tooltip.appendText(
      `${vscode.l10n.t('Events: {0}', events)}\n${h.active ? vscode.l10n.t('Active') : vscode.l10n.t('Inactive')}\n${vscode.l10n.t('Last response: {0}', lastResponseText(h))}${h.last_response?.message ? ` (${h.last_response.message})` : ''}`,
    );
    return tooltip;
  }
}

/** One delivery of the log: event, status and age; a click opens its payload. */
export class DeliveryNode extends RepoDeskNode {
  constructor(
    readonly delivery: HookDelivery,
    readonly hookNode: HookNode,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const d = this.delivery;
    const item = new vscode.TreeItem(d.action ? `${d.event}.${d.action}` : d.event, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.hookNode.id}/delivery:${d.id}`;
    const answer = [d.status_code ?? undefined, d.status ?? undefined].filter((x) => x !== undefined).join(' ');
    // A pending delivery that was tried already failed that try and waits
    // for the next one (the service retries with backoff): say why, not just "pending".
    const retrying = d.state === 'pending' && d.attempts > 0;
    const status = retrying ? vscode.l10n.t('retrying ({0})', answer) : d.state === 'pending' ? vscode.l10n.t('pending') : answer;
    item.description = [status, d.redelivery ? vscode.l10n.t('redelivery') : undefined, ageText(d.created_at)].filter(Boolean).join(' · ');
    const color =
      d.state === 'failed'
        ? new vscode.ThemeColor('errorForeground')
        : retrying
          ? new vscode.ThemeColor('list.warningForeground')
          : d.state === 'pending'
            ? undefined
            : new vscode.ThemeColor('charts.green');
    item.iconPath = new vscode.ThemeIcon(d.state === 'failed' ? 'error' : retrying ? 'sync' : d.state === 'pending' ? 'clock' : 'check', color);
    item.tooltip = `${d.guid}\n${new Date(d.created_at).toLocaleString()}${d.duration !== null ? ` · ${d.duration} s` : ''} · ${d.attempts === 1 ? vscode.l10n.t('1 attempt') : vscode.l10n.t('{0} attempts', d.attempts)}`;
    item.contextValue = 'hookDelivery';
    item.command = { command: 'repodesk.repo.hooks.openDelivery', title: vscode.l10n.t('Open Payload'), arguments: [this] };
    return item;
  }
}
