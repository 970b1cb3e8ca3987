// Commands whose code loads on first use: registered at activation (so the
// palette, menus and keybindings have them at once), their module imported
// by esbuild as a chunk of its own the first time one of them runs. Keeps
// what activation reads small (what most sessions never run is not read).
import * as vscode from 'vscode';

/** A command's handler, as `vscode.commands.registerCommand` takes it. */
export type CommandHandler = (...args: never[]) => unknown;

/**
 * Registers `ids`; the first run of any of them calls `load` (once; again
 * after a failure) for the handlers of all of them.
 */
export function registerLazyCommands<Id extends string>(
  context: vscode.ExtensionContext,
  ids: readonly Id[],
  load: () => Promise<Record<Id, CommandHandler>>,
): void {
  let loading: Promise<Record<Id, CommandHandler>> | undefined;
  const handlers = () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  for (const id of ids) {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        const handler = (await handlers())[id] as (...a: unknown[]) => unknown;
        return handler(...args);
      }),
    );
  }
}
