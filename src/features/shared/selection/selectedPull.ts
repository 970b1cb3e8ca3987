// The selected pull request drives the Review Comments view.
import * as vscode from 'vscode';
import type { PullRequest } from '../../../hosting';

export interface PullRef {
  owner: string;
  repo: string;
  number: number;
  pull: PullRequest;
}

export class SelectedPull implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PullRef | undefined>();
  readonly onDidChange = this.changed.event;
  private current: PullRef | undefined;

  get value(): PullRef | undefined {
    return this.current;
  }

  set(next: PullRef | undefined): void {
    if (next && this.current && next.owner === this.current.owner && next.repo === this.current.repo && next.number === this.current.number) return;
    this.current = next;
    void vscode.commands.executeCommand('setContext', 'repodesk.selectedPull', next ? `${next.owner}/${next.repo}#${next.number}` : undefined);
    this.changed.fire(next);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
