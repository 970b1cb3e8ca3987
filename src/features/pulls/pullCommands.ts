// The Pull Requests view's commands that are not a click on a changed file:
// check a pull request out, the filter, open in the browser, open a commit.
// Loaded on first use (registerPulls.ts registers them), and with a pull
// request's Commits row (pullCommitNodes.ts).
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import { loadPullFilter, savePullFilter, type PullFilter } from './pullFilter';
import { pickPullFilter } from './pullFilterPick';
import { PullNode } from './pullNodes';
import { pullOfArg, type PullArg } from './pullArg';
import { collect, resolveAddresses } from '../../hosting';
import { errorText } from '../shared/failure';
import { headBranchGone, headGoneWords } from '../shared/headBranch';
import { openChanges } from '../shared/gitfs/openChanges';
import { editPullLabels } from './pullLabels';
import { readHostingSettings } from '../shared/session/settings';
import { NodeTreeProvider } from '../shared/tree/treeBase';
import { givenAnswers } from '../shared/commandArgs';
import type { CommandHandler } from '../shared/lazyCommands';
import type { PullCommandId } from './registerPulls';
import type { OpenFolder } from './checkoutWorktree';
import { PullCommitNode } from './pullCommitNodes';
// Loaded with these commands (no chunk of its own: each chunk costs the activation bundle a line of its table).
export { commitsRow } from './pullCommitNodes';

/** The hosts of the service's web and API addresses: a clone's remote on either is the repository's. */
function serviceHosts(): string[] {
  const s = readHostingSettings();
  const a = resolveAddresses(s.apiUrl, s.webUrl);
  return [...new Set([new URL(a.webUrl).host, new URL(a.apiUrl).host])];
}

/**
 * Nothing is checked out from a head branch deleted on the service (its reference answers 404,
 * docs/service-api/hosting/git-data.md §5): said in those words, where git's fetch would only say it found no such ref.
 */
async function headGone(session: HostingSession, pull: PullArg['pull']): Promise<boolean> {
  const client = session.client;
  if (!client || !(await headBranchGone(client, pull))) return false;
  void vscode.window.showWarningMessage(headGoneWords(pull, vscode.l10n.t('Nothing was checked out.')));
  return true;
}

export function pullCommands(
  session: HostingSession,
  state: vscode.Memento,
  describe: () => void,
  provider: NodeTreeProvider,
): Record<PullCommandId, CommandHandler> {
  return {
    'repodesk.pulls.checkout': async (arg?: unknown, folder?: unknown) => {
      const node = await pullOfArg(arg, session);
      if (!node || (await headGone(session, node.pull))) return undefined;
      // The checkout flow loads on first use.
      const { checkoutPull } = await import('./checkout.js');
      return checkoutPull(node.pull, node.owner, node.repo, serviceHosts(), typeof folder === 'string' ? vscode.Uri.file(folder) : undefined);
    },
    // `open`: how the worktree's folder is opened (a new window; a test's own under tests).
    'repodesk.pulls.checkoutWorktree': async (arg?: unknown, folder?: unknown, open?: OpenFolder) => {
      const node = await pullOfArg(arg, session);
      if (!node || (await headGone(session, node.pull))) return undefined;
      const { checkoutInWorktree } = await import('./checkoutWorktree.js');
      const at = typeof folder === 'string' ? vscode.Uri.file(folder) : undefined;
      return checkoutInWorktree(node.pull, node.owner, node.repo, serviceHosts(), at, ...(open ? [open] : []));
    },
    // Every file of the pull request in one multi-diff editor.
    'repodesk.pulls.openAllChanges': async (arg?: unknown) => {
      const node = await pullOfArg(arg, session);
      const client = session.client;
      if (!node || !client) return undefined;
      const { owner, repo, pull } = node;
      try {
        const files = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading the changed files of #{0}…', pull.number) },
          () => collect(client.pulls.listFiles(owner, repo, pull.number)),
        );
        if (files.length === 0) {
          void vscode.window.showInformationMessage(vscode.l10n.t('#{0} changes no files.', pull.number));
          return 0;
        }
        await openChanges({
          owner,
          repo,
          baseSha: pull.base.sha,
          headSha: pull.head.sha,
          files,
          title: vscode.l10n.t('All Changes of #{0}', pull.number),
          number: pull.number,
          accountId: session.accounts.length > 1 ? session.account?.id : undefined,
        });
        return files.length;
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not open the changes of #{0}: {1}', pull.number, errorText(err)));
        return undefined;
      }
    },
    // `labels`: the names to have, in place of the quick pick.
    'repodesk.pulls.labels': async (arg?: unknown, labels?: unknown) => {
      const node = await pullOfArg(arg, session);
      const client = session.client;
      if (!node || !client) return undefined;
      const given = Array.isArray(labels) ? labels.filter((l): l is string => typeof l === 'string') : undefined;
      const after = await editPullLabels(client, node, given);
      if (after) provider.refresh();
      return after;
    },
    'repodesk.pulls.filter': async (arg?: unknown) => {
      const given = givenAnswers<Partial<PullFilter>>(arg);
      if (given) await savePullFilter(state, { ...loadPullFilter(state), ...given });
      if (given || (await pickPullFilter(state))) {
        await vscode.commands.executeCommand('setContext', 'repodesk.pulls.state', loadPullFilter(state).state);
        describe();
        provider.refresh();
      }
    },
    'repodesk.pulls.openInBrowser': async (node?: PullNode) => {
      if (node instanceof PullNode) await vscode.env.openExternal(vscode.Uri.parse(node.pull.html_url, true));
    },
    // A commit row's click: its changed files in a quick pick, the chosen one as a parent/commit diff.
    // `answers.path`: the file to open, in place of the quick pick.
    'repodesk.pulls.openCommit': async (node?: PullCommitNode, answers?: unknown) => {
      const client = session.client;
      if (!(node instanceof PullCommitNode) || !client) return false;
      try {
        // A chunk of its own, shared with the overview: no entry in the activation bundle's table of chunks' dependencies.
        const { pickCommitFile } = await import('../shared/gitfs/commitFilesPick.js');
        return await pickCommitFile(client, node.owner, node.repo, node.commit.sha, givenAnswers<{ path?: string }>(answers)?.path);
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not open commit {0}: {1}', node.commit.sha.slice(0, 7), errorText(err)));
        return false;
      }
    },
  };
}
