// The inline review threads: one CommentController whose threads are the
// review comments of the pull request a document belongs to (documentPlace),
// drawn where placeThreads puts them, and whose commenting ranges are the
// lines of the document that have a position in the pull request's diff.
// Threads are kept across redraws (a reply box being typed in survives a
// refresh) and updated in place.
import * as vscode from 'vscode';
import type { ReviewComment } from '../../../hosting';
import { AvatarCache } from '../../../util/avatars';
import { commentableRuns, mapPositions } from '../../../reviewing/diffPosition';
import { inViewFirst, isOutdated, placeThreads, type PlacementKind } from '../../../reviewing/threadPlacement';
import { groupReviewThreads } from '../../../util/viewFormat';
import { locationText, locationWords } from '../stores/locationWords';
import type { HostingSession } from '../../shared/session/hostingSession';
import type { PullKey, PullReviewComments } from '../stores/pullReviewComments';
import type { PullDiffOpening } from '../../shared/gitfs/pullDiffs';
import type { SelectedPull } from '../../shared/selection/selectedPull';
import { documentPlace, PullFacts, type DocumentPlace } from './documentPlace';
import { ReviewCommentItem } from './reviewCommentItem';
import type { Logger } from '../../shared/log/outputLog';
import type { PendingDraft, PendingDrafts } from '../stores/pendingDrafts';
import { PendingCommentItem } from './pendingCommentItem';
import { followHead } from './followHead';
import { movedThreads } from './movedThreads';
import { fromGitPath } from '../../../util/gitUri';
import { GIT_SCHEME, gitUri } from '../../shared/gitfs/gitFileSystem';
import { errorText } from '../../shared/failure';

const CONTROLLER_ID = 'repodesk.reviewThreads';

/** What drawing a document's threads reads of it: an open document, or a diff's head side still opening (sideToCome). */
interface DrawnDocument {
  readonly uri: vscode.Uri;
  readonly isClosed: boolean;
  readonly lineCount: number;
  lineAt(line: number): { range: vscode.Range };
  getText(): string;
}

export interface ThreadEntry {
  thread: vscode.CommentThread;
  place: DocumentPlace;
  /** The root comment's id; undefined for a thread the user is starting. */
  rootId: number | undefined;
  /** 1-based line; undefined when listed at the top of the file without a line. */
  line: number | undefined;
  kind: PlacementKind | 'new' | 'pending';
  /** What the thread was last drawn from (kind, comments, avatars, reader): a redraw of the same skips VS Code. */
  drawn?: string;
}

/** Up to this many threads in one document open expanded; more open collapsed. */
const EXPANDED_THREADS_AT_MOST = 20;
/** Threads this close to the lines on screen are handed over with them. */
const VIEW_MARGIN_LINES = 5;
/** The threads away from the lines on screen are handed over this much later. */
const LATER_THREADS_AFTER_MS = 600;

/**
 * The documents the front tab of each editor group shows (a text editor's, both sides of a diff, every side of a
 * multi-file diff). Not `visibleTextEditors`: it also lists comment boxes, and after a while editors whose tab is
 * long closed.
 */
function shownDocuments(): Set<string> {
  const shown = new Set<string>();
  const add = (...uris: Array<vscode.Uri | undefined>) => uris.forEach((u) => u && shown.add(u.toString()));
  for (const group of vscode.window.tabGroups.all) {
    const input: unknown = group.activeTab?.input;
    if (input instanceof vscode.TabInputText) add(input.uri);
    else if (input instanceof vscode.TabInputTextDiff) add(input.original, input.modified);
    // A multi-file diff (VS Code's `vscode.changes`: Changes Since My Last Review), whose class this API version lacks.
    else if (input && typeof input === 'object' && 'textDiffs' in input && Array.isArray(input.textDiffs))
      for (const d of input.textDiffs as Array<{ original?: vscode.Uri; modified?: vscode.Uri }>) add(d.original, d.modified);
  }
  return shown;
}

export class InlineThreads implements vscode.Disposable {
  readonly controller = vscode.comments.createCommentController(CONTROLLER_ID, vscode.l10n.t('RepoDesk Review'));
  readonly facts: PullFacts;
  private readonly entries = new Map<string, ThreadEntry>();
  private readonly byThread = new WeakMap<vscode.CommentThread, ThreadEntry>();
  private readonly avatars = new AvatarCache();
  private readonly rendering = new Map<string, Promise<void>>();
  /** Review comments read as a diff started to open (prepare), kept for its documents' first drawing. */
  private readonly prepared = new Map<string, Promise<ReviewComment[]>>();
  /** The head sides drawn before their diff opened (prepare), until the diff is open or did not open (settled). */
  private readonly toCome = new Set<string>();
  /**
   * Open documents no editor showed at the last change: drawn when an editor shows one. VS Code keeps a closed tab's
   * documents (and comment boxes) open for minutes; drawing each again at a refresh read all their pull requests
   * again, and the refresh waited for the slowest (19 s for ~70 documents after an hour's work).
   */
  private readonly stale = new Set<string>();
  private readonly shownWatch: vscode.Disposable;

  constructor(
    private readonly session: HostingSession,
    private readonly selected: SelectedPull,
    private readonly store: PullReviewComments,
    private readonly log?: Logger,
    private readonly pending?: PendingDrafts,
  ) {
    // A head read at another commit than before: the diffs open at the old head move to the new one (followHead).
    this.facts = new PullFacts(
      (accountId) => (accountId !== undefined ? session.clientFor(accountId) : session.client),
      (move) =>
        void followHead(move).catch((err: unknown) => this.log?.info(`Could not move the diffs of #${move.pull.number} to its new head: ${String(err)}`)),
      store.copies,
      () => session.account?.id,
    );
    this.controller.options = {
      prompt: vscode.l10n.t('Reply…'),
      placeHolder: vscode.l10n.t('Write a review comment (Markdown; @ for people, # for issues and pull requests)'),
    };
    this.controller.commentingRangeProvider = {
      provideCommentingRanges: async (document) => {
        const place = await this.placeOf(document.uri);
        if (!place?.current || !place.file) return [];
        return commentableRuns(mapPositions(place.file.patch), place.side).map(([a, b]) => new vscode.Range(a - 1, 0, b - 1, 0));
      },
    };
    // A tab brought to the front, or its editor shown: the documents it shows are drawn if they were left for then.
    const drawStale = () => {
      const shown = shownDocuments();
      for (const document of vscode.workspace.textDocuments)
        if (this.stale.has(document.uri.toString()) && shown.has(document.uri.toString())) void this.redraw(document);
    };
    this.shownWatch = vscode.Disposable.from(vscode.window.tabGroups.onDidChangeTabs(drawStale), vscode.window.onDidChangeVisibleTextEditors(drawStale));
  }

  /** The thread's entry: its document's place, root and line (also for a thread the user started). */
  async entryOf(thread: vscode.CommentThread): Promise<ThreadEntry | undefined> {
    const known = this.byThread.get(thread);
    if (known) return known;
    const place = await this.placeOf(thread.uri);
    if (!place) return undefined;
    const entry: ThreadEntry = { thread, place, rootId: undefined, line: (thread.range?.start.line ?? 0) + 1, kind: 'new' };
    this.byThread.set(thread, entry);
    return entry;
  }

  /** Every thread drawn now (for tests and the Reveal command). */
  get all(): ThreadEntry[] {
    return [...this.entries.values()];
  }

  async placeOf(uri: vscode.Uri): Promise<DocumentPlace | undefined> {
    if (!this.session.client) return undefined;
    try {
      return await documentPlace(uri, this.selected, this.facts);
    } catch (err) {
      this.log?.info(`No review threads for ${uri.toString(true)}: ${errorText(err)}`);
      return undefined;
    }
  }

  /**
   * A diff of the pull request is opening: its pull request, files and review
   * comments (with their authors' avatars) are read now, alongside VS Code's
   * read of the diff's sides, rather than once its documents have opened.
   */
  prepare(d: PullDiffOpening): void {
    if (!this.session.client) return;
    const key: PullKey = { owner: d.owner, repo: d.repo, number: d.number, ...(d.accountId !== undefined ? { accountId: d.accountId } : {}) };
    void this.facts.pull(key).catch(() => undefined);
    void this.facts.filesAt(key, d.headSha).catch(() => undefined);
    const comments = this.store.list(key);
    this.prepared.set(pullId(key), comments);
    void comments.then(
      (all) => this.avatars.loadAll(all.filter((c) => c.path === d.path).map((c) => c.user.avatar_url)),
      () => undefined,
    );
    // The diff may be open already (restored after a reload, or a tab that showed an error): VS Code does not
    // open its documents again, so they are drawn now rather than at the next change.
    const open = vscode.workspace.textDocuments.filter((doc) => isSideOf(doc.uri, d));
    for (const doc of open) void this.redraw(doc);
    // Not open yet: the head side's current threads are drawn as soon as their data is read, while VS Code
    // opens the diff, as an extension that has its thread at hand does. Drawn once the document had opened,
    // the thread waited for VS Code's next exchange with the extension host (~100 ms) on a busy first diff.
    const head = gitUri({ owner: d.owner, repo: d.repo, sha: d.headSha, path: d.path, account: d.accountId, pull: d.number });
    if (!open.some((doc) => doc.uri.toString() === head.toString())) {
      this.toCome.add(head.toString());
      void this.redraw(sideToCome(head), true);
    }
  }

  /**
   * A diff prepare drew the head side of is open (`opened`) or did not open: its threads are no longer kept through
   * redraws as a side still to come, and go, once their drawing is done, when the side did not open.
   */
  settled(d: PullDiffOpening, opened: boolean): void {
    const id = gitUri({ owner: d.owner, repo: d.repo, sha: d.headSha, path: d.path, account: d.accountId, pull: d.number }).toString();
    const run = (this.rendering.get(id) ?? Promise.resolve()).then(() => {
      this.toCome.delete(id);
      if (!opened && !vscode.workspace.textDocuments.some((doc) => doc.uri.toString() === id)) this.forget({ uri: vscode.Uri.parse(id) });
    });
    this.rendering.set(id, run);
  }

  /**
   * The selected pull request's facts and its review comments' authors' avatars, read as it is chosen: a click
   * on one of its files then waits for neither (read at the click, the avatars' answers came late behind the
   * Markdown extension activating for the diff, and the first thread waited for them).
   */
  warm(pull: PullKey | undefined): void {
    if (!pull || !this.session.client) return;
    const key: PullKey = { owner: pull.owner, repo: pull.repo, number: pull.number };
    void this.facts
      .pull(key)
      .then((p) => this.facts.filesAt(key, p.head.sha))
      .catch(() => undefined);
    void this.store.list(key).then(
      (all) => this.avatars.loadAll(all.map((c) => c.user.avatar_url)),
      () => undefined,
    );
  }

  /** The comments prepare read for this pull request, once (later drawings read again: a conditional request). */
  private takePrepared(key: PullKey): Promise<ReviewComment[]> | undefined {
    const id = pullId(key);
    const comments = this.prepared.get(id);
    this.prepared.delete(id);
    return comments;
  }

  /**
   * Draws the threads of the documents an editor shows again (after a change, a refresh or a new selection); the
   * other open documents when an editor shows them. With `forgetPulls` (what was read may be another account's or
   * another pull request's) their threads go meanwhile; after a change they stay as they were until then.
   */
  async redrawAll(forgetPulls = false): Promise<void> {
    // What was read before this change is not drawn after it.
    this.prepared.clear();
    if (forgetPulls) this.facts.forget();
    // The head side of a diff still opening keeps its threads: its document's drawing, once open, redraws them.
    const open = new Set([...vscode.workspace.textDocuments.map((d) => d.uri.toString()), ...this.toCome]);
    for (const [key, e] of this.entries) {
      if (!open.has(e.thread.uri.toString())) this.drop(key);
    }
    await this.drawShown(forgetPulls);
  }

  /** Draws the open documents an editor shows; marks the others to be drawn when one does (their threads gone when `drop`). */
  drawShown(drop = false): Promise<void> {
    const shown = shownDocuments();
    const now: vscode.TextDocument[] = [];
    for (const document of vscode.workspace.textDocuments) {
      const id = document.uri.toString();
      if (shown.has(id) || this.toCome.has(id)) now.push(document);
      else {
        if (drop) this.forget(document);
        this.stale.add(id);
      }
    }
    return Promise.all(now.map((d) => this.redraw(d))).then(() => undefined);
  }

  /** Draws one document's threads; calls for the same document run one after another. */
  redraw(document: DrawnDocument, early = false): Promise<void> {
    const id = document.uri.toString();
    if (!early) this.stale.delete(id);
    const run = (this.rendering.get(id) ?? Promise.resolve())
      .then(() => this.draw(document, early))
      .catch((err: unknown) => {
        this.log?.info(`Could not draw review threads on ${document.uri.toString(true)}: ${errorText(err)}`);
      });
    this.rendering.set(id, run);
    return run;
  }

  forget(document: { readonly uri: vscode.Uri }): void {
    this.stale.delete(document.uri.toString());
    const prefix = `${document.uri.toString()}|`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.drop(key);
  }

  private drop(key: string): void {
    this.entries.get(key)?.thread.dispose();
    this.entries.delete(key);
  }

  /** `early`: the head side of a diff still opening, drawn with its current threads only; its drawing once open does the rest. */
  private async draw(document: DrawnDocument, early = false): Promise<void> {
    const uriKey = document.uri.toString();
    // When each step happened (epoch ms), logged at debug for the editor benchmark (test/bench/editor-features.mjs).
    const steps: [string, number][] = [['asked', Date.now()]];
    const place = await this.placeOf(document.uri);
    steps.push(['placed', Date.now()]);
    const wanted = new Set<string>();
    if (place) {
      const prepared = this.takePrepared(place.pull);
      const comments = (await (prepared?.catch(() => this.store.list(place.pull)) ?? this.store.list(place.pull))).filter((c) => c.path === place.path);
      steps.push(['comments', Date.now()]);
      await this.avatars.loadAll(comments.map((c) => c.user.avatar_url));
      steps.push(['avatars', Date.now()]);
      const threads = groupReviewThreads(comments).flatMap((f) => f.threads);
      // Threads made on an older head whose line is still on this one: current there (movedThreads).
      const moved = early ? new Map<number, number>() : await movedThreads(document, place, threads);
      const all = placeThreads(threads, { headSha: place.head.sha, baseSha: place.base.sha }, place.file?.patch, place, moved);
      const placed = early ? all.filter((p) => p.kind === 'current' && p.line !== undefined) : all;
      steps.push(['mapped', Date.now()]);
      // A file with many threads opens with them collapsed (their marks in
      // the gutter, a click away): expanded, they would bury the code, and
      // VS Code draws each one as a widget (200 took 8-12 s).
      const expanded = all.length <= EXPANDED_THREADS_AT_MOST;
      for (const p of placed) wanted.add(`${uriKey}|${p.thread.root.id}`);
      // A pending review's drafts: replies under their thread, new threads on their own line.
      const drafts = (!early && this.pending?.drafts(place.pull)) || [];
      const replies = new Map<number, PendingDraft[]>();
      for (const d of drafts) if (d.target.kind === 'reply') replies.set(d.target.inReplyTo, [...(replies.get(d.target.inReplyTo) ?? []), d]);
      for (const d of drafts) {
        const t = d.target;
        if (t.kind !== 'line' || t.path !== place.path || t.side !== place.side) continue;
        const here = t.side === 'head' ? place.sha === t.commitId || place.current : place.head.sha === t.commitId;
        if (!here) continue;
        const key = `${uriKey}|pending:${d.id}`;
        wanted.add(key);
        this.showPending(key, document, place, d, t.commitId !== place.head.sha);
      }
      const showAll = (some: typeof placed) => {
        for (const p of some)
          this.show(
            `${uriKey}|${p.thread.root.id}`,
            document,
            place,
            p.thread.root.id,
            p.line,
            p.kind,
            p.thread.comments,
            expanded,
            replies.get(p.thread.root.id) ?? [],
          );
      };
      // The threads on screen first: VS Code redraws a document's comment
      // decorations for each thread it hears of, so 200 at once kept the
      // visible ones waiting for seconds. The rest follow a moment later.
      const visible = vscode.window.visibleTextEditors
        .filter((e) => e.document === document)
        .flatMap((e) => e.visibleRanges.map((r) => [r.start.line + 1, r.end.line + 1] as const));
      const wantedLine = this.expandWanted.get(uriKey);
      const { inView, later } = inViewFirst(placed, wantedLine === undefined ? visible : [...visible, [wantedLine, wantedLine] as const], VIEW_MARGIN_LINES);
      showAll(inView);
      steps.push(['handed', Date.now()]);
      if (later.length) {
        await new Promise((resolve) => setTimeout(resolve, LATER_THREADS_AFTER_MS));
        if (!document.isClosed) showAll(later);
      }
      this.log?.debug(`Review threads of ${place.path}: ${placed.length} (epoch ms): ${steps.map(([k, v]) => `${k}=${v}`).join(' ')}`);
    }
    if (early) return;
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(`${uriKey}|`) && !wanted.has(key)) this.drop(key);
    }
  }

  /** The line of a document whose thread opens expanded (Reveal in Diff), now or when it is drawn. */
  private readonly expandWanted = new Map<string, number>();

  expandAt(uri: vscode.Uri, line: number): void {
    const uriKey = uri.toString();
    this.expandWanted.set(uriKey, line);
    for (const [key, e] of this.entries) {
      if (key.startsWith(`${uriKey}|`) && e.line === line) e.thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
    }
  }

  /** The user name of the account the pull request is read with (its own, else the one in use): whose comments are "mine". */
  private loginFor(pull: PullKey): string | undefined {
    const opened = pull.accountId === undefined ? undefined : this.session.accounts.find((a) => a.id === pull.accountId);
    return opened ? opened.login : this.session.login;
  }

  /** A pending draft that starts a thread: drawn on its line, marked Pending (and outdated when written on another head). */
  private showPending(key: string, document: DrawnDocument, place: DocumentPlace, draft: PendingDraft, outdated: boolean): void {
    if (draft.target.kind !== 'line') return;
    const line = draft.target.line;
    const range = line <= document.lineCount ? document.lineAt(line - 1).range : new vscode.Range(0, 0, 0, 0);
    const drawn = `pending|${outdated ? 1 : 0}|${draft.body}|${draft.error ?? ''}`;
    const known = this.entries.get(key);
    if (known?.drawn === drawn) return;
    const item = new PendingCommentItem(draft, this.loginFor(place.pull), outdated);
    if (known) {
      known.thread.comments = [item];
      known.thread.label = pendingLabel(draft, outdated);
      known.drawn = drawn;
      return;
    }
    const thread = this.controller.createCommentThread(document.uri, range, [item]);
    thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
    thread.canReply = false;
    thread.contextValue = draft.queued ? 'queued' : 'pending';
    thread.label = pendingLabel(draft, outdated);
    const entry: ThreadEntry = { thread, place, rootId: undefined, line, kind: 'pending', drawn };
    this.entries.set(key, entry);
    this.byThread.set(thread, entry);
  }

  private show(
    key: string,
    document: DrawnDocument,
    place: DocumentPlace,
    rootId: number,
    line: number | undefined,
    kind: PlacementKind,
    comments: ReviewComment[],
    expanded: boolean,
    pendingReplies: readonly PendingDraft[] = [],
  ): void {
    const range = line !== undefined && line <= document.lineCount ? document.lineAt(line - 1).range : new vscode.Range(0, 0, 0, 0);
    const me = this.loginFor(place.pull);
    const item = (thread: () => vscode.CommentThread, c: ReviewComment) =>
      new ReviewCommentItem(thread, c, me !== undefined && c.user.login === me, this.avatar(c), kind === 'outdated');
    const pendingItems = () => pendingReplies.map((d) => new PendingCommentItem(d, me, false));
    let entry = this.entries.get(key);
    let isNew = false;
    if (!entry) {
      // Created with its comments: VS Code is told of the thread once, as it
      // is, rather than as an empty thread (which it draws as a new
      // discussion) followed by an update.
      const created: { thread?: vscode.CommentThread } = {};
      const thread = (created.thread = this.controller.createCommentThread(document.uri, range, [
        ...comments.map((c) => item(() => created.thread!, c)),
        ...pendingItems(),
      ]));
      const wanted = line !== undefined && this.expandWanted.get(document.uri.toString()) === line;
      thread.collapsibleState = expanded || wanted ? vscode.CommentThreadCollapsibleState.Expanded : vscode.CommentThreadCollapsibleState.Collapsed;
      thread.canReply = true;
      entry = { thread, place, rootId, line, kind };
      isNew = true;
      this.entries.set(key, entry);
      this.byThread.set(thread, entry);
    } else {
      Object.assign(entry, { place, line, kind });
      // A thread drawn before its document opened starts its line (sideToCome): the same line, left as it is.
      const was = entry.thread.range;
      if (!was?.isEqual(range) && !(was?.isEmpty && was.start.isEqual(range.start))) entry.thread.range = range;
    }
    const thread = entry.thread;
    // Every property set is a message to VS Code, which then recomputes the
    // document's comment decorations: a thread whose comments did not change
    // (an idle refresh, another thread's reply) is left alone. The body is in
    // the key: updated_at counts whole seconds, and an edit made within the
    // same second as the one before changes nothing else.
    const drawn = `${kind}|${me ?? ''}|${comments.map((c) => `${c.id}:${c.updated_at}:${c.body ?? ''}:${this.avatars.get(c.user.avatar_url) ? 1 : 0}`).join('\n')}|${pendingReplies.map((d) => `${d.id}:${d.body.length}:${d.error ?? ''}`).join(',')}`;
    if (!isNew && entry.drawn === drawn) return;
    entry.drawn = drawn;
    const root = comments[0]!;
    thread.label = threadLabel(kind, root, comments, place.head.sha, line);
    thread.contextValue = kind;
    if (isNew) return;
    // Keep a comment that is being edited, and a draft, as they are.
    const editing = new Map(
      thread.comments
        .filter((c): c is ReviewCommentItem => c instanceof ReviewCommentItem && c.mode === vscode.CommentMode.Editing && !!c.comment)
        .map((c) => [c.comment!.id, c]),
    );
    const drafts = thread.comments.filter((c) => c instanceof ReviewCommentItem && !c.comment);
    thread.comments = [...comments.map((c) => editing.get(c.id) ?? item(() => thread, c)), ...pendingItems(), ...drafts];
  }

  private avatar(c: ReviewComment): vscode.Uri | undefined {
    const a = this.avatars.get(c.user.avatar_url);
    return a ? vscode.Uri.parse(a.dataUri) : undefined;
  }

  dispose(): void {
    this.shownWatch.dispose();
    for (const key of [...this.entries.keys()]) this.drop(key);
    this.controller.dispose();
  }
}

/** A diff's head side VS Code is still opening: a thread's range starts its line; nothing is known to have moved. */
function sideToCome(uri: vscode.Uri): DrawnDocument {
  return {
    uri,
    isClosed: false,
    lineCount: Number.MAX_SAFE_INTEGER,
    lineAt: (line) => ({ range: new vscode.Range(line, 0, line, 0) }),
    getText: () => '',
  };
}

function pendingLabel(draft: PendingDraft, outdated: boolean): string {
  const where = draft.target.kind === 'line' ? vscode.l10n.t('line {0}', draft.target.line) : '';
  if (draft.queued) return vscode.l10n.t('Queued review comment on {0} (posted when the service answers)', where);
  return outdated
    ? vscode.l10n.t('Pending review comment on {0} (outdated: written on an older head)', where)
    : vscode.l10n.t('Pending review comment on {0}', where);
}

/** Whether the document is a side of the opening diff (its file at its base or head, read with its account). */
function isSideOf(uri: vscode.Uri, d: PullDiffOpening): boolean {
  if (uri.scheme !== GIT_SCHEME) return false;
  try {
    const loc = fromGitPath(uri.path, uri.query);
    return (
      loc.owner === d.owner && loc.repo === d.repo && loc.path === d.path && loc.account === d.accountId && (loc.sha === d.headSha || loc.sha === d.baseSha)
    );
  } catch {
    return false;
  }
}

const pullId = (key: PullKey) => `${key.accountId ?? ''} ${key.owner}/${key.repo}#${key.number}`;

/** The thread's header (without a label VS Code titles a thread that has comments "Start discussion"): where, in the words of the views and the overview, and who. */
function threadLabel(kind: PlacementKind, root: ReviewComment, comments: ReviewComment[], headSha: string, line: number | undefined): string {
  if (kind === 'unplaced') return vscode.l10n.t('Not on a line of this diff (position {0})', root.position ?? '?');
  // Current on a line the service calls outdated (made on an older head, its line still there: movedThreads): that line.
  const where =
    kind === 'current' && line !== undefined && isOutdated(root, { headSha, baseSha: '' })
      ? locationWords().line.replace('{0}', String(line))
      : locationText(root, headSha);
  return vscode.l10n.t('Review thread on {0}: {1}', where, [...new Set(comments.map((c) => c.user.login))].join(', '));
}
