// The Review Comments view: the selected pull request's comments grouped by
// file and thread, or (second mode) the repository's review comments with
// sort and since. Reply, edit, delete (own comments) and reveal in the diff.
import * as vscode from 'vscode';
import { createNodeTreeView, NodeTreeProvider, pagedRoots } from '../../shared/tree/treeBase';
import { errorText } from '../../shared/failure';
import { ErrorNode, MessageNode } from '../../shared/tree/nodes';
import type { ReviewComment } from '../../../hosting';
import { registerLazyCommands } from '../../shared/lazyCommands';
import { CommentFileNode, CommentNode, threadNodes } from '../../shared/tree/reviewThreadNodes';
import { signedInClient } from '../../shared/session/require';
import { StepMarks } from '../../../util/phaseMarks';
import { firstDraw } from '../../../listings/firstDraw';
import type { PendingDrafts } from '../stores/pendingDrafts';
import { PendingGroupNode } from './pendingNodes';
import type { FeatureContext } from '../../shared/featureContext';

const REVIEW_COMMENT_COMMANDS = ['repodesk.reviewComments.filter', 'repodesk.reviewComments.reveal'] as const;
export type ReviewCommentCommandId = (typeof REVIEW_COMMENT_COMMANDS)[number];

type Mode = 'pull' | 'repository';
export interface RepoCommentFilter {
  sort: 'created' | 'updated';
  direction: 'asc' | 'desc';
  since: string;
}
export const MODE_KEY = 'repodesk.reviewComments.mode';
/** How many pull requests' comments the view remembers for a selection made again. */
const PULLS_KEPT = 20;
export const FILTER_KEY = 'repodesk.reviewComments.filter';
/**
 * The steps of drawing a selected pull request, logged as one line for the
 * sidebar benchmark (test/bench/views.mjs): the selection reached the
 * extension, VS Code asked for the rows, the comments were read, the files
 * were handed over, then the first file's threads.
 */
const SELECT_STEPS = ['selected', 'asked', 'read', 'rows', 'threads'] as const;

/** `afterChange` runs after a reply, edit or delete (the Pull Requests view shows the threads too). */
export function registerReviewComments({
  extension: context,
  session,
  active,
  selectedPull: selected,
  log,
  afterChange = () => undefined,
  pending,
}: Pick<FeatureContext, 'extension' | 'session' | 'active' | 'selectedPull' | 'log'> & {
  afterChange?: () => void;
  pending?: PendingDrafts;
}): NodeTreeProvider {
  const state = context.workspaceState;
  const mode = (): Mode => state.get<Mode>(MODE_KEY, 'pull');
  const filter = (): RepoCommentFilter => ({ sort: 'created', direction: 'desc', since: '', ...state.get<Partial<RepoCommentFilter>>(FILTER_KEY) });
  const me = () => session.login;

  // A pull request selected again draws the comments read last time at once,
  // marked as updating (the view's description) until the service's answer
  // (a 304 when nothing changed) replaces them. Only a new selection does:
  // a refresh, or a reply, edit or delete, draws what the service says (its
  // first page at once when there are several, marked the same way).
  const lastRead = new Map<string, ReviewComment[]>();
  let keptNext = false;
  let updating = false;
  let generation = 0;
  let steps: { of: string; marks: StepMarks<(typeof SELECT_STEPS)[number]> } | undefined;
  // Whether the rows drawn are files (expanded: VS Code asks for the first's threads), not folders.
  let filesFirst = true;
  const stepsDone = () => {
    const m = steps?.marks;
    if (m && (m.complete || (!filesFirst && m.get('read') !== undefined && m.get('rows') !== undefined))) {
      log.debug(m.line(`Review Comments ${steps!.of}`));
      steps = undefined;
    }
  };
  const provider = new NodeTreeProvider('repodesk.reviewComments', async (p) => {
    const client = session.client;
    const useKept = keptNext;
    keptNext = false;
    const built = ++generation;
    setUpdating(false);
    if (!client) return [];
    if (mode() === 'repository') {
      const repo = active.value;
      if (!repo) return [new MessageNode(vscode.l10n.t('Select a repository to list its review comments.'))];
      const f = filter();
      const ctx = { owner: repo.owner, repo: repo.name, me: me() };
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
    const pull = selected.value;
    // No pull request selected: the view's welcome content says what to do.
    if (!pull) return [];
    const key = `${pull.owner}/${pull.repo}#${pull.number}`;
    // A pending review's drafts come first, in a group of their own.
    const pendingGroup = pending?.isActive(pull) ? [new PendingGroupNode(pending.drafts(pull), pull.pull.head.sha, pull.number)] : [];
    const nodesOf = (comments: ReviewComment[]) => {
      const nodes = threadNodes(comments, { owner: pull.owner, repo: pull.repo, me: me(), headSha: pull.pull.head.sha }, `rc:${key}:`);
      filesFirst = nodes[0] instanceof CommentFileNode;
      return [...pendingGroup, ...(nodes.length > 0 ? nodes : [new MessageNode(vscode.l10n.t('No review comments on #{0} yet.', pull.number))])];
    };
    const marks = steps?.of === key ? steps.marks : undefined;
    let firstPageRead: (comments: ReviewComment[]) => void = () => undefined;
    const firstPage = new Promise<ReviewComment[]>((resolve) => (firstPageRead = resolve));
    const fresh = client.reviewComments
      .listAllForPull(pull.owner, pull.repo, pull.number, { priority: 'background', onFirstPage: (c) => firstPageRead(c) })
      .then((comments) => {
        marks?.mark('read');
        stepsDone();
        lastRead.delete(key);
        lastRead.set(key, comments);
        if (lastRead.size > PULLS_KEPT) lastRead.delete(lastRead.keys().next().value!);
        return comments;
      });
    // What was read last time, else the first of several pages, is drawn
    // at once and marked as updating until every comment is read.
    const draw = await firstDraw(fresh, useKept ? lastRead.get(key) : undefined, firstPage);
    if (!draw.early) return nodesOf(draw.now);
    // A newer selection may have come while the first page was read.
    if (built === generation) setUpdating(true);
    draw.fresh.then(
      (comments) => {
        if (built !== generation) return;
        setUpdating(false);
        if (JSON.stringify(comments) !== JSON.stringify(draw.now)) p.replaceRoots(Promise.resolve(nodesOf(comments)));
      },
      (err: unknown) => {
        if (built !== generation) return;
        setUpdating(false);
        p.replaceRoots(Promise.resolve([new ErrorNode(errorText(err), () => p.refresh())]));
      },
    );
    return nodesOf(draw.now);
  });
  const view = createNodeTreeView('repodesk.reviewComments', provider, { showCollapseAll: true });
  const describe = () => {
    const pull = selected.value;
    view.description =
      mode() === 'repository'
        ? active.value
          ? vscode.l10n.t('{0}/{1}, all pull requests', active.value.owner, active.value.name)
          : undefined
        : pull
          ? `${pull.owner}/${pull.repo}#${pull.number}${updating ? ` · ${vscode.l10n.t('updating…')}` : ''}`
          : undefined;
    void vscode.commands.executeCommand('setContext', 'repodesk.reviewComments.mode', mode());
  };
  describe();
  function setUpdating(on: boolean) {
    if (on === updating) return;
    updating = on;
    describe();
  }
  const changed = () => {
    describe();
    provider.refresh();
  };

  const need = () => signedInClient(session);

  context.subscriptions.push(
    provider,
    view,
    session.onDidChange(() => {
      lastRead.clear();
      changed();
    }),
    active.onDidChange(changed),
    ...(pending ? [pending.onDidChange(() => provider.refresh())] : []),
    provider.onWillProvideRoots(() => steps?.marks.mark('asked')),
    provider.onDidProvideRoots(() => {
      steps?.marks.mark('rows');
      stepsDone();
    }),
    provider.onDidProvideChildren(() => {
      if (steps?.marks.get('rows') === undefined) return;
      steps.marks.mark('threads');
      stepsDone();
    }),
    selected.onDidChange(() => {
      const pull = selected.value;
      steps = pull && mode() === 'pull' ? { of: `${pull.owner}/${pull.repo}#${pull.number}`, marks: new StepMarks(SELECT_STEPS) } : undefined;
      steps?.marks.mark('selected');
      keptNext = true;
      changed();
      // The read starts with the click, not when VS Code asks for the rows:
      // the workbench asks only once it has handled the click (it also opens
      // the overview page), ~100 ms later.
      if (view.visible) provider.prefetch();
    }),
    vscode.commands.registerCommand('repodesk.reviewComments.refresh', () => provider.refresh()),
    vscode.commands.registerCommand('repodesk.reviewComments.switchMode', async (next?: Mode) => {
      await state.update(MODE_KEY, next === 'pull' || next === 'repository' ? next : mode() === 'pull' ? 'repository' : 'pull');
      changed();
    }),
  );
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, REVIEW_COMMENT_COMMANDS, () =>
    import('./reviewCommentCommands.js').then((m) => m.reviewCommentCommands(selected, state, filter, changed, need)),
  );

  if (context.extensionMode === vscode.ExtensionMode.Test) {
    // Test seam: what the view's title says (the pull request, and whether it is updating).
    context.subscriptions.push(vscode.commands.registerCommand('repodesk.testing.reviewCommentsDescription', () => view.description));
  }
  // Reply, edit and delete (their editors and requests) load on first use.
  registerLazyCommands(context, ['repodesk.reviewComments.reply', 'repodesk.reviewComments.edit', 'repodesk.reviewComments.delete'], () =>
    import('./commentActions.js').then((m) =>
      m.commentActions(need, () => {
        provider.refresh();
        afterChange();
      }),
    ),
  );
  return provider;
}
