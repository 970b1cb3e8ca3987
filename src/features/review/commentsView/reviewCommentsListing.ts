// The Review Comments view's rows: the selected pull request's comments by
// file and thread (a pending review's drafts first), or the repository's
// review comments under the filter. A pull request selected again draws the
// comments read last time at once, marked as updating (the view's
// description) until the service's answer (a 304 when nothing changed)
// replaces them. Only a new selection does: a refresh, or a reply, edit or
// delete, draws what the service says (its first page at once when there
// are several, marked the same way).
import * as vscode from 'vscode';
import type { ReviewComment } from '../../../hosting';
import { firstDraw } from '../../../listings/firstDraw';
import { StepMarks } from '../../../util/phaseMarks';
import type { Logger } from '../../shared/log/outputLog';
import type { HostingSession } from '../../shared/session/hostingSession';
import type { ActiveRepository } from '../../shared/selection/activeRepository';
import type { SelectedPull } from '../../shared/selection/selectedPull';
import { MessageNode, type RepoDeskNode } from '../../shared/tree/nodes';
import { CommentFileNode, CommentNode, threadNodes } from '../../shared/tree/reviewThreadNodes';
import { pagedRoots, type NodeTreeProvider } from '../../shared/tree/treeBase';
import type { PendingDrafts } from '../stores/pendingDrafts';
import { PendingGroupNode } from './pendingNodes';

export type Mode = 'pull' | 'repository';
export interface RepoCommentFilter {
  sort: 'created' | 'updated';
  direction: 'asc' | 'desc';
  since: string;
}

/** How many pull requests' comments the view remembers for a selection made again. */
const PULLS_KEPT = 20;

/**
 * The steps of drawing a selected pull request, logged as one line for the
 * sidebar benchmark (test/bench/views.mjs): the selection reached the
 * extension, VS Code asked for the rows, the comments were read, the files
 * were handed over, then the first file's threads.
 */
const SELECT_STEPS = ['selected', 'asked', 'read', 'rows', 'threads'] as const;

/** What the rows are read from and drawn with; `onUpdating` is told when `updating` changes. */
interface ListingSources {
  session: HostingSession;
  active: ActiveRepository;
  selected: SelectedPull;
  log: Logger;
  pending?: PendingDrafts;
  mode: () => Mode;
  filter: () => RepoCommentFilter;
  onUpdating: () => void;
}

export class ReviewCommentsListing {
  /** Whether the rows drawn are kept or a first page, the rest being read. */
  updating = false;
  private readonly lastRead = new Map<string, ReviewComment[]>();
  private keptNext = false;
  private generation = 0;
  private steps: { of: string; marks: StepMarks<(typeof SELECT_STEPS)[number]> } | undefined;
  // Whether the rows drawn are files (expanded: VS Code asks for the first's threads), not folders.
  private filesFirst = true;

  constructor(private readonly s: ListingSources) {}

  /** The view's roots (the provider's build). */
  async roots(p: NodeTreeProvider): Promise<RepoDeskNode[]> {
    const client = this.s.session.client;
    const useKept = this.keptNext;
    this.keptNext = false;
    const built = ++this.generation;
    this.setUpdating(false);
    if (!client) return [];
    if (this.s.mode() === 'repository') return this.repositoryRoots(p);
    const pull = this.s.selected.value;
    // No pull request selected: the view's welcome content says what to do.
    if (!pull) return [];
    const key = `${pull.owner}/${pull.repo}#${pull.number}`;
    // A pending review's drafts come first, in a group of their own.
    const pending = this.s.pending;
    const pendingGroup = pending?.isActive(pull) ? [new PendingGroupNode(pending.drafts(pull), pull.pull.head.sha, pull.number)] : [];
    const nodesOf = (comments: ReviewComment[]) => {
      const nodes = threadNodes(comments, { owner: pull.owner, repo: pull.repo, me: this.s.session.login, headSha: pull.pull.head.sha }, `rc:${key}:`);
      this.filesFirst = nodes[0] instanceof CommentFileNode;
      return [...pendingGroup, ...(nodes.length > 0 ? nodes : [new MessageNode(vscode.l10n.t('No review comments on #{0} yet.', pull.number))])];
    };
    const marks = this.steps?.of === key ? this.steps.marks : undefined;
    let firstPageRead: (comments: ReviewComment[]) => void = () => undefined;
    const firstPage = new Promise<ReviewComment[]>((resolve) => (firstPageRead = resolve));
    const fresh = client.reviewComments
      .listAllForPull(pull.owner, pull.repo, pull.number, { priority: 'background', onFirstPage: (c) => firstPageRead(c) })
      .then((comments) => {
        marks?.mark('read');
        this.stepsDone();
        this.lastRead.delete(key);
        this.lastRead.set(key, comments);
        if (this.lastRead.size > PULLS_KEPT) this.lastRead.delete(this.lastRead.keys().next().value!);
        return comments;
      });
    // What was read last time, else the first of several pages, is drawn
    // at once and marked as updating until every comment is read.
    const draw = await firstDraw(fresh, useKept ? this.lastRead.get(key) : undefined, firstPage);
    if (!draw.early) return nodesOf(draw.now);
    // A newer selection may have come while the first page was read.
    if (built === this.generation) this.setUpdating(true);
    draw.fresh.then(
      (comments) => {
        if (built !== this.generation) return;
        this.setUpdating(false);
        if (JSON.stringify(comments) !== JSON.stringify(draw.now)) p.replaceRoots(Promise.resolve(nodesOf(comments)));
      },
      (err: unknown) => {
        if (built !== this.generation) return;
        this.setUpdating(false);
        p.replaceRoots(Promise.resolve(p.failedRoots(err)));
      },
    );
    return nodesOf(draw.now);
  }

  /** Another session: nothing read under the last one is drawn again. */
  forget(): void {
    this.lastRead.clear();
  }

  /** A pull request was selected: the next build draws what was read of it last time, and its steps are timed. */
  selectedNow(): void {
    const pull = this.s.selected.value;
    this.steps = pull && this.s.mode() === 'pull' ? { of: `${pull.owner}/${pull.repo}#${pull.number}`, marks: new StepMarks(SELECT_STEPS) } : undefined;
    this.steps?.marks.mark('selected');
    this.keptNext = true;
  }

  rootsAsked(): void {
    this.steps?.marks.mark('asked');
  }

  rowsHanded(): void {
    this.steps?.marks.mark('rows');
    this.stepsDone();
  }

  childrenHanded(): void {
    if (this.steps?.marks.get('rows') === undefined) return;
    this.steps.marks.mark('threads');
    this.stepsDone();
  }

  private repositoryRoots(p: NodeTreeProvider): RepoDeskNode[] | Promise<RepoDeskNode[]> {
    const client = this.s.session.client!;
    const repo = this.s.active.value;
    if (!repo) return [new MessageNode(vscode.l10n.t('Select a repository to list its review comments.'))];
    const f = this.s.filter();
    const ctx = { owner: repo.owner, repo: repo.name, me: this.s.session.login };
    return pagedRoots(
      p,
      () =>
        client.reviewComments.listForRepo(
          repo.owner,
          repo.name,
          { sort: f.sort, direction: f.direction, ...(f.since ? { since: f.since } : {}) },
          { priority: 'background' },
        ),
      (items) => items.map((c) => new CommentNode(c, ctx, undefined)),
      vscode.l10n.t('This repository has no review comments in this range.'),
    );
  }

  private stepsDone(): void {
    const m = this.steps?.marks;
    if (m && (m.complete || (!this.filesFirst && m.get('read') !== undefined && m.get('rows') !== undefined))) {
      this.s.log.debug(m.line(`Review Comments ${this.steps!.of}`));
      this.steps = undefined;
    }
  }

  private setUpdating(on: boolean): void {
    if (on === this.updating) return;
    this.updating = on;
    this.s.onUpdating();
  }
}
