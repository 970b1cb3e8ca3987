// Git Refs' commands: create a branch or tag, move, delete a ref, copy its
// SHA. Loaded on first use (registerRefs.ts registers them).
import * as vscode from 'vscode';
import { ValidationFailedError, type Reference as GitRef } from '../../hosting';
import { resolveCommitish } from '../shared/resolveCommitish';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { NodeTreeProvider } from '../shared/tree/treeBase';
import { RefNode } from './refNodes';
import { showFailure } from '../shared/failure';
import { givenAnswers } from '../shared/commandArgs';
import { repositoryTarget } from '../shared/session/require';
import { changedWhere, removedWhere } from '../../util/listEdits';
import type { CommandHandler } from '../shared/lazyCommands';
import type { RefCommandId } from './registerRefs';

export function refCommands(session: HostingSession, active: ActiveRepository, provider: NodeTreeProvider): Record<RefCommandId, CommandHandler> {
  const target = () => repositoryTarget(session, active);
  const progress = <T>(title: string, task: () => Promise<T>) => vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);

  const create = async (kind: 'heads' | 'tags', node?: RefNode, args?: { name: string; from: string }) => {
    const t = target();
    if (!t) return undefined;
    const what = kind === 'heads' ? vscode.l10n.t('branch') : vscode.l10n.t('tag');
    const name =
      args?.name ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('New {0} (1/2): name', what),
        validateInput: (v) => (/^[^\s~^:?*[\\]+$/.test(v.trim()) && !v.includes('..') ? undefined : vscode.l10n.t('Not a valid ref name.')),
        ignoreFocusOut: true,
      }));
    if (!name) return undefined;
    const from =
      args?.from ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('New {0} (2/2): from', what),
        prompt: vscode.l10n.t('A branch, tag or commit SHA'),
        value: node instanceof RefNode ? node.short : '',
        ignoreFocusOut: true,
      }));
    if (!from) return undefined;
    try {
      const created = await progress(vscode.l10n.t('Creating {0}…', name), async () => {
        // From an annotated tag's row: the commit it marks, not the tag object (a branch points at a commit).
        const sha =
          node instanceof RefNode && from === node.short ? (node.commitSha ?? node.ref.object.sha) : await resolveCommitish(t.client, t.owner, t.repo, from);
        return t.client.git.createRef(t.owner, t.repo, `refs/${kind}/${name.trim()}`, sha);
      });
      void provider.showChange<GitRef>((shown) => [...shown.filter((r) => r.ref !== created.ref), created]);
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
  };

  return {
    'repodesk.refs.createBranch': (node?: RefNode, args?: unknown) => create('heads', node, givenAnswers(args)),
    'repodesk.refs.createTag': (node?: RefNode, args?: unknown) => create('tags', node, givenAnswers(args)),
    'repodesk.refs.update': async (node?: RefNode, arg?: unknown) => {
      const args = givenAnswers<{ to: string; force?: boolean }>(arg);
      const t = target();
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
          const moved = await progress(vscode.l10n.t('Updating {0}…', node.short), () => t.client.git.updateRef(t.owner, t.repo, node.ref.ref, sha, false));
          void provider.showChange(
            changedWhere<GitRef>(
              (r) => r.ref === moved.ref,
              () => moved,
            ),
          );
          return moved;
        } catch (err) {
          if (!(err instanceof ValidationFailedError) || !/fast.forward/i.test(`${err.message} ${JSON.stringify(err.errors)}`)) throw err;
          const force = vscode.l10n.t('Force Update');
          // Given answers (scripts, tests) decide; otherwise the user confirms in a modal.
          const confirmed =
            args?.force !== undefined
              ? args.force
              : (await vscode.window.showWarningMessage(
                  vscode.l10n.t('{0} cannot be fast-forwarded to {1}.', node.short, sha.slice(0, 7)),
                  { modal: true, detail: vscode.l10n.t('A forced update drops the commits that are only on {0}.', node.short) },
                  force,
                )) === force;
          if (!confirmed) return undefined;
          const moved = await progress(vscode.l10n.t('Force-updating {0}…', node.short), () =>
            t.client.git.updateRef(t.owner, t.repo, node.ref.ref, sha, true),
          );
          void provider.showChange(
            changedWhere<GitRef>(
              (r) => r.ref === moved.ref,
              () => moved,
            ),
          );
          return moved;
        }
      } catch (err) {
        showFailure(vscode.l10n.t('Could not update {0}', node.short), err);
        return undefined;
      }
    },
    'repodesk.refs.delete': async (node?: RefNode, confirmed?: boolean) => {
      const t = target();
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
        await progress(vscode.l10n.t('Deleting {0}…', node.short), () => t.client.git.deleteRef(t.owner, t.repo, node.ref.ref));
        void provider.showChange(removedWhere<GitRef>((r) => r.ref === node.ref.ref));
      } catch (err) {
        showFailure(vscode.l10n.t('Could not delete {0}', node.short), err);
      }
    },
    'repodesk.refs.copySha': async (node?: RefNode) => {
      if (!(node instanceof RefNode)) return;
      await vscode.env.clipboard.writeText(node.ref.object.sha);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', node.ref.object.sha), 3000);
    },
  };
}
