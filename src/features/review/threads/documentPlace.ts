// Which pull request, file and diff side a document shows: a `repodesk:`
// document of a diff RepoDesk opened for a pull request (or of the selected
// pull request's base or head commit), or a workspace file whose content is
// the pull request's head blob (same path, same blob SHA).
import { isUnreachable } from '../../shared/tree/offlineRows';
import * as vscode from 'vscode';
import { blobSha } from '../../../gitdata/hashing';
import { collect, type HostingClient, type PullRequest, type PullRequestFile } from '../../../hosting';
import type { DocumentSide } from '../../../reviewing/threadPlacement';
import { fromGitPath } from '../../../util/gitUri';
import { GIT_SCHEME } from '../../shared/gitfs/gitFileSystem';
import { pullDiffAt } from '../../shared/gitfs/pullDiffs';
import type { PullKey } from '../stores/pullReviewComments';
import type { SelectedPull } from '../../shared/selection/selectedPull';
import type { OfflineCopies } from '../../shared/gitfs/offlineCopies';

/** No offline copy kept or read (the storage refused): the service's answer or error stands. */
const noCopy = () => undefined;

export interface DocumentPlace extends DocumentSide {
  pull: PullKey;
  head: { sha: string };
  base: { sha: string };
  /** The file of the pull request (its patch gives the positions); undefined when the file is not among its changes. */
  file: PullRequestFile | undefined;
  path: string;
  /** The document is the current head or base: new comments can be made on it. */
  current: boolean;
}

/** A pull request's head (or base) read at another commit than it was read at before. */
export interface HeadMove {
  pull: PullKey;
  before: { head: string; base: string };
  now: PullRequest;
}

/** Pull requests and their files, read once per head commit (a new head reads again). */
export class PullFacts {
  private readonly pulls = new Map<string, Promise<PullRequest>>();
  private readonly files = new Map<string, Promise<PullRequestFile[]>>();
  /** The head and base each pull request was last read at: a read at others is a move (onMove). */
  private readonly tips = new Map<string, { head: string; base: string }>();
  /** Each pull request as last read. */
  private readonly lastRead = new Map<string, PullRequest>();

  /**
   * `client(accountId)`: that account's client; without one, the account in use's. `onMove`: hears of a head or
   * base that moved. `copies`: where the last answers are kept for a window reloaded while the service does not
   * answer; `accountIn`: the account a key without one is read with (its copies are its own).
   */
  constructor(
    private readonly client: (accountId?: string) => HostingClient | undefined,
    private readonly onMove?: (move: HeadMove) => void,
    private readonly copies?: () => Promise<OfflineCopies>,
    private readonly accountIn: () => string | undefined = () => undefined,
  ) {}

  /** The read's answer; while the service does not answer, the one kept last (in memory, else on disk), if any. */
  private async readOrKept<T>(id: string, read: () => Promise<T>, inMemory?: T): Promise<T> {
    try {
      const now = await read();
      void this.copies?.().then((c) => c.keepAnswer(id, now), noCopy);
      return now;
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      const kept = inMemory ?? (await this.copies?.().then((c) => c.answer<T>(id), noCopy));
      if (kept) return kept;
      throw err;
    }
  }

  pull(key: PullKey): Promise<PullRequest> {
    const id = `pull ${key.accountId ?? this.accountIn()} ${key.owner}/${key.repo}#${key.number}`;
    let p = this.pulls.get(id);
    if (!p) {
      // While the service does not answer, the pull request as read last: its diffs keep their threads offline.
      p = this.readOrKept(id, () => this.need(key).pulls.get(key.owner, key.repo, key.number, { priority: 'background' }), this.lastRead.get(id));
      this.pulls.set(id, p);
      p.then(
        (now) => {
          this.lastRead.set(id, now);
          const before = this.tips.get(id);
          this.tips.set(id, { head: now.head.sha, base: now.base.sha });
          if (before && (before.head !== now.head.sha || before.base !== now.base.sha)) this.onMove?.({ pull: key, before, now });
        },
        () => this.pulls.delete(id),
      );
    }
    return p;
  }

  filesAt(key: PullKey, headSha: string): Promise<PullRequestFile[]> {
    const id = `files ${key.accountId ?? this.accountIn()} ${key.owner}/${key.repo}#${key.number}@${headSha}`;
    let p = this.files.get(id);
    if (!p) {
      p = this.readOrKept(id, () => collect(this.need(key).pulls.listFiles(key.owner, key.repo, key.number, { priority: 'background' })));
      this.files.set(id, p);
      p.catch(() => this.files.delete(id));
    }
    return p;
  }

  /** Forgets the pull requests (their head may have moved); files stay keyed by head. */
  forget(): void {
    this.pulls.clear();
  }

  private need(key: PullKey): HostingClient {
    const c = this.client(key.accountId);
    if (!c) throw new Error(vscode.l10n.t('Sign in to RepoDesk first.'));
    return c;
  }
}

export async function documentPlace(uri: vscode.Uri, selected: SelectedPull, facts: PullFacts): Promise<DocumentPlace | undefined> {
  if (uri.scheme === GIT_SCHEME) return gitDocumentPlace(uri, selected, facts);
  if (uri.scheme === 'file') return workspaceDocumentPlace(uri, selected, facts);
  return undefined;
}

async function gitDocumentPlace(uri: vscode.Uri, selected: SelectedPull, facts: PullFacts): Promise<DocumentPlace | undefined> {
  let loc;
  try {
    loc = fromGitPath(uri.path, uri.query);
  } catch {
    return undefined;
  }
  if (loc.empty) return undefined;
  const sel = selected.value;
  let key: PullKey | undefined;
  let side: 'head' | 'base' | undefined;
  let byUri = false;
  // A diff that names its pull request is that pull request's (also one VS Code restored after a reload, before
  // anything was selected); one opened with an account of its own is that account's pull request's (not the
  // selection's, read with the account in use).
  if (loc.pull !== undefined) {
    key = { owner: loc.owner, repo: loc.repo, number: loc.pull };
    const opened = pullDiffAt(loc.owner, loc.repo, loc.sha, loc.account);
    if (opened?.number === loc.pull) side = opened.baseSha === loc.sha ? 'base' : 'head';
    else byUri = true;
  } else if (
    loc.account === undefined &&
    sel &&
    sel.owner === loc.owner &&
    sel.repo === loc.repo &&
    (sel.pull.head.sha === loc.sha || sel.pull.base.sha === loc.sha)
  ) {
    key = sel;
    side = sel.pull.base.sha === loc.sha ? 'base' : 'head';
  } else {
    const opened = pullDiffAt(loc.owner, loc.repo, loc.sha, loc.account);
    if (!opened) return undefined;
    key = opened;
    side = opened.baseSha === loc.sha ? 'base' : 'head';
  }
  const pullKey: PullKey = { owner: key.owner, repo: key.repo, number: key.number, ...(loc.account !== undefined ? { accountId: loc.account } : {}) };
  const pull = await facts.pull(pullKey);
  // Not opened in this window (restored after a reload): the pull request's base commit is the base side, any
  // other commit (the head, or an older head) the head side.
  if (byUri) side = loc.sha === pull.base.sha && loc.sha !== pull.head.sha ? 'base' : 'head';
  if (!side) return undefined;
  const files = await facts.filesAt(pullKey, pull.head.sha);
  const file = files.find((f) => f.filename === loc.path);
  const current = loc.sha === (side === 'head' ? pull.head.sha : pull.base.sha);
  return { pull: pullKey, head: pull.head, base: pull.base, file, path: loc.path, sha: loc.sha, side, current };
}

async function workspaceDocumentPlace(uri: vscode.Uri, selected: SelectedPull, facts: PullFacts): Promise<DocumentPlace | undefined> {
  const sel = selected.value;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!sel || !folder) return undefined;
  const path = vscode.workspace.asRelativePath(uri, false).split('\\').join('/');
  const pull = await facts.pull(sel);
  const file = (await facts.filesAt(sel, pull.head.sha)).find((f) => f.filename === path);
  if (!file || file.status === 'removed') return undefined;
  // Only the head's own content: the lines of any other version would not match the positions.
  const bytes = await vscode.workspace.fs.readFile(uri);
  if (blobSha(bytes) !== file.sha) return undefined;
  return {
    pull: { owner: sel.owner, repo: sel.repo, number: sel.number },
    head: pull.head,
    base: pull.base,
    file,
    path,
    sha: pull.head.sha,
    side: 'head',
    current: true,
  };
}
