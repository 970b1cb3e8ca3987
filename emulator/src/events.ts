// A tiny in-process event bus: operations emit what they caused (a repository
// created, a member added...) and the webhook module delivers it. Emitting
// never waits on, or fails because of, a listener.

export interface EventScope {
  /** Repository the event belongs to (repository hooks fire). */
  repoId?: number | undefined;
  /** Organization the event belongs to (organization hooks fire). */
  orgId?: number | undefined;
  /**
   * The last hook id when the event happened, for an event whose payload is built after the change (a push's
   * commits, read from git): a hook made meanwhile did not exist when it happened and does not get it.
   */
  hooksUpTo?: number | undefined;
}

export interface EmittedEvent {
  /** Event name of docs/service-api/hosting/webhooks §2, e.g. `push`, `fork`, `team_add`. */
  name: string;
  /** The payload: includes `sender`, and `repository`/`organization` when they apply. */
  payload: Record<string, unknown>;
  scope: EventScope;
}

export type EventListener = (event: EmittedEvent) => void;

export class EventBus {
  private listeners: EventListener[] = [];

  constructor(private readonly log: (line: string) => void) {}

  /** Subscribes to every event; returns the function that unsubscribes. */
  onEvent(listener: EventListener): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  emitEvent(name: string, payload: Record<string, unknown>, scope: EventScope = {}): void {
    for (const listener of this.listeners) {
      try {
        listener({ name, payload, scope });
      } catch (err) {
        this.log(`event listener failed on ${name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  close(): void {
    this.listeners = [];
  }
}
