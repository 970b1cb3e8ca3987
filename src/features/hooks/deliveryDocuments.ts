// A delivery opens as a read-only JSON document of its own scheme, named for
// the hook and the delivery: an untitled document would be "unsaved changes"
// that VS Code asks about on close, for text nobody wrote.
import * as vscode from 'vscode';

const DELIVERY_SCHEME = 'repodesk-delivery';

export class DeliveryDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** The document's address: `<owner>/<repo>/hook <id>/delivery <id> (<event>).json`, what its tab shows. */
  uriFor(owner: string, repo: string, hookId: number, deliveryId: number, event: string): vscode.Uri {
    return vscode.Uri.from({ scheme: DELIVERY_SCHEME, path: `/${owner}/${repo}/hook ${hookId}/delivery ${deliveryId} (${event}).json` });
  }

  show(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerDeliveryDocuments(context: vscode.ExtensionContext): DeliveryDocuments {
  const documents = new DeliveryDocuments();
  context.subscriptions.push(documents, vscode.workspace.registerTextDocumentContentProvider(DELIVERY_SCHEME, documents));
  return documents;
}
