// A memento whose values written in this window read back as written.
//
// VS Code's extension memento of the global state (`context.globalState`)
// takes each value the workbench stores as its whole new content, and the
// workbench hands back this window's own writes too, a moment later. A value
// written, then written again before the first write's echo arrived, reads
// back as the first for that moment, and a write made then stores the first
// again: a switch of account followed at once by another was undone by the
// first one's echo. What this window wrote it reads from memory; a key it
// never wrote is read from the memento (another window may have written it).

/** What a memento offers: `vscode.Memento`'s shape, without importing `vscode` here. */
export interface MementoLike {
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  update(key: string, value: unknown): PromiseLike<void>;
  keys(): readonly string[];
}

export class WindowFirstMemento implements MementoLike {
  private readonly written = new Map<string, unknown>();

  constructor(private readonly memento: MementoLike) {}

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    if (!this.written.has(key)) return this.memento.get<T | undefined>(key, defaultValue);
    const value = this.written.get(key) as T | undefined;
    // As a memento: a key written undefined is gone, so its default is given.
    return value === undefined ? defaultValue : value;
  }

  update(key: string, value: unknown): PromiseLike<void> {
    this.written.set(key, value);
    return this.memento.update(key, value);
  }

  keys(): readonly string[] {
    // A key written undefined is gone, though an echo brought it back into the memento.
    return [...new Set([...this.memento.keys(), ...this.written.keys()])].filter((key) => this.get(key) !== undefined);
  }
}
