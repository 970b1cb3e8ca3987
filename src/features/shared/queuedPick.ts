// The list behind a queue's status bar item (comments or case notes written
// while the service was away): Send Now, or one item and then what to do with
// it, its text copied or discarded. Both steps in one quick input.
import * as vscode from 'vscode';
import { inSteps } from './stepBoxes';

export type QueuedChoice<T> = { send: true } | { item: T; action: 'copy' | 'discard' };

export function pickQueued<T extends vscode.QuickPickItem>(title: string, items: readonly T[]): Promise<QueuedChoice<T> | undefined> {
  const sendNow = { label: vscode.l10n.t('$(cloud-upload) Send Now'), description: vscode.l10n.t('also those the service refused before') };
  const copy = { label: vscode.l10n.t('Copy Text'), action: 'copy' as const };
  const discard = { label: vscode.l10n.t('Discard…'), action: 'discard' as const };
  return inSteps(async (steps) => {
    const picked = await steps.pick<vscode.QuickPickItem>([sendNow, ...items], { title, matchOnDescription: true, matchOnDetail: true });
    if (!picked) return undefined;
    if (picked === sendNow) return { send: true };
    const action = await steps.pick([copy, discard], { title: picked.label });
    return action && { item: picked as T, action: action.action };
  });
}
