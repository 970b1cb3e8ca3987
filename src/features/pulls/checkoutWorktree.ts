// Checkout in a New Worktree: the pull request's head fetched into the
// workspace's clone (as Checkout does), then `git worktree add` of a
// `pr/<number>` branch in a folder beside the clone (never one that exists),
// opened in a new window, so the workspace's own branch and changes stay as
// they are. Desktop only: the browser build takes checkoutWorktree.web.ts.
import * as vscode from 'vscode';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PullRequest } from '../../hosting';
import { freeWorktreeFolder } from '../../util/worktreeFolder';
import { errorText } from '../shared/failure';
import { headSource } from './checkout';

const run = promisify(execFile);

/** Opens the worktree; a test replaces it (a new window would leave the test's). */
export type OpenFolder = (folder: vscode.Uri) => Thenable<unknown>;
const inNewWindow: OpenFolder = (folder) => vscode.commands.executeCommand('vscode.openFolder', folder, { forceNewWindow: true });

/** git's own words when it refuses (its stderr's last line), else the error's. */
function gitText(err: unknown): string {
  const stderr = (err as { stderr?: unknown }).stderr;
  const last = typeof stderr === 'string' ? stderr.trim().split('\n').pop() : undefined;
  return last || errorText(err);
}

/** The worktree's folder, or undefined after saying why there is none. */
export async function checkoutInWorktree(
  pull: PullRequest,
  owner: string,
  repo: string,
  hosts: readonly string[],
  folder?: vscode.Uri,
  open: OpenFolder = inNewWindow,
): Promise<string | undefined> {
  try {
    const source = await headSource(pull, owner, repo, hosts, folder);
    if (!source) return undefined;
    const root = source.repository.rootUri.fsPath;
    const target = freeWorktreeFolder(path.dirname(root), path.basename(root), pull.number, (f) => fs.existsSync(f));
    if (!target) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Every folder for a worktree of #{0} beside {1} exists already.', pull.number, root));
      return undefined;
    }
    const branch = `pr/${pull.number}`;
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking out #{0} in a new worktree ({1})…', pull.number, target) },
      async () => {
        await source.repository.fetch(source.remote, pull.head.ref);
        const exists = await source.repository.getBranch(branch).then(
          () => true,
          () => false,
        );
        // An existing pr/<number> is used as it is (git refuses it when another worktree has it checked out, and says so).
        const args = exists ? ['worktree', 'add', target, branch] : ['worktree', 'add', '-b', branch, target, `${source.remote}/${pull.head.ref}`];
        await run('git', args, { cwd: root, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
      },
    );
    await open(vscode.Uri.file(target));
    return target;
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not check out #{0} in a new worktree: {1}', pull.number, gitText(err)));
    return undefined;
  }
}
