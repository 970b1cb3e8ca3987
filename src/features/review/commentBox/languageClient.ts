// The client of the review comment language server (src/language-server),
// started over IPC (a web worker in the browser build: serverClient.web.ts) for the Comments API's input editors (loaded, with
// vscode-languageclient, by registerLanguage when the first one opens). The server asks
// for people, pull requests and issues through custom requests; they are
// answered here from the one HostingClient, so no token leaves the extension
// host and every read shares its ETag cache and rate limit.
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { newServerClient } from './serverClient';
import { NOTIFICATIONS, REQUESTS, type DocumentParams } from '../../../language-server/protocol';
import { AvatarCache } from '../../../util/avatars';
import { GIT_SCHEME } from '../../shared/gitfs/gitFileSystem';
import { pullDiffAt } from '../../shared/gitfs/pullDiffs';
import type { PullKey, PullReviewComments } from '../stores/pullReviewComments';
import { fromGitPath } from '../../../util/gitUri';
import type { HostingSession } from '../../shared/session/hostingSession';
import type { ActiveRepository } from '../../shared/selection/activeRepository';
import type { SelectedPull } from '../../shared/selection/selectedPull';
import { ReviewFacts } from './reviewFacts';

/** The pull request of the diff in the active (else a visible) editor: the one whose thread a comment box is in. */
function reviewedPull(selected: SelectedPull): PullKey | undefined {
  const editors = [vscode.window.activeTextEditor, ...vscode.window.visibleTextEditors];
  for (const uri of editors.map((e) => e?.document.uri)) {
    if (uri?.scheme !== GIT_SCHEME) continue;
    let loc;
    try {
      loc = fromGitPath(uri.path, uri.query);
    } catch {
      continue;
    }
    const sel = selected.value;
    if (sel && sel.owner === loc.owner && sel.repo === loc.repo && (sel.pull.head.sha === loc.sha || sel.pull.base.sha === loc.sha)) return sel;
    const diff = pullDiffAt(loc.owner, loc.repo, loc.sha);
    if (diff) return { owner: diff.owner, repo: diff.repo, number: diff.number };
  }
  return undefined;
}

/** Whether an editor that can show review threads (a pull request's diff, a workspace file) is visible: a comment box is in one. */
function reviewEditorVisible(): boolean {
  return vscode.window.visibleTextEditors.some((e) => e.document.uri.scheme === GIT_SCHEME || e.document.uri.scheme === 'file');
}

/** Whether a comment box is open and holds text (a warning about it is still about something there). */
function stillInBox(uri: vscode.Uri): boolean {
  const key = uri.toString();
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
  return !!doc && !doc.isClosed && doc.getText().trim() !== '';
}

/** Starts the client (`running` settles when the server has answered its start); it stops with the extension. */
export async function startLanguageClient(
  context: vscode.ExtensionContext,
  session: HostingSession,
  active: ActiveRepository,
  selected: SelectedPull,
  store: PullReviewComments,
): Promise<{ client: BaseLanguageClient; running: Promise<void> }> {
  const clientOptions: LanguageClientOptions = {
    // The reply and new-comment boxes of review threads.
    documentSelector: [{ scheme: 'comment' }],
    middleware: {
      // The warnings of a comment box ("No user is named @…") show in the box; VS Code also lists
      // them in the Problems panel (under the name package.json's resourceLabelFormatters gives the
      // box). A box that is gone, or was emptied by posting its comment, keeps none there: the
      // server's answer about a text no longer in the box is dropped.
      handleDiagnostics: (uri, diagnostics, next) => next(uri, stillInBox(uri) && reviewEditorVisible() ? diagnostics : []),
      didClose: async (document, next) => {
        await next(document);
        client.diagnostics?.delete(document.uri);
      },
      // LSP has no kinds for people and issues; VS Code does.
      provideCompletionItem: async (document, position, ctx, token, next) => {
        const result = await next(document, position, ctx, token);
        const items = Array.isArray(result) ? result : (result?.items ?? []);
        for (const item of items) {
          const label = typeof item.label === 'string' ? item.label : item.label.label;
          item.kind = label.startsWith('@') ? vscode.CompletionItemKind.User : vscode.CompletionItemKind.Issue;
        }
        return result;
      },
    },
  };
  const client = await newServerClient(context, 'repodesk.reviewLanguage', vscode.l10n.t('RepoDesk Review Comments'), clientOptions);
  let reviewEditorsShown = reviewEditorVisible();
  const facts = new ReviewFacts(
    () => session.client,
    active,
    selected,
    store,
    new AvatarCache(),
    () => reviewedPull(selected),
  );

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
    // Posting a comment empties its box: its warnings go at once, not after the server's next check.
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme === 'comment' && !stillInBox(e.document.uri)) client.diagnostics?.delete(e.document.uri);
    }),
    vscode.workspace.onDidCloseTextDocument((d) => {
      if (d.uri.scheme === 'comment') client.diagnostics?.delete(d.uri);
    }),
    // A box left unsent when its diff is closed stays open (VS Code keeps the draft): its warnings go
    // with the last editor that can show review threads, and come back with the next (the server checks again).
    vscode.window.onDidChangeVisibleTextEditors(() => {
      const visible = reviewEditorVisible();
      if (!visible) client.diagnostics?.forEach((uri) => void (uri.scheme === 'comment' && client.diagnostics?.delete(uri)));
      else if (!reviewEditorsShown && client.isRunning()) void client.sendNotification(NOTIFICATIONS.invalidate);
      reviewEditorsShown = visible;
    }),
    session.onDidChange(invalidate),
    selected.onDidChange(invalidate),
    active.onDidChange(invalidate),
  );
  return { client, running: client.start() };
}
