// `npm start` and the integration tests pass the demo OAuth application's
// secret in the environment; it is moved into SecretStorage once, and only
// when the extension runs from source (development or test mode), never from
// an installed .vsix.
import * as vscode from 'vscode';
import type { Logger } from '../../shared/log/outputLog';
import { ClientSecretStore } from './clientSecret';

export async function importDevelopmentClientSecret(context: vscode.ExtensionContext, log: Logger): Promise<void> {
  if (context.extensionMode === vscode.ExtensionMode.Production) return;
  // A web worker has no process environment.
  const env = typeof process === 'undefined' ? {} : process.env;
  const clientId = env.REPODESK_DEV_OAUTH_CLIENT_ID;
  const secret = env.REPODESK_DEV_OAUTH_CLIENT_SECRET;
  if (!clientId || !secret) return;
  const store = new ClientSecretStore(context.secrets);
  if ((await store.get(clientId)) === secret) return;
  await store.set(clientId, secret);
  log.info(`Development: stored the client secret of OAuth application ${clientId} from the environment`);
}
