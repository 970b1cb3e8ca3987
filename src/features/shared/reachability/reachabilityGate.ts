// What activation holds of the reachability: a watch on the clients' first
// request that gets no answer. Only then does the state, its status bar item
// and its tries load (serviceReachability.ts), handed that first outcome;
// most sessions never see a service go away.
import * as vscode from 'vscode';
import type { HostingClient } from '../../../hosting';
import type { HostingSession } from '../session/hostingSession';
import type { ServiceReachability } from './serviceReachability';

export class ReachabilityGate implements vscode.Disposable {
  private loaded: ServiceReachability | undefined;
  private loading = false;
  private watched: { dispose(): void }[] = [];
  private readonly returned = new vscode.EventEmitter<string>();
  /** Fires with a service's API URL when it answers again after it did not. */
  readonly onDidReturn = this.returned.event;
  private readonly disposables: vscode.Disposable[] = [this.returned];

  constructor(private readonly session: HostingSession) {
    this.disposables.push(
      session.onDidChangeAccounts(() => this.watch()),
      session.onDidChange(() => this.watch()),
    );
    this.watch();
  }

  /** Whether any service is unreachable now. */
  unreachable(): boolean {
    return this.loaded?.unreachable() ?? false;
  }

  /** The status bar item's text, or undefined when it is hidden (test seam). */
  get statusText(): string | undefined {
    return this.loaded?.statusText;
  }

  private watch(): void {
    for (const w of this.watched) w.dispose();
    if (this.loaded || this.loading) return;
    const clients = new Set<HostingClient>(this.session.accounts.map((a) => a.client));
    if (this.session.client) clients.add(this.session.client);
    this.watched = [...clients].map((client) =>
      client.core.onDidReach((outcome) => {
        if (!outcome.answered) void this.load(client.core.addresses.apiUrl, outcome);
      }),
    );
  }

  private async load(apiUrl: string, outcome: Parameters<ServiceReachability['recordOutcome']>[1]): Promise<void> {
    if (this.loaded || this.loading) return;
    this.loading = true;
    for (const w of this.watched) w.dispose();
    this.watched = [];
    const { ServiceReachability } = await import('./serviceReachability.js');
    this.loaded = new ServiceReachability(this.session);
    this.disposables.push(
      this.loaded,
      this.loaded.onDidReturn((url) => this.returned.fire(url)),
    );
    this.loaded.recordOutcome(apiUrl, outcome);
  }

  dispose(): void {
    for (const w of this.watched) w.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
