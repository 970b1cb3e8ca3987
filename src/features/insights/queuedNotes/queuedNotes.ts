// Case notes written while the engagement service did not answer, at work:
// loaded with the first one (or at start when some are stored, or with an
// Insights panel), they are kept in workspace storage beside the note boxes'
// drafts (noteDrafts.ts, a key of their own), counted in the status bar, drawn
// in their case's notes by the panels, and added once the service answers
// (model/queuedNotes.ts: in the order written, each exactly once). The
// engagement service has no reachability watch of its own: a service that did
// not answer is tried again on a backoff (model/queuedNotes.ts), and at once
// when any read of it is answered, when the sign-in changes, or on Send Now.
// A note the service refuses (its case gone) stays with the service's words,
// to copy, discard or send again.
import * as vscode from 'vscode';
import type { EngagementClient } from '../../../engagement';
import type { Logger } from '../../shared/log/outputLog';
import type { EngagementSession } from '../../shared/session/engagementSession';
import {
  dropNotes,
  markNote,
  missedTry,
  noAnswer,
  parseQueued,
  queueNote,
  sendNotes,
  servicesWaiting,
  toSend,
  type NotesService,
  type NoteStep,
  type QueuedNote,
  type Retry,
} from '../model/queuedNotes';

const SHOW_COMMAND = 'repodesk.insights.queuedNotes.show';

/** A note as the panel hands it over when the service did not answer. */
export type NewQueuedNote = Pick<QueuedNote, 'service' | 'caseId' | 'text' | 'repo'>;

const notesService = (client: EngagementClient): NotesService => ({
  notes: async (caseId) => (await client.getCase(caseId)).notes ?? [],
  add: (caseId, text) => client.updateCase(caseId, { notes: [text] }),
});

export class QueuedNotes implements vscode.Disposable {
  private list: QueuedNote[];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a note is queued, added, refused or discarded. */
  readonly onDidChange = this.changed.event;
  private readonly status = vscode.window.createStatusBarItem('repodesk.insights.queuedNotes', vscode.StatusBarAlignment.Left, 48);
  /** By service, one that did not answer: when it is tried again. */
  private readonly retries = new Map<string, Retry>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  /** A note was queued while a run was sending: another run follows (that run's answer may make the service look reachable). */
  private again = false;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly state: vscode.Memento,
    /** Their key in it (noteDrafts.ts names it: activation asks whether any wait). */
    private readonly storageKey: string,
    private readonly engagement: EngagementSession,
    private readonly log: Logger,
    testing: boolean,
  ) {
    this.list = parseQueued(state.get(storageKey));
    this.status.name = vscode.l10n.t('RepoDesk Queued Case Notes');
    this.status.command = SHOW_COMMAND;
    this.disposables = [
      this.status,
      this.changed,
      engagement.onDidChange(() => void this.send()),
      vscode.commands.registerCommand(SHOW_COMMAND, async () => (await import('./queuedNotesCommands.js')).showQueuedNotes(this)),
    ];
    if (testing) {
      this.disposables.push(
        // The status bar item's text, or undefined when it is hidden.
        vscode.commands.registerCommand('repodesk.testing.queuedNotesStatus', () => (this.list.length ? this.status.text : undefined)),
        // Every queued note, with the service's words when it refused one.
        vscode.commands.registerCommand('repodesk.testing.queuedNotes', () => this.list.map(({ key, caseId, text, error }) => ({ key, caseId, text, error }))),
      );
    }
    this.showStatus();
  }

  /** Every queued note, in the order written. */
  all(): readonly QueuedNote[] {
    return this.list;
  }

  /** Queues the note when `failure` is no answer at all (model/queuedNotes.ts: noAnswer); whether it did. */
  async take(note: NewQueuedNote, failure: unknown): Promise<boolean> {
    if (!noAnswer(failure)) return false;
    await this.add(note);
    return true;
  }

  /** Queues a note whose adding got no answer (it was sent: its answer may be what was lost). */
  private async add(note: NewQueuedNote): Promise<void> {
    const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    if (this.running) this.again = true;
    await this.change(queueNote(this.list, { ...note, key, writtenAt: Date.now(), tried: true }));
    this.log.info(`Case note for case ${note.caseId} queued: ${note.service} did not answer.`);
    this.missed(note.service);
  }

  /** A read of `service` was answered: what waits for it goes now. */
  answered(service: string): void {
    if (this.retries.has(service)) void this.send();
  }

  /** Puts the note's text on the clipboard. */
  async copy(key: string): Promise<void> {
    const note = this.list.find((n) => n.key === key);
    if (!note) return;
    await vscode.env.clipboard.writeText(note.text);
    void vscode.window.showInformationMessage(vscode.l10n.t('The case note’s text is on the clipboard.'));
  }

  /** Drops the note once confirmed (it was never added). */
  async discard(key: string): Promise<void> {
    const note = this.list.find((n) => n.key === key);
    if (!note) return;
    const yes = vscode.l10n.t('Discard');
    const sure = await vscode.window.showWarningMessage(
      vscode.l10n.t('Discard this queued note of case #{0}? It was never added.', note.caseId),
      { modal: true, detail: note.text },
      yes,
    );
    if (sure === yes) await this.change(dropNotes(this.list, new Set([key])));
  }

  /** Adds what is queued; `retryRefused`: also what the service refused before (a person asked). */
  send(retryRefused = false): Promise<void> {
    if (this.list.length === 0) return Promise.resolve();
    this.running ??= this.sendAll(retryRefused).finally(() => {
      this.running = undefined;
      if (!this.again) return;
      this.again = false;
      void this.send();
    });
    return this.running;
  }

  private async sendAll(retryRefused: boolean): Promise<void> {
    let posted = 0;
    const refused: string[] = [];
    const services = retryRefused ? [...new Set(this.list.map((n) => n.service))] : servicesWaiting(this.list);
    for (const service of services) {
      const client = await this.engagement.client(service).catch(() => undefined);
      // Signed out of it: its notes wait for the sign-in (onDidChange).
      if (!client) continue;
      const outcome = await sendNotes(toSend(this.list, service, retryRefused), notesService(client), (s) => this.step(s));
      posted += outcome.posted;
      refused.push(...outcome.refused);
      if (outcome.unanswered) this.missed(service);
      else this.retries.delete(service);
    }
    this.schedule();
    this.log.info(`Queued case notes: ${posted} added, ${refused.length} refused.`);
    if (posted && !refused.length)
      void vscode.window.showInformationMessage(
        posted === 1
          ? vscode.l10n.t('The case note written while the service did not answer is added.')
          : vscode.l10n.t('The {0} case notes written while the service did not answer are added.', posted),
      );
    // Not awaited: the next send must not wait for a click on this notification.
    if (refused.length)
      void vscode.window
        .showWarningMessage(
          refused.length === 1
            ? vscode.l10n.t('A queued case note could not be added; it is kept. The service said: {0}', refused[0]!)
            : vscode.l10n.t('{0} queued case notes could not be added; they are kept. The service said: {1}', refused.length, refused[0]!),
          vscode.l10n.t('Show Queued Case Notes'),
        )
        .then((picked) => picked && vscode.commands.executeCommand(SHOW_COMMAND));
  }

  /** One note's step, stored at once: a window closed mid-way loses nothing and sends nothing twice. */
  private step(s: NoteStep): Promise<void> {
    switch (s.step) {
      case 'trying':
        return this.change(markNote(this.list, s.key, { tried: true }));
      case 'posted':
      case 'alreadyPosted':
        return this.change(dropNotes(this.list, new Set([s.key])));
      case 'refused':
        return this.change(markNote(this.list, s.key, { error: s.message }));
    }
  }

  private async change(next: QueuedNote[]): Promise<void> {
    this.list = next;
    this.showStatus();
    this.changed.fire();
    await this.state.update(this.storageKey, next.length ? next : undefined);
  }

  /** `service` did not answer: tried again when its backoff says (model/queuedNotes.ts: missedTry). */
  private missed(service: string): void {
    this.retries.set(service, missedTry(this.retries.get(service), Date.now()));
    this.schedule();
  }

  /** The timer of the next try: the earliest of the services that did not answer and have notes waiting. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = new Set(servicesWaiting(this.list));
    const due = [...this.retries].filter(([s]) => waiting.has(s)).map(([, r]) => r.nextTryAt);
    if (due.length) this.timer = setTimeout(() => void this.send(), Math.max(0, Math.min(...due) - Date.now()));
  }

  private showStatus(): void {
    const n = this.list.length;
    void vscode.commands.executeCommand('setContext', 'repodesk.insights.queuedNotes.any', n > 0);
    if (n === 0) return this.status.hide();
    this.status.text = n === 1 ? vscode.l10n.t('$(cloud-upload) 1 case note queued') : vscode.l10n.t('$(cloud-upload) {0} case notes queued', n);
    this.status.tooltip = vscode.l10n.t(
      'Case notes written while the engagement service did not answer: added once it answers. Click to send now, copy or discard.',
    );
    this.status.show();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

/** The queued notes, started (loaded lazily by registerInsights.ts) and sent now if any are stored. */
export function startQueuedNotes(context: vscode.ExtensionContext, storageKey: string, engagement: EngagementSession, log: Logger): QueuedNotes {
  const queued = new QueuedNotes(context.workspaceState, storageKey, engagement, log, context.extensionMode === vscode.ExtensionMode.Test);
  context.subscriptions.push(queued);
  void queued.send();
  return queued;
}
