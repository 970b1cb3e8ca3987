// The OAuth application's client secret lives only in SecretStorage, keyed by
// the client id so that switching applications never sends the wrong secret.
import type * as vscode from 'vscode';

const key = (clientId: string) => `repodesk.hosting.oauthClientSecret.${clientId}`;

export class ClientSecretStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(clientId: string): Thenable<string | undefined> {
    return this.secrets.get(key(clientId));
  }

  set(clientId: string, secret: string): Thenable<void> {
    return this.secrets.store(key(clientId), secret);
  }
}
