// What a view shows when a read got no answer from the service (refused,
// timed out, no such host): the rows it last read, marked with their age,
// rather than an error row; the status bar's reachability item is the one
// place that says the service is unreachable (shared/reachability).
import * as vscode from 'vscode';
import { CrossOriginError, NetworkError } from '../../../hosting';
import { MessageNode } from './nodes';

/** Whether a read failed because the service did not answer at all (a browser page it does not allow: it did, and says why). */
export function isUnreachable(err: unknown): boolean {
  return err instanceof NetworkError && !(err instanceof CrossOriginError);
}

/** The one row of a view or group that read nothing before the service stopped answering. */
export function nothingReadYet(): MessageNode {
  return new MessageNode(vscode.l10n.t('Service unreachable — showing nothing read yet'), 'cloud-offline');
}

/** "offline · read 5 min ago"; `age` words the time (treeBase's ageText). */
export function offlineMark(readAt: number, age: (iso: string) => string): string {
  return vscode.l10n.t('offline · read {0}', age(new Date(readAt).toISOString()));
}

/** The last items a group read, by the group's id, and when: at most this many groups are remembered. */
const MAX_GROUPS = 500;

interface KeptRead {
  items: readonly unknown[];
  at: number;
}

/** Items read per group id, oldest forgotten first (a Map keeps insertion order). */
class KeptReads {
  private readonly reads = new Map<string, KeptRead>();

  constructor(
    private readonly max = MAX_GROUPS,
    private readonly now: () => number = Date.now,
  ) {}

  remember(id: string, items: readonly unknown[]): void {
    this.reads.delete(id);
    this.reads.set(id, { items: [...items], at: this.now() });
    if (this.reads.size > this.max) this.reads.delete(this.reads.keys().next().value!);
  }

  get(id: string): KeptRead | undefined {
    return this.reads.get(id);
  }
}

/** Every paged group's last read, across the views (group ids name their view and resource). */
export const groupReads = new KeptReads();
