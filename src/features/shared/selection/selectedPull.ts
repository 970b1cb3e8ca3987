// The selected pull request drives the Review Comments view.
import * as vscode from 'vscode';
import type { PullRequest } from '../../../hosting';
import { HeldFollowers } from '../../../util/heldFollowers';

export interface PullRef {
  owner: string;
  repo: string;
  number: number;
  pull: PullRequest;
}

/**
 * How long a click's followers wait at most for the page the click opened: its first drawing is ~0.3–0.6 s on the
 * 2-core machine; a service slower than this does not hold Review Comments longer.
 */
const HOLD_CAP_MS = 1_000;

const keyOf = (ref: Pick<PullRef, 'owner' | 'repo' | 'number'>) => `${ref.owner}/${ref.repo}#${ref.number}`;

export class SelectedPull implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PullRef | undefined>();
  readonly onDidChange = this.changed.event;
  private current: PullRef | undefined;
  private readonly followers = new HeldFollowers<PullRef | undefined>((ref) => this.changed.fire(ref), HOLD_CAP_MS);

  get value(): PullRef | undefined {
    return this.current;
  }

  /** Selects `next`; `inView`: chosen in a view (a click), whose followers wait for what the same click opens (holdFollowers). */
  set(next: PullRef | undefined, inView = false): void {
    if (next && this.current && next.owner === this.current.owner && next.repo === this.current.repo && next.number === this.current.number) return;
    this.current = next;
    void vscode.commands.executeCommand('setContext', 'repodesk.selectedPull', next ? keyOf(next) : undefined);
    if (next && inView) this.followers.later(next, keyOf(next));
    else this.followers.now(next);
  }

  /**
   * The page a click opened for `ref` (its overview) draws when `drawn` settles: the followers of that click's
   * selection (Review Comments' reads and rows, the threads) start then, not while the page is being drawn.
   */
  holdFollowers(ref: Pick<PullRef, 'owner' | 'repo' | 'number'>, drawn: Promise<unknown>): void {
    this.followers.hold(keyOf(ref), drawn);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
