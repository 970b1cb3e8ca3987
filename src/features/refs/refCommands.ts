// Git Refs' commands: create a branch or tag, move, delete a ref, copy its
// SHA. Loaded on first use (registerRefs.ts registers them).
import * as vscode from 'vscode';
import { ValidationFailedError, type Reference as GitRef } from '../../hosting';
import { resolveCommitish } from '../shared/resolveCommitish';
import { offeredStart } from '../shared/git/offeredStart';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { NodeTreeProvider } from '../shared/tree/treeBase';
import { RefNode } from './refNodes';
import { showFailure } from '../shared/failure';
import { inSteps } from '../shared/stepBoxes';
import { givenAnswers } from '../shared/commandArgs';
import { repositoryTarget, type RepoTarget } from '../shared/session/require';
import { changedWhere, removedWhere } from '../../util/listEdits';
import { addedInOrder } from '../../util/addedInOrder';
import type { CommandHandler } from '../shared/lazyCommands';
import type { RefCommandId } from './registerRefs';

/** What the refs' commands share: the session, the active repository, and the Git Refs view they change. */
interface RefFlow {
  session: HostingSession;
  active: ActiveRepository;
  provider: NodeTreeProvider;
}

export function refCommands(session: HostingSession, active: ActiveRepository, provider: NodeTreeProvider): Record<RefCommandId, CommandHandler> {
  const flow: RefFlow = { session, active, provider };
  return {
    'repodesk.refs.createBranch': (node?: RefNode, args?: unknown) => createRef(flow, 'heads', node, givenAnswers(args)),
    'repodesk.refs.createTag': (node?: RefNode, args?: unknown) => createRef(flow, 'tags', node, givenAnswers(args)),
    'repodesk.refs.update': (node?: RefNode, arg?: unknown) => moveRef(flow, node, arg),
    'repodesk.refs.delete': (node?: RefNode, confirmed?: boolean) => deleteRef(flow, node, confirmed),
    'repodesk.refs.copySha': async (node?: RefNode) => {
      if (!(node instanceof RefNode)) return;
      await vscode.env.clipboard.writeText(node.ref.object.sha);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', node.ref.object.sha), 3000);
    },
  };
}

function notifyProgress<T>(title: string, task: () => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}

/** A new branch or tag: its name, then where it starts (the row's ref offered). */
async function createRef(flow: RefFlow, kind: 'heads' | 'tags', node?: RefNode, args?: { name: string; from: string }) {
  const t = repositoryTarget(flow.session, flow.active);
  if (!t) return undefined;
  const what = kind === 'heads' ? vscode.l10n.t('branch') : vscode.l10n.t('tag');
  // Its name, then its start, as the steps of one quick input: the name's box shows busy while the start is looked up.
  const answers =
    args ??
    (await inSteps(async (steps) => {
      const name = await steps.text({
        title: vscode.l10n.t('New {0} (1/2): name', what),
        validateInput: (v) => (/^[^\s~^:?*[\\]+$/.test(v.trim()) && !v.includes('..') ? undefined : vscode.l10n.t('Not a valid ref name.')),
        ignoreFocusOut: true,
      });
      if (!name) return undefined;
      // The row's ref; from the title bar, the workspace's branch (else the default branch), as Commit Workspace to Branch offers.
      const offered = node instanceof RefNode ? undefined : await offeredStart(t).catch(() => undefined);
      const from = await steps.text({
        title: vscode.l10n.t('New {0} (2/2): from', what),
        prompt: [vscode.l10n.t('A branch, tag or commit SHA'), offered?.why].filter(Boolean).join('. '),
        value: node instanceof RefNode ? node.short : (offered?.start ?? ''),
        ignoreFocusOut: true,
      });
      return from ? { name, from } : undefined;
    }));
  if (!answers) return undefined;
  const { name, from } = answers;
  try {
    const created = await notifyProgress(vscode.l10n.t('Creating {0}…', name), async () => {
      // From an annotated tag's row: the commit it marks, not the tag object (a branch points at a commit).
      const sha =
        node instanceof RefNode && from === node.short ? (node.commitSha ?? node.ref.object.sha) : await resolveCommitish(t.client, t.owner, t.repo, from);
      return t.client.git.createRef(t.owner, t.repo, `refs/${kind}/${name.trim()}`, sha);
    });
    // Where the service lists it (by name): its list read again is then the same, and not drawn again.
    void flow.provider.showChange<GitRef>(addedInOrder(created, (r) => r.ref));
    // A short word that it worked; a new branch is where a pull request starts.
    if (kind === 'heads') {
      const pull = vscode.l10n.t('Create Pull Request…');
      void vscode.window
        .showInformationMessage(vscode.l10n.t('Created branch {0} at {1}.', name.trim(), created.object.sha.slice(0, 7)), pull)
        .then((picked) => {
          if (picked === pull) void vscode.commands.executeCommand('repodesk.pulls.create', { head: name.trim() });
        });
    } else {
      vscode.window.setStatusBarMessage(vscode.l10n.t('Created tag {0} at {1}.', name.trim(), created.object.sha.slice(0, 7)), 5000);
    }
    return created;
  } catch (err) {
    showFailure(vscode.l10n.t('Could not create {0}', name), err);
    return undefined;
  }
}

/** Move a ref: fast-forward, else forced once confirmed. */
async function moveRef(flow: RefFlow, node?: RefNode, arg?: unknown) {
  const args = givenAnswers<{ to: string; force?: boolean }>(arg);
  const t = repositoryTarget(flow.session, flow.active);
  if (!t || !(node instanceof RefNode)) return undefined;
  const to =
    args?.to ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Move {0} to', node.short),
      prompt: vscode.l10n.t('A branch, tag or commit SHA'),
      ignoreFocusOut: true,
    }));
  if (!to) return undefined;
  try {
    const sha = await resolveCommitish(t.client, t.owner, t.repo, to);
    try {
      const moved = await notifyProgress(vscode.l10n.t('Updating {0}…', node.short), () => t.client.git.updateRef(t.owner, t.repo, node.ref.ref, sha, false));
      showMoved(flow, moved);
      return moved;
    } catch (err) {
      if (!(err instanceof ValidationFailedError) || !/fast.forward/i.test(`${err.message} ${JSON.stringify(err.errors)}`)) throw err;
      return await forceMove(flow, t, node, sha, args?.force);
    }
  } catch (err) {
    showFailure(vscode.l10n.t('Could not update {0}', node.short), err);
    return undefined;
  }
}

/** The ref cannot be fast-forwarded to `sha`: forced once the user (or the given `force`) agrees. */
async function forceMove(flow: RefFlow, t: RepoTarget, node: RefNode, sha: string, given: boolean | undefined): Promise<GitRef | undefined> {
  const force = vscode.l10n.t('Force Update');
  // Given answers (scripts, tests) decide; otherwise the user confirms in a modal.
  const confirmed =
    given !== undefined
      ? given
      : (await vscode.window.showWarningMessage(
          vscode.l10n.t('{0} cannot be fast-forwarded to {1}.', node.short, sha.slice(0, 7)),
          { modal: true, detail: vscode.l10n.t('A forced update drops the commits that are only on {0}.', node.short) },
          force,
        )) === force;
  if (!confirmed) return undefined;
  const moved = await notifyProgress(vscode.l10n.t('Force-updating {0}…', node.short), () => t.client.git.updateRef(t.owner, t.repo, node.ref.ref, sha, true));
  showMoved(flow, moved);
  return moved;
}

function showMoved(flow: RefFlow, moved: GitRef): void {
  void flow.provider.showChange(
    changedWhere<GitRef>(
      (r) => r.ref === moved.ref,
      () => moved,
    ),
  );
}

async function deleteRef(flow: RefFlow, node?: RefNode, confirmed?: boolean) {
  const t = repositoryTarget(flow.session, flow.active);
  if (!t || !(node instanceof RefNode)) return;
  const yes = vscode.l10n.t('Delete');
  if (
    confirmed !== true &&
    (await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete {0}?', node.ref.ref),
      { modal: true, detail: vscode.l10n.t('It points at {0}.', node.ref.object.sha) },
      yes,
    )) !== yes
  )
    return;
  try {
    await notifyProgress(vscode.l10n.t('Deleting {0}…', node.short), () => t.client.git.deleteRef(t.owner, t.repo, node.ref.ref));
    void flow.provider.showChange(removedWhere<GitRef>((r) => r.ref === node.ref.ref));
  } catch (err) {
    showFailure(vscode.l10n.t('Could not delete {0}', node.short), err);
  }
}
