// The review comments of a pull request, read and written in one place: the
// inline threads in the editor, the Review Comments view and the Pull
// Requests view's threads all read through it (one client, so one ETag cache:
// an unchanged list answers 304 and spends no rate limit) and hear of every
// change made through any of them, so none shows stale data after a reply,
// an edit, a delete or a refresh.
import * as vscode from 'vscode';
import type { NewReviewComment, ReviewComment } from '../../../hosting';
import type { HostingSession } from '../../shared/session/hostingSession';
import { isUnreachable } from '../../shared/tree/offlineRows';
import type { OfflineCopies } from '../../shared/gitfs/offlineCopies';

export interface PullKey {
  owner: string;
  repo: string;
  number: number;
  /** The account the pull request was opened under (its diff's threads): read and written with it; none: the account in use. */
  accountId?: string | undefined;
}

export function samePull(a: PullKey | undefined, b: PullKey | undefined): boolean {
  return !!a && !!b && a.owner === b.owner && a.repo === b.repo && a.number === b.number;
}

/** How many pull requests' last lists are kept for offline use (the most recently read). */
const LAST_READ_KEPT = 20;
/** No offline copy kept or read (the storage refused): the service's answer or error stands. */
const noCopy = () => undefined;

export class PullReviewComments implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PullKey | undefined>();
  /** A pull request's comments changed (undefined: any pull request's, as after a refresh). */
  readonly onDidChange = this.changed.event;

  /** `copies`: where the last list read is kept for a window reloaded while the service does not answer. */
  constructor(
    private readonly session: HostingSession,
    readonly copies?: () => Promise<OfflineCopies>,
  ) {}

  private client(pull: PullKey) {
    const client = pull.accountId !== undefined ? this.session.clientFor(pull.accountId) : this.session.client;
    if (!client) throw new Error(vscode.l10n.t('Sign in to RepoDesk first.'));
    return client;
  }

  /** The last list read of the pull requests read lately: what the threads keep showing while the service does not answer. */
  private readonly lastRead = new Map<string, ReviewComment[]>();

  /**
   * Every comment of the pull request (a conditional request when read
   * before). While the service does not answer, the list read last (also
   * before a reload, from the offline copies), so a diff keeps its threads
   * offline (the reachability item says so).
   */
  async list(pull: PullKey): Promise<ReviewComment[]> {
    const key = `comments ${pull.accountId ?? this.session.account?.id} ${pull.owner}/${pull.repo}#${pull.number}`;
    try {
      const read = await this.client(pull).reviewComments.listAllForPull(pull.owner, pull.repo, pull.number, { priority: 'background' });
      this.lastRead.delete(key);
      this.lastRead.set(key, read);
      if (this.lastRead.size > LAST_READ_KEPT) this.lastRead.delete(this.lastRead.keys().next().value!);
      void this.copies?.().then((c) => c.keepAnswer(key, read), noCopy);
      return read;
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      const kept = this.lastRead.get(key) ?? (await this.copies?.().then((c) => c.answer<ReviewComment[]>(key), noCopy));
      if (kept) return kept;
      throw err;
    }
  }

  async create(pull: PullKey, input: NewReviewComment): Promise<ReviewComment> {
    const created = await this.client(pull).reviewComments.create(pull.owner, pull.repo, pull.number, input);
    this.changed.fire(pull);
    return created;
  }

  async update(pull: PullKey, id: number, body: string): Promise<ReviewComment> {
    const updated = await this.client(pull).reviewComments.update(pull.owner, pull.repo, id, body);
    this.changed.fire(pull);
    return updated;
  }

  async delete(pull: PullKey, id: number): Promise<void> {
    try {
      await this.client(pull).reviewComments.delete(pull.owner, pull.repo, id);
    } finally {
      // Also after a failure: a comment deleted elsewhere should disappear here.
      this.changed.fire(pull);
    }
  }

  private readonly headMoved = new vscode.EventEmitter<PullKey>();
  /** A pull request's head moved (a commit made to it from here): its diffs and threads follow the new head. */
  readonly onDidMoveHead = this.headMoved.event;

  /** Tells the readers that the pull request's head moved (its comments were placed on the new head too). */
  fireHeadMoved(pull: PullKey): void {
    this.headMoved.fire(pull);
    this.changed.fire(pull);
  }

  /** Tells every reader that comments changed (after a write made elsewhere, or a refresh). */
  fireChanged(pull?: PullKey): void {
    this.changed.fire(pull);
  }

  dispose(): void {
    this.changed.dispose();
    this.headMoved.dispose();
  }
}
