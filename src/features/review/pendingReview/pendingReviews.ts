// The pending reviews of each signed-in account, kept in workspace storage
// (no secret: bodies, paths, positions and commit SHAs): one record per
// account, repository and pull request, read from storage once and then
// held, written back after every change so a reload or a closed window
// loses nothing. A pull request opened under an account (its `accountId`)
// keeps its drafts under that account, whichever account is in use; one
// without is the account in use's.
import * as vscode from 'vscode';
import type { PullKey } from '../stores/pullReviewComments';
import type { PendingDraft, PendingDrafts, PendingTarget } from '../stores/pendingDrafts';
import {
  accountPrefix,
  addDraft,
  editDraft,
  markDraft,
  newRecord,
  parseRecord,
  recordKey,
  removeDrafts,
  type RecordSpace,
  type ReviewRecord,
} from './model/reviewRecord';

export class PendingReviews implements PendingDrafts, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PullKey | undefined>();
  readonly onDidChange = this.changed.event;
  /** Records read so far (null: none stored), by storage key. */
  private readonly held = new Map<string, ReviewRecord | null>();

  constructor(
    private readonly storage: vscode.Memento,
    private readonly account: () => string | undefined,
    private readonly now: () => Date = () => new Date(),
    /** Which records these are: pending reviews, or the comments queued while the service did not answer. */
    private readonly space: RecordSpace = 'repodesk.pendingReview',
  ) {}

  /** The account whose review of `pull` this is: the one it was opened under, else the one in use. */
  private accountOf(pull: PullKey): string | undefined {
    return pull.accountId ?? this.account();
  }

  private key(pull: PullKey): string | undefined {
    const account = this.accountOf(pull);
    return account === undefined ? undefined : recordKey(account, pull.owner, pull.repo, pull.number, this.space);
  }

  record(pull: PullKey): ReviewRecord | undefined {
    const key = this.key(pull);
    if (!key) return undefined;
    let r = this.held.get(key);
    if (r === undefined) {
      r = parseRecord(this.storage.get(key))?.record ?? null;
      this.held.set(key, r);
    }
    return r ?? undefined;
  }

  isActive(pull: PullKey): boolean {
    return this.record(pull) !== undefined;
  }

  drafts(pull: PullKey): readonly PendingDraft[] {
    return this.record(pull)?.drafts ?? [];
  }

  /** The pull requests with a review pending of `account` (else the one in use), oldest started first (a small list: the status bar's after a reload). */
  started(account = this.account()): PullKey[] {
    const stored = account === undefined ? undefined : this.storage.get(indexKeyOf(account, this.space));
    const list = Array.isArray(stored) ? (stored as Partial<PullKey>[]) : [];
    const pulls = list.filter((p): p is PullKey => typeof p?.owner === 'string' && typeof p.repo === 'string' && typeof p.number === 'number');
    // Another account's than the one in use: its records are read as its own.
    const own = (p: PullKey): PullKey => (account === this.account() ? p : { owner: p.owner, repo: p.repo, number: p.number, accountId: account });
    return pulls.map(own).filter((p) => this.isActive(p));
  }

  private async save(pull: PullKey, next: ReviewRecord | undefined): Promise<void> {
    const key = this.key(pull);
    const account = this.accountOf(pull);
    if (!key || account === undefined) throw new Error(vscode.l10n.t('Sign in to RepoDesk first.'));
    const wasActive = this.isActive(pull);
    this.held.set(key, next ?? null);
    await this.storage.update(key, next);
    if (wasActive !== (next !== undefined)) {
      const others = this.started(account)
        .filter((p) => !(p.owner === pull.owner && p.repo === pull.repo && p.number === pull.number))
        .map((p) => ({ owner: p.owner, repo: p.repo, number: p.number }));
      await this.storage.update(indexKeyOf(account, this.space), next ? [...others, { owner: pull.owner, repo: pull.repo, number: pull.number }] : others);
    }
    this.changed.fire(pull);
  }

  private need(pull: PullKey): ReviewRecord {
    const r = this.record(pull);
    if (!r) throw new Error(vscode.l10n.t('No review is pending on #{0}.', pull.number));
    return r;
  }

  /** Starts a review (one already pending stays as it is). */
  async start(pull: PullKey): Promise<boolean> {
    if (this.isActive(pull)) return false;
    await this.save(pull, newRecord(this.now().toISOString()));
    return true;
  }

  async add(pull: PullKey, body: string, target: PendingTarget): Promise<PendingDraft> {
    const { record, draft } = addDraft(this.need(pull), body, target, this.now().toISOString());
    await this.save(pull, record);
    return draft;
  }

  async edit(pull: PullKey, id: string, body: string): Promise<void> {
    await this.save(pull, editDraft(this.need(pull), id, body));
  }

  async remove(pull: PullKey, ids: ReadonlySet<string>): Promise<void> {
    await this.save(pull, removeDrafts(this.need(pull), ids));
  }

  async mark(pull: PullKey, id: string, change: { tried?: boolean; error?: string | undefined }): Promise<void> {
    await this.save(pull, markDraft(this.need(pull), id, change));
  }

  async update(pull: PullKey, change: (r: ReviewRecord) => ReviewRecord): Promise<void> {
    await this.save(pull, change(this.need(pull)));
  }

  /** Ends the review: its record leaves storage. */
  async end(pull: PullKey): Promise<void> {
    await this.save(pull, undefined);
  }

  /** The user signed out of `account`: its pending reviews leave storage (the other accounts' stay). */
  async forgetAccount(account: string): Promise<void> {
    const prefix = accountPrefix(account, this.space);
    for (const key of this.storage.keys()) {
      if (!key.startsWith(prefix) && key !== indexKeyOf(account, this.space)) continue;
      this.held.delete(key);
      await this.storage.update(key, undefined);
    }
    this.changed.fire(undefined);
  }

  /** The account changed: records are read again for the new one. */
  accountChanged(): void {
    this.held.clear();
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The storage key of an account's list of pull requests with a review pending. */
function indexKeyOf(account: string, space: RecordSpace): string {
  return `${space}.index/${encodeURIComponent(account)}`;
}
