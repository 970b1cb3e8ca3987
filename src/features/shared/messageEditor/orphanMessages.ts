// Messages whose flow is gone: a window reload ended the commit or merge they
// were written for, while their text (and often their tab, which VS Code
// restores) stayed. Each is offered once in a notification that says what it
// was; its ✓ (or the notification's first action) starts the flow again with
// the text (the flow's editor starts from the text kept for its key), its ✕ or
// a closed tab keeps the text for the next try, Discard drops it.
import * as vscode from 'vscode';
import { MESSAGE_SCHEME } from './messageFileSystem';
import type { MessageStore, OpenMessage } from './messageStore';

interface EditorParts {
  say(text: string): void;
  /** Records what a notification of its own said (tests read it). */
  note(text: string): void;
  /** The text as the window has it (saved first). */
  savedText(path: string): Promise<string>;
  closeTabs(path: string): Promise<void>;
  /** A flow of this window waits for this path's ✓ or ✕: not an orphan. */
  isPending(path: string): boolean;
}

export class Orphans {
  /** Paths already offered in this window: one notification each. */
  private readonly offered = new Set<string>();

  constructor(
    private readonly store: MessageStore,
    private readonly editor: EditorParts,
  ) {}

  /** After a reload: every message the store holds lost its flow. */
  offerAll(): void {
    for (const path of this.store.paths()) this.offer(path);
  }

  /** A restored tab read a file nothing knows (its text was not kept): it is offered as what its name says. */
  unknown(path: string): void {
    if (this.editor.isPending(path)) return;
    this.store.write(path, '');
    this.offer(path);
  }

  /** ✓, or the notification's first action: the flow again with the text, or (none known) the text copied. */
  async resume(path: string): Promise<void> {
    const message = await this.take(path);
    if (!message) return;
    const { key, title, text, resume } = message;
    if (!text.trim()) {
      this.editor.say(vscode.l10n.t('“{0}” was empty: nothing to start again with.', title));
      return;
    }
    this.store.keep(key, text);
    if (resume) {
      await vscode.commands.executeCommand(resume.command, ...(resume.args ?? []));
      return;
    }
    await vscode.env.clipboard.writeText(text);
    this.editor.say(vscode.l10n.t('The text of “{0}” is copied to the clipboard, and back in the editor the next time it opens.', title));
  }

  /** ✕ or the tab closed: as a cancel, the text kept for the next try. */
  async keep(path: string): Promise<void> {
    const message = await this.take(path);
    if (!message) return;
    this.store.keep(message.key, message.text);
    if (message.text.trim()) this.editor.say(vscode.l10n.t('The text of “{0}” is kept: it is back in the editor the next time it opens.', message.title));
  }

  async discard(path: string): Promise<void> {
    const message = await this.take(path);
    if (message) this.editor.say(vscode.l10n.t('The text of “{0}” is discarded.', message.title));
  }

  private offer(path: string): void {
    const message = this.store.message(path);
    if (!message || this.offered.has(path) || this.editor.isPending(path)) return;
    this.offered.add(path);
    const again = message.resume?.title ?? vscode.l10n.t('Copy Text');
    const show = vscode.l10n.t('Show Text');
    const discard = vscode.l10n.t('Discard');
    const what = message.resume
      ? vscode.l10n.t('The window reloaded while “{0}” was being written: nothing was sent. Its text is kept: {1} starts again with it.', message.title, again)
      : vscode.l10n.t('The window reloaded while “{0}” was being written: nothing was sent. Its text is kept.', message.title);
    this.editor.note(what);
    void vscode.window.showInformationMessage(what, again, show, discard).then((picked) => {
      if (picked === again) void this.act(path, 'again', message.title);
      else if (picked === discard) void this.act(path, 'discard', message.title);
      else if (picked === show) void this.act(path, 'show', message.title);
    });
  }

  /**
   * An action of the notification, picked. VS Code cannot take a notification
   * back, so it can outlive its message: settled since (the restored tab's ✓
   * or ✕), the action says so rather than doing nothing; taken up again by a
   * flow of this window (the tab's ✓ started it), it shows that flow's editor.
   */
  async act(path: string, action: 'again' | 'show' | 'discard', title: string): Promise<void> {
    if (!this.store.message(path)) {
      this.editor.say(vscode.l10n.t('“{0}” is settled already (its tab’s ✓ or ✕): nothing more to do.', title));
      return;
    }
    if (action === 'show' || this.editor.isPending(path)) return this.show(path);
    return action === 'again' ? this.resume(path) : this.discard(path);
  }

  /** Its editor, with ✓ and ✕ (the file reads the kept text). */
  private async show(path: string): Promise<void> {
    if (!this.store.message(path)) return;
    await vscode.window.showTextDocument(vscode.Uri.from({ scheme: MESSAGE_SCHEME, path }), { preview: false });
  }

  /** The message out of the store, its tab closed; undefined when it was settled already or a flow owns it again. */
  private async take(path: string): Promise<OpenMessage | undefined> {
    if (this.editor.isPending(path) || !this.store.message(path)) return undefined;
    const text = await this.editor.savedText(path);
    await this.editor.closeTabs(path);
    const message = this.store.end(path);
    if (!message) return undefined;
    return { ...message, text };
  }
}
