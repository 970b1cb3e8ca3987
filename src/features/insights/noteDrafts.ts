// Each case's unsent note, kept in the workspace's storage until it is added:
// not in the webview's own state, which a browser's reload loses with the
// panel when the workbench does not restore it.
import type * as vscode from 'vscode';

const KEY = 'repodesk.insights.noteDrafts';

export class NoteDrafts {
  constructor(private readonly state: vscode.Memento) {}

  get(id: number): string | undefined {
    return this.all()[String(id)];
  }

  /** Keeps `text` as the case's draft; an empty text drops it. */
  set(id: number, text: string): Thenable<void> {
    const { [String(id)]: _dropped, ...rest } = this.all();
    return this.state.update(KEY, text ? { ...rest, [String(id)]: text } : rest);
  }

  private all(): Record<string, string> {
    return this.state.get<Record<string, string>>(KEY) ?? {};
  }
}
