// RepoDesk's output channel. Everything written here passes through
// `redact`, so a token that slips into a message never reaches the log.
import * as vscode from 'vscode';
import { redactSecrets } from '../../../util/redact';
import { errorText } from '../failure';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
  debug(message: string): void;
  show(): void;
}

export function createLogger(context: vscode.ExtensionContext): Logger {
  const channel = vscode.window.createOutputChannel('RepoDesk', { log: true });
  context.subscriptions.push(channel);
  return {
    info: (m) => channel.info(redactSecrets(m)),
    warn: (m) => channel.warn(redactSecrets(m)),
    debug: (m) => channel.debug(redactSecrets(m)),
    error: (m, err) => channel.error(redactSecrets(err === undefined ? m : `${m}: ${errorText(err)}`)),
    show: () => channel.show(true),
  };
}
