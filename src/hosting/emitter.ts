// A tiny typed event emitter, so that code without `vscode` can publish
// events (VS Code's EventEmitter is not available outside the extension host).

export type Listener<T> = (value: T) => void;

export interface Disposable {
  dispose(): void;
}

export class TypedEmitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  /** Subscribes; dispose the result to unsubscribe. Same shape as a VS Code `Event<T>`. */
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch {
        // A failing listener must not break the request that fired the event.
      }
    }
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
