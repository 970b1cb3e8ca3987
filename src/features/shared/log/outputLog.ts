// RepoDesk's output channel. Everything written here passes through
// `redact`, so a token that slips into a message never reaches the log.
import * as vscode from 'vscode';
import { redactSecrets } from '../../../util/redact';
import { deferredLog } from '../../../util/deferredLog';
import { errorText } from '../failure';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
  debug(message: string): void;
  show(): void;
}

/**
 * The channel is made when `openAfter` settles, or at `show()` or the first
 * error if sooner; lines logged before wait in memory (src/util/deferredLog.ts).
 * Making a log channel costs the extension host a folder and a file for the
 * extension's logs and the workbench a new channel: at start-up, while both
 * are drawing the first rows, that was ~30 ms of the extension host between
 * the session and the first request (profiled), and no one reads the log in
 * that second.
 */
export function createLogger(context: vscode.ExtensionContext, openAfter: Promise<unknown> = Promise.resolve()): Logger {
  const log = deferredLog(() => {
    const channel = vscode.window.createOutputChannel('RepoDesk', { log: true });
    context.subscriptions.push(channel);
    return channel;
  }, openAfter);
  return {
    info: (m) => log.write('info', redactSecrets(m)),
    warn: (m) => log.write('warn', redactSecrets(m)),
    debug: (m) => log.write('debug', redactSecrets(m)),
    error: (m, err) => {
      // At once: an error may be what the user opens the log for.
      log.open();
      log.write('error', redactSecrets(err === undefined ? m : `${m}: ${errorText(err)}`));
    },
    show: () => log.open().show(true),
  };
}
