// How a failure reaches the user: in the service's own words.
import * as vscode from 'vscode';

/** The text a user should read for a failure: the service's own message. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Tells the user what failed, in the service's own words: "Could not X: <message>". */
export function showFailure(what: string, err: unknown): void {
  void vscode.window.showErrorMessage(`${what}: ${errorText(err)}`);
}

/** Wraps a command so that a failure shows as "<what>: <message>" and the command returns undefined. */
export function guarded<A extends unknown[], T>(what: string, fn: (...args: A) => Promise<T>): (...args: A) => Promise<T | undefined> {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (err) {
      showFailure(what, err);
      return undefined;
    }
  };
}
