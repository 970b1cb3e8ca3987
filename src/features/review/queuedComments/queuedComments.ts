// The queued comments at work, loaded with the first one (registerQueuedComments.ts):
// the status bar item that counts them, their posting once the service
// answers (sendQueued.ts), one run at a time, and their list (queuedCommands.ts).
// One the service refuses (its pull request gone, its line no longer in the
// diff) stays with the service's words, to send again, copy or discard.
import * as vscode from 'vscode';
import type { FeatureContext } from '../../shared/featureContext';
import type { HostingSession } from '../../shared/session/hostingSession';
import type { Logger } from '../../shared/log/outputLog';
import type { PendingReviews } from '../pendingReview/pendingReviews';
import type { PendingTarget } from '../stores/pendingDrafts';
import type { PullKey } from '../stores/pullReviewComments';

const SHOW_COMMAND = 'repodesk.queuedComments.show';

export class QueuedCommentsAtWork {
  private readonly status = vscode.window.createStatusBarItem('repodesk.queuedComments', vscode.StatusBarAlignment.Left, 49);
  private running: Promise<void> | undefined;
  private readonly session: HostingSession;
  private readonly log: Logger;
  private readonly afterPosted: () => void;

  constructor(
    ctx: Pick<FeatureContext, 'extension' | 'session' | 'log'> & { afterPosted: () => void },
    private readonly records: PendingReviews,
  ) {
    ({ session: this.session, log: this.log, afterPosted: this.afterPosted } = ctx);
    this.status.name = vscode.l10n.t('RepoDesk Queued Comments');
    this.status.command = SHOW_COMMAND;
    ctx.extension.subscriptions.push(
      this.status,
      records.onDidChange(() => this.showStatus()),
      this.session.onDidChange(() => {
        records.accountChanged();
        this.showStatus();
      }),
      this.session.onDidSignOutAccount((account) => void records.forgetAccount(account)),
    );
    this.showStatus();
  }

  /** The commands registered lazily by registerQueuedComments. */
  readonly commands = {
    'repodesk.queuedComments.show': async () => (await import('./queuedCommands.js')).showQueued(this.records, this.queued(), () => this.send(true)),
    // The status bar item's text, or undefined when it is hidden.
    'repodesk.testing.queuedStatus': () => (this.queued().length ? this.status.text : undefined),
    // Every queued comment, with the service's words when it refused one.
    'repodesk.testing.queuedComments': () =>
      this.queued().flatMap(({ pull }) => this.records.drafts(pull).map((d) => ({ pull, body: d.body, error: d.error }))),
  };

  /** Queues `body` for `pull` (the service did not answer when it was sent). */
  async add(pull: PullKey, body: string, target: PendingTarget): Promise<void> {
    if (!this.records.isActive(pull)) await this.records.start(pull);
    await this.records.add(pull, body, target);
  }

  /** Every account's pull requests with comments queued. */
  queued() {
    return this.session.accounts.flatMap((account) => this.records.started(account.id).map((pull) => ({ account, pull })));
  }

  showStatus(): void {
    const n = this.queued().reduce((sum, q) => sum + this.records.drafts(q.pull).length, 0);
    void vscode.commands.executeCommand('setContext', 'repodesk.queuedComments.any', n > 0);
    if (n === 0) return this.status.hide();
    this.status.text = n === 1 ? vscode.l10n.t('$(cloud-upload) 1 comment queued') : vscode.l10n.t('$(cloud-upload) {0} comments queued', n);
    this.status.tooltip = vscode.l10n.t('Written while the service did not answer: posted once it answers. Click to send now, copy or discard.');
    this.status.show();
  }

  /** Posts what is queued, of every signed-in account; `retryRefused`: also what the service refused before. */
  send(retryRefused = false): Promise<void> {
    if (!this.session.signedIn || this.queued().length === 0) return Promise.resolve();
    this.running ??= this.sendAll(retryRefused).finally(() => (this.running = undefined));
    return this.running;
  }

  private async sendAll(retryRefused: boolean): Promise<void> {
    const { sendQueued } = await import('./sendQueued.js');
    let posted = 0;
    const refused: string[] = [];
    const unanswered = new Set<string>();
    for (const { account, pull } of this.queued()) {
      // The service stopped answering: its other pull requests wait for it too.
      if (unanswered.has(account.apiUrl)) continue;
      const outcome = await sendQueued(account.client, account.login, pull, this.records, retryRefused);
      posted += outcome.posted;
      refused.push(...outcome.refused);
      if (outcome.unanswered) unanswered.add(account.apiUrl);
    }
    if (posted) this.afterPosted();
    this.log.info(`Queued comments: ${posted} posted, ${refused.length} refused; ${unanswered.size} service(s) did not answer.`);
    if (posted && !refused.length)
      void vscode.window.showInformationMessage(
        posted === 1
          ? vscode.l10n.t('The comment written while the service did not answer is posted.')
          : vscode.l10n.t('The {0} comments written while the service did not answer are posted.', posted),
      );
    // Not awaited: the next send must not wait for a click on this notification.
    if (refused.length)
      void vscode.window
        .showWarningMessage(
          refused.length === 1
            ? vscode.l10n.t('A queued comment could not be posted; it is kept. The service said: {0}', refused[0]!)
            : vscode.l10n.t('{0} queued comments could not be posted; they are kept. The service said: {1}', refused.length, refused[0]!),
          vscode.l10n.t('Show Queued Comments'),
        )
        .then((picked) => picked && vscode.commands.executeCommand(SHOW_COMMAND));
  }
}
