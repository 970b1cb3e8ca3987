// Offline as a state, not an error: every signed-in client reports whether
// its requests got an answer (HostingCore.onDidReach), and this keeps one
// Reachability per service from that. It is the one place that tells the user:
// a status bar item "service: unreachable · retrying at HH:MM:SS" (a click
// tries now), while the views keep the rows they read. At the next try it
// sends one request; once the service answers, the item goes and the views
// are read again once (onDidReturn).
import * as vscode from 'vscode';
import type { HostingClient, Outcome } from '../../../hosting';
import { failureKind, Reachability, type ReachabilityOptions } from '../../../util/reachability';
import type { HostingSession } from '../session/hostingSession';

const TRY_NOW_COMMAND = 'repodesk.reachability.tryNow';

interface Watched {
  name: string;
  client: HostingClient;
  reach: Reachability;
}

/** What a test may replace: the clock and jitter of the tries, and their timer. */
export interface ReachabilityClock extends Partial<Pick<ReachabilityOptions, 'now' | 'random' | 'jitter'>> {
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
}

export class ServiceReachability implements vscode.Disposable {
  /** By API URL: one per service, whichever of its accounts' clients read. */
  private readonly services = new Map<string, Watched>();
  private subscriptions: { dispose(): void }[] = [];
  private readonly item: vscode.StatusBarItem;
  private timer: unknown;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a service becomes unreachable or reachable again. */
  readonly onDidChange = this.changed.event;
  private readonly returned = new vscode.EventEmitter<string>();
  /** Fires with a service's API URL when it answers again after it did not. */
  readonly onDidReturn = this.returned.event;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly now: () => number;

  constructor(
    private readonly session: HostingSession,
    private readonly clock: ReachabilityClock = {},
  ) {
    this.now = clock.now ?? Date.now;
    this.item = vscode.window.createStatusBarItem('repodesk.reachability', vscode.StatusBarAlignment.Left, 99);
    this.item.name = vscode.l10n.t('RepoDesk: Service Reachability');
    this.item.command = TRY_NOW_COMMAND;
    this.disposables.push(
      this.item,
      this.changed,
      this.returned,
      session.onDidChangeAccounts(() => this.watchClients()),
      session.onDidChange(() => this.watchClients()),
      vscode.commands.registerCommand(TRY_NOW_COMMAND, () => this.tryNow()),
    );
    this.watchClients();
  }

  /** Whether any service (or the one at `apiUrl`) is unreachable now. */
  unreachable(apiUrl?: string): boolean {
    const list = apiUrl === undefined ? [...this.services.values()] : [this.services.get(apiUrl)].filter((w): w is Watched => !!w);
    return list.some((w) => !w.reach.reachable);
  }

  /** The status bar item's text, or undefined when it is hidden (test seam). */
  get statusText(): string | undefined {
    return this.unreachable() ? this.item.text : undefined;
  }

  /** Sends one request to every unreachable service now (the item's click, a due try). */
  async tryNow(): Promise<void> {
    const down = [...this.services.values()].filter((w) => !w.reach.reachable);
    // The outcome reaches `reach` through onDidReach; its error is the state's, not the user's.
    await Promise.all(down.map((w) => w.client.users.getAuthenticated().catch(() => undefined)));
    // A try that failed before its time (a click) leaves the next one where it was: the timer again.
    this.show();
  }

  private watchClients(): void {
    const clients = new Map<HostingClient, string>();
    for (const a of this.session.accounts) clients.set(a.client, a.serviceName);
    const current = this.session.client;
    if (current && !clients.has(current)) clients.set(current, new URL(current.core.addresses.apiUrl).host);
    for (const s of this.subscriptions) s.dispose();
    const kept = new Set<string>();
    this.subscriptions = [...clients].map(([client, name]) => {
      const apiUrl = client.core.addresses.apiUrl;
      kept.add(apiUrl);
      const known = this.services.get(apiUrl);
      const watched: Watched = { name, client, reach: known?.reach ?? this.newReachability() };
      this.services.set(apiUrl, watched);
      return client.core.onDidReach((outcome) => this.recordOutcome(apiUrl, outcome));
    });
    // A service nobody is signed in to any more is not anyone's concern.
    for (const apiUrl of [...this.services.keys()]) if (!kept.has(apiUrl)) this.services.delete(apiUrl);
    this.show();
  }

  private newReachability(): Reachability {
    return new Reachability({
      now: this.now,
      ...(this.clock.random ? { random: this.clock.random } : {}),
      ...(this.clock.jitter !== undefined ? { jitter: this.clock.jitter } : {}),
    });
  }

  /** An outcome of a request to the service at `apiUrl` (the clients report theirs; the gate hands over the first). */
  recordOutcome(apiUrl: string, outcome: Outcome): void {
    const watched = this.services.get(apiUrl);
    if (!watched) return;
    const before = watched.reach.nextTryAt;
    const turned = outcome.answered ? watched.reach.onSuccess() : watched.reach.onFailure(failureKind(outcome.failure));
    if (!turned && watched.reach.nextTryAt === before) return;
    this.show();
    if (turned) this.changed.fire();
    if (turned && outcome.answered) this.returned.fire(apiUrl);
  }

  /** The item for the unreachable services (the first named, the others in its hover) and the timer of the next try. */
  private show(): void {
    const down = [...this.services.values()].filter((w) => !w.reach.reachable);
    this.clearTimer();
    if (down.length === 0) {
      this.item.hide();
      return;
    }
    const first = down[0]!;
    const line = (w: Watched) => vscode.l10n.t('{0}: unreachable · retrying at {1}', w.name, clockTime(w.reach.nextTryAt!));
    this.item.text = `$(cloud-offline) ${line(first)}`;
    this.item.tooltip = `${down.map(line).join('\n')}\n\n${vscode.l10n.t('The views show what they last read. Click to try now.')}`;
    this.item.show();
    const next = Math.min(...down.map((w) => w.reach.nextTryAt!));
    const set = this.clock.setTimeout ?? ((run, ms) => setTimeout(run, ms));
    this.timer = set(() => void this.tryNow(), Math.max(0, next - this.now()));
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    (this.clock.clearTimeout ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.clearTimer();
    for (const s of this.subscriptions) s.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** HH:MM:SS in local time, as a clock reads (the same in every display language). */
function clockTime(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
