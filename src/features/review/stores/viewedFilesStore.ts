// The files of each pull request the user marked as viewed, per account and
// pull request, in workspace storage (no secret: paths and blob SHAs). One
// record per pull request (src/reviewing/viewedFiles.ts says what it holds);
// the Pull Requests view, the overview page and the Viewed Files commands
// read and write it here and hear of every change.
import * as vscode from 'vscode';
import { EMPTY_VIEWED, markViewed, readViewed, unmarkViewed, viewedKey, type HeadFile, type PullViewed } from '../../../reviewing/viewedFiles';
import type { HostingSession } from '../../shared/session/hostingSession';
import { readHostingSettings } from '../../shared/session/settings';
import type { PullKey } from './pullReviewComments';

/** Whether the Changed Files lists leave out the files viewed (workspace storage). */
const HIDE_KEY = 'repodesk.viewedFiles.hide';

export class ViewedFilesStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PullKey | undefined>();
  /** A pull request's marks changed (undefined: the hide toggle). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly session: HostingSession,
  ) {}

  private key(pull: PullKey): string | undefined {
    const accountId = this.session.account?.id;
    return accountId === undefined ? undefined : viewedKey(readHostingSettings().apiUrl, accountId, pull.owner, pull.repo, pull.number);
  }

  /** The marks of a pull request (none when signed out). */
  get(pull: PullKey): PullViewed {
    const key = this.key(pull);
    return key ? readViewed(this.state.get(key)) : EMPTY_VIEWED;
  }

  async mark(pull: PullKey, headSha: string, files: readonly HeadFile[], paths: readonly string[]): Promise<void> {
    await this.write(pull, (s) => markViewed(s, headSha, files, paths));
  }

  async unmark(pull: PullKey, paths: readonly string[]): Promise<void> {
    await this.write(pull, (s) => unmarkViewed(s, paths));
  }

  get hideViewed(): boolean {
    return this.state.get<boolean>(HIDE_KEY, false);
  }

  async setHideViewed(hide: boolean): Promise<void> {
    await this.state.update(HIDE_KEY, hide);
    await vscode.commands.executeCommand('setContext', 'repodesk.viewedFiles.hidden', hide);
    this.changed.fire(undefined);
  }

  private async write(pull: PullKey, change: (s: PullViewed) => PullViewed): Promise<void> {
    const key = this.key(pull);
    if (!key) throw new Error(vscode.l10n.t('Sign in to RepoDesk first.'));
    await this.state.update(key, change(readViewed(this.state.get(key))));
    this.changed.fire(pull);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
