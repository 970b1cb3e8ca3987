// The client of the review comment language server (src/language-server),
// started over IPC for the Comments API's input editors (loaded, with
// vscode-languageclient, by registerLanguage when the first one opens). The server asks
// for people, pull requests and issues through custom requests; they are
// answered here from the one HostingClient, so no token leaves the extension
// host and every read shares its ETag cache and rate limit.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { NOTIFICATIONS, REQUESTS, type DocumentParams } from '../../language-server/protocol';
import { AvatarCache } from '../../util/avatars';
import type { PullReviewComments } from '../shared/reviews/pullReviewComments';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { SelectedPull } from '../shared/selection/selectedPull';
import { ReviewFacts } from './reviewFacts';

/** Starts the client; it stops with the extension. */
export function startLanguageClient(context: vscode.ExtensionContext, session: HostingSession, active: ActiveRepository, selected: SelectedPull, store: PullReviewComments): LanguageClient {
  const module = context.asAbsolutePath('dist/language-server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // The reply and new-comment boxes of review threads.
    documentSelector: [{ scheme: 'comment' }],
    middleware: {
      // LSP has no kinds for people and issues; VS Code does.
      provideCompletionItem: async (document, position, ctx, token, next) => {
        const result = await next(document, position, ctx, token);
        const items = Array.isArray(result) ? result : result?.items ?? [];
        for (const item of items) {
          const label = typeof item.label === 'string' ? item.label : item.label.label;
          item.kind = label.startsWith('@') ? vscode.CompletionItemKind.User : vscode.CompletionItemKind.Issue;
        }
        return result;
      },
    },
  };
  const client = new LanguageClient('repodesk.reviewLanguage', vscode.l10n.t('RepoDesk Review Comments'), serverOptions, clientOptions);
  const facts = new ReviewFacts(() => session.client, active, selected, store, new AvatarCache());

  client.onRequest(REQUESTS.people, (p: DocumentParams) => facts.people(p.uri));
  client.onRequest(REQUESTS.issues, (p: DocumentParams) => facts.issues(p.uri));
  client.onRequest(REQUESTS.person, (p: DocumentParams & { login: string }) => facts.person(p.login));
  client.onRequest(REQUESTS.issue, (p: DocumentParams & { number: number }) => facts.issue(p.uri, p.number));

  const invalidate = () => {
    facts.clear();
    if (client.isRunning()) void client.sendNotification(NOTIFICATIONS.invalidate);
  };
  context.subscriptions.push(
    client,
    session.onDidChange(invalidate),
    selected.onDidChange(invalidate),
    active.onDidChange(invalidate),
  );
  void client.start();
  return client;
}
