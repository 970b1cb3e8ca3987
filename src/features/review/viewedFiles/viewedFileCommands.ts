// Viewed files' commands: mark or unmark a file viewed, the changes since
// one's last review. Loaded on first use (registerViewedFiles.ts registers
// them).
import * as vscode from 'vscode';
import { collect, type PullRequestFile } from '../../../hosting';
import { changesSince, type ChangeSince } from '../../../reviewing/viewedFiles';
import { shortSha } from '../../../util/viewFormat';
import { errorText } from '../../shared/failure';
import { openDiff } from '../../shared/gitfs/openDiff';
import type { ViewedFilesStore } from '../stores/viewedFilesStore';
import type { HostingSession } from '../../shared/session/hostingSession';
import type { CommandHandler } from '../../shared/lazyCommands';
import type { ViewedFileCommandId } from './registerViewedFiles';

/** A pull request as the Pull Requests view's nodes carry it (a changed file's node also has `file`). */
interface PullArg {
  owner: string;
  repo: string;
  pull: { number: number; head: { sha: string } };
  file?: { filename: string };
}

const isPullArg = (a: unknown): a is PullArg => {
  const p = a as Partial<PullArg> | undefined;
  return typeof p?.owner === 'string' && typeof p.repo === 'string' && typeof p.pull?.number === 'number' && typeof p.pull.head?.sha === 'string';
};

export function viewedFileCommands(session: HostingSession, store: ViewedFilesStore): Record<ViewedFileCommandId, CommandHandler> {
  /** The pull request's files and head now (the head may have moved since the view was drawn). */
  const headFiles = async (a: PullArg): Promise<{ head: string; files: PullRequestFile[] }> => {
    const client = session.client;
    if (!client) throw new Error(vscode.l10n.t('Sign in to RepoDesk first.'));
    const [pull, files] = await Promise.all([
      client.pulls.get(a.owner, a.repo, a.pull.number),
      collect(client.pulls.listFiles(a.owner, a.repo, a.pull.number)),
    ]);
    return { head: pull.head.sha, files };
  };

  const setViewed = async (arg: unknown, viewed: boolean, more?: unknown): Promise<boolean> => {
    // A multi-selection in the view comes as the second argument.
    const args = (Array.isArray(more) && more.length > 0 ? more : [arg]).filter(isPullArg).filter((a) => a.file);
    const first = args[0];
    if (!first) return false;
    const key = { owner: first.owner, repo: first.repo, number: first.pull.number };
    const paths = args.map((a) => a.file!.filename);
    try {
      if (viewed) {
        const { head, files } = await headFiles(first);
        await store.mark(key, head, files, paths);
      } else {
        await store.unmark(key, paths);
      }
      return true;
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not mark {0}: {1}', paths.join(', '), errorText(err)));
      return false;
    }
  };

  const changesSinceLastReview = async (arg?: unknown, pick?: string): Promise<ChangeSince[] | undefined> => {
    if (!isPullArg(arg)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Choose a pull request in the Pull Requests view first.'));
      return undefined;
    }
    const key = { owner: arg.owner, repo: arg.repo, number: arg.pull.number };
    let read;
    try {
      read = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading the changes of #{0}…', key.number) },
        () => headFiles(arg),
      );
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not read the changes of #{0}: {1}', key.number, errorText(err)));
      return undefined;
    }
    const since = changesSince(store.get(key), read.head, read.files);
    if (!since) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('You have not viewed files of #{0} at an earlier head: mark files as viewed, and this lists what changes after.', key.number),
      );
      return undefined;
    }
    if (since.changes.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No file of #{0} changed since {1}, the head you last viewed.', key.number, shortSha(since.since)),
      );
      return [];
    }
    const status = (c: ChangeSince) => (c.before === undefined ? 'added' : c.after === undefined ? 'removed' : 'modified');
    const words = { added: vscode.l10n.t('new in the pull request'), removed: vscode.l10n.t('no longer changed'), modified: vscode.l10n.t('changed') };
    const chosen =
      pick !== undefined
        ? since.changes.find((c) => c.path === pick)
        : (
            await vscode.window.showQuickPick(
              since.changes.map((c) => ({ label: c.path, description: words[status(c)], change: c })),
              {
                title: vscode.l10n.t('{0} files changed since {1}, the head you last viewed', since.changes.length, shortSha(since.since)),
                placeHolder: vscode.l10n.t('Choose a file to see its diff between the two heads'),
              },
            )
          )?.change;
    if (chosen) {
      try {
        await openDiff({ owner: key.owner, repo: key.repo, baseSha: since.since, headSha: read.head, path: chosen.path, status: status(chosen) });
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not open the changes of {0}: {1}', chosen.path, errorText(err)));
      }
    }
    return since.changes;
  };

  return {
    'repodesk.viewedFiles.mark': (arg?: unknown, more?: unknown) => setViewed(arg, true, more),
    'repodesk.viewedFiles.unmark': (arg?: unknown, more?: unknown) => setViewed(arg, false, more),
    'repodesk.viewedFiles.changesSinceLastReview': changesSinceLastReview,
  };
}
