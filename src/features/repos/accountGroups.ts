// With several accounts signed in: a group per account, each read with its
// own client, each drawn first from the listing it kept (its own slot, keyed
// by service and account) while its service is asked again.
import type * as vscode from 'vscode';
import { readSnapshot } from '../../listings/repositorySnapshot';
import type { SignedInAccount } from '../shared/session/hostingSession';
import type { RepoDeskNode } from '../shared/tree/nodes';
import type { NodeTreeProvider } from '../shared/tree/treeBase';
import type { Gate } from '../../util/gate';
import { RepositoryGroupNode } from './repositoryNodes';
import { AccountGroupNode } from './accountGroupNode';
import { accountRoots, childrenHanded, keptRoots, type RootsContext } from './repositoryRoots';
import { groupKey, groupSlot, keep } from './keptListings';

/** How long the fresh listing waits for VS Code to draw the kept rows (a hidden view never asks). */
export const KEPT_ROWS_DRAWN_WITHIN_MS = 1000;

/**
 * How long after the kept rows are handed to VS Code the start-up gate
 * (`firstPaint`, which the views' background reads wait for) opens: the workbench
 * draws them meanwhile, rather than sharing the machine with the first
 * request's certificate load and the answers' parsing (profiled under load:
 * 50–100 ms of the extension host).
 */
export const KEPT_ROWS_DRAW_MS = 100;

/** How long the other accounts' groups wait at most for the first group's first page (several accounts). */
const FIRST_GROUP_FIRST_MS = 1500;

/** The view's builds: the groups, the kept listings' slots, and the start-up gate. */
export interface ListingContext extends RootsContext {
  workspaceState: vscode.Memento;
  firstPaint?: Gate;
}

/** What the view's builds share from one to the next. */
export interface ListingState {
  /** A build replaced by a newer one (a refresh) must not put its roots back. */
  generation: number;
  /** The last listing's write to the workspace state (the next session's first look reads it). */
  lastKept: Promise<void>;
  /** With a group per account: the writes of the groups read so far (a collapsed group is never read). */
  groupKeeps: Promise<void>[];
  // Only the first look of a session draws the kept listing: after that the
  // view shows what it read (a refresh or a new filter must not bring back
  // older rows).
  firstLook: boolean;
}

/** One build of the groups for the accounts signed in (`current`: the one in use). */
export function accountGroups(ctx: ListingContext, view: ListingState, p: NodeTreeProvider, current: { id: string }, keeping: boolean): AccountGroupNode[] {
  const { session, workspaceState, firstPaint } = ctx;
  const drawKept = view.firstLook && keeping;
  view.firstLook = false;
  const built = ++view.generation;
  const keeps: Promise<void>[] = [];
  view.groupKeeps = keeps;
  const handed = drawKept ? childrenHanded(p, KEPT_ROWS_DRAWN_WITHIN_MS) : undefined;
  if (handed) void handed.then(() => firstPaint?.openAfter(KEPT_ROWS_DRAW_MS));
  else firstPaint?.open();
  const { firstRead, releaseOthers } = firstGroupFirst();
  const groups = session.accounts.map((a, i) => {
    const signedOut = session.isSignedOut(a.id);
    if (i === 0 && signedOut) releaseOthers();
    const prefix = `account:${a.id}/`;
    const fresh =
      i === 0
        ? firstAccountRoots(ctx, a, p, releaseOthers)
        : async () => {
            await firstRead;
            return accountRoots(ctx, a, p);
          };
    const slot = groupSlot(a);
    const key = groupKey(ctx.state, a);
    /** The fresh roots, kept for the next session's first look while they are drawn. */
    const freshKept = () => {
      const roots = fresh();
      if (keeping) keeps.push(roots.then((r) => keep(workspaceState, slot, key, r, prefix)).catch(() => undefined));
      return roots;
    };
    const kept = drawKept && !signedOut ? readSnapshot(workspaceState.get(slot), key) : undefined;
    const build = kept
      ? async () => {
          // The service's answer replaces the kept rows once they are on screen (as with one account).
          void Promise.all([freshKept(), handed]).then(([roots]) => {
            if (built === view.generation) node.replaceChildren(roots, p);
          });
          return keptRoots(ctx, a.client, p, kept, prefix);
        }
      : freshKept;
    const node: AccountGroupNode = new AccountGroupNode(a, build, a.id === current.id, signedOut);
    return node;
  });
  if (!keeping) for (const a of session.accounts) if (workspaceState.get(groupSlot(a)) !== undefined) void workspaceState.update(groupSlot(a), undefined);
  // As one account's roots are (prefetch): the first group's reads start before VS Code asks for its rows.
  groups[0]?.prefetch();
  return groups;
}

/**
 * The first group's first rows come first: the other groups are read once
 * its "Your repositories" has its first page (or after FIRST_GROUP_FIRST_MS:
 * it may be collapsed, and never asked for), so that more accounts never
 * delay it (test/bench/accounts.mjs).
 */
function firstGroupFirst(): { firstRead: Promise<void>; releaseOthers: () => void } {
  let releaseOthers!: () => void;
  const firstRead = new Promise<void>((resolve) => {
    releaseOthers = resolve;
  });
  const timer = setTimeout(releaseOthers, FIRST_GROUP_FIRST_MS);
  void firstRead.then(() => clearTimeout(timer));
  return { firstRead, releaseOthers };
}

/** The first account's roots, which let the other groups be read once its "Your repositories" has its first page. */
function firstAccountRoots(ctx: RootsContext, a: SignedInAccount, p: NodeTreeProvider, releaseOthers: () => void): () => Promise<RepoDeskNode[]> {
  return async () => {
    const roots = await accountRoots(ctx, a, p);
    const mine = roots.find((r): r is RepositoryGroupNode => r instanceof RepositoryGroupNode);
    void (mine ? mine.list.ensureLoaded() : Promise.resolve()).finally(releaseOthers);
    return roots;
  };
}
