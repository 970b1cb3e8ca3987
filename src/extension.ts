// Entry of the extension: wires the features together. Each feature lives in
// src/features/<name>/. Only the wiring root (this file, src/wiring.ts) and
// the features' host code (src/features/**, not their model/ or webview/)
// import `vscode`: eslint's repodesk/layers rule enforces it.
import * as vscode from 'vscode';
import { PhaseMarks } from './util/phaseMarks';
import { Gate } from './util/gate';
import { registerViews } from './wiring';
import { createLogger } from './features/shared/log/outputLog';
import type { HostingSession } from './features/shared/session/hostingSession';
import { registerRateLimitStatus } from './features/rateLimit/rateLimitStatus';
import { registerHostingAuth } from './features/auth/hosting/registerHostingAuth';
import type { HostingAuthProvider } from './features/auth/hosting/provider';
import { watchServiceProblems } from './features/shared/session/serviceProblems';
import { registerEngagementAuth, type EngagementAuthHandle } from './features/auth/engagement/registerEngagementAuth';
import { LOCAL_FILES } from './platform/host';

export interface RepoDeskApi {
  /** Ids of the views RepoDesk contributed and provides data for. */
  readonly viewIds: readonly string[];
  /** Only when the extension runs under tests: seams the integration tests drive. */
  readonly testing?: {
    /** Replaces how the OAuth authorize page is opened. */
    setBrowserOpener(open: ((url: string) => Promise<void>) | undefined): void;
    /** The shared hosting session (signed-in state, client). */
    readonly session: HostingSession;
    /** The `repodesk` authentication provider (with its token sign-in on a named service). */
    readonly provider: vscode.AuthenticationProvider & Pick<HostingAuthProvider, 'signInWithToken' | 'methodsShown'>;
    /** The engagement service's provider and client. */
    readonly engagement: EngagementAuthHandle;
  };
}

/** The longest RepoDesk's log channel waits to be made at start-up (the Repositories view may be hidden). */
const LOG_OPENS_WITHIN_MS = 2000;

// Taken when the module graph has been evaluated (its static imports first).
const bundleAt = Date.now();

export async function activate(context: vscode.ExtensionContext, loaderAt?: number): Promise<RepoDeskApi> {
  const phases = new PhaseMarks();
  phases.mark('activate');
  if (loaderAt !== undefined) phases.mark('loader', loaderAt);
  phases.mark('bundle', bundleAt);
  // The log channel is made once the first rows are handed over (or 2 s):
  // lines logged before wait in memory (src/features/shared/log/outputLog.ts).
  const startedUp = new Gate(LOG_OPENS_WITHIN_MS);
  const log = createLogger(context, startedUp.opened);
  const version = context.extension.packageJSON.version as string;
  log.info(`RepoDesk ${version} activating`);

  // Checkout and folder commits show only where this host has local files (src/platform/host.ts).
  void vscode.commands.executeCommand('setContext', 'repodesk.localFiles', LOCAL_FILES);
  context.subscriptions.push(watchServiceProblems(log));
  const auth = registerHostingAuth(context, log);
  const session = auth.session;
  registerRateLimitStatus(context, session);
  const engagement = registerEngagementAuth(context, log);
  // The stored session is read (SecretStorage is a round trip to the
  // workbench) while the rest registers: asked first, it is answered before
  // the workbench has handled every registration. The views register in this
  // same turn, so they hear the session when it first changes (it is known
  // then; its listeners, the views among them, run at that moment).
  const sessionKnown = session.onDidChange(() => {
    phases.mark('session');
    sessionKnown.dispose();
  });
  context.subscriptions.push(sessionKnown);
  const restored = session.refresh().then(() => phases.mark('session'));
  // For the start-up benchmark: when VS Code asked for the Repositories
  // view's roots, when the first answer came, when the groups and then an
  // expanded group's rows were handed to VS Code (kept rows come before any
  // answer); logged once all are known, or after 10 s.
  const views = registerViews(context, session, engagement.session, log, (step) => phases.mark(step));
  phases.mark('registered');
  void views.firstRows.then(() => startedUp.open());
  const answered = new Promise<void>((resolve) => {
    const firstAnswer = session.onDidChangeRateLimit(() => {
      phases.mark('answer');
      firstAnswer.dispose();
      resolve();
    });
    context.subscriptions.push(firstAnswer);
  });
  // Timings for the start-up benchmark (epoch ms): at debug, out of a person's log at its default level.
  const settled = setTimeout(() => log.debug(phases.line()), 10_000);
  void Promise.all([views.firstRows, answered, restored]).then(() => {
    clearTimeout(settled);
    log.debug(phases.line());
  });
  context.subscriptions.push({ dispose: () => clearTimeout(settled) });
  // Only `npm start` and the tests hand over a development secret: an installed
  // extension never loads that code.
  const devSecret =
    context.extensionMode === vscode.ExtensionMode.Production
      ? Promise.resolve()
      : import('./features/auth/hosting/devSecret.js').then((m) => m.importDevelopmentClientSecret(context, log));

  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.showLog', () => log.show()),
    vscode.commands.registerCommand('repodesk.configureService', async () => {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'repodesk.hosting');
    }),
    vscode.commands.registerCommand('repodesk.refresh', async () => {
      // Same client, same ETag cache: every unchanged list is a free 304.
      await session.refresh();
      views.refreshAll();
    }),
  );
  await Promise.all([restored, devSecret, views.testSeams]);

  const api: RepoDeskApi = { viewIds: views.viewIds };
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    return { ...api, testing: { setBrowserOpener: auth.setBrowserOpener, session, provider: auth.provider, engagement } };
  }
  return api;
}

export function deactivate(): void {}
