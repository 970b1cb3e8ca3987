// The status bar's "$(git-pull-request) #n" while a pull request's branch
// (`pr/<number>`, as Checkout Pull Request names it) is checked out in a
// workspace clone, read from VS Code's git extension.
import * as vscode from 'vscode';
import { gitApi, type GitRepository } from '../shared/git/gitExtension';

/** How long after activation the status starts watching the workspace's clones. */
const GIT_WATCH_DELAY_MS = 3000;

/** "$(git-pull-request) #n" in the status bar while a `pr/<n>` branch is checked out in a workspace clone. */
export function registerCheckedOutStatus(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem('repodesk.checkedOutPull', vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('RepoDesk: checked-out pull request');
  context.subscriptions.push(item);
  const watched = new Set<GitRepository>();
  const update = (repos: readonly GitRepository[]) => {
    const head = repos.map((r) => r.state.HEAD?.name).find((n) => n && /^pr\/\d+$/.test(n));
    if (!head) return item.hide();
    item.text = `$(git-pull-request) #${head.slice(3)}`;
    item.tooltip = vscode.l10n.t('Pull request #{0} is checked out', head.slice(3));
    item.show();
  };
  const watchGit = () =>
    void gitApi().then(
      (git) => {
        if (!git) return;
        const watch = (r: GitRepository) => {
          if (watched.has(r)) return;
          watched.add(r);
          context.subscriptions.push(r.state.onDidChange(() => update(git.repositories)));
        };
        git.repositories.forEach(watch);
        context.subscriptions.push(
          git.onDidOpenRepository((r) => {
            watch(r);
            update(git.repositories);
          }),
        );
        update(git.repositories);
      },
      () => undefined,
    );
  // Activating the git extension costs the shared extension host ~150 ms:
  // not during RepoDesk's start, unless something else activated it already.
  if (vscode.extensions.getExtension('vscode.git')?.isActive) watchGit();
  else {
    const timer = setTimeout(watchGit, GIT_WATCH_DELAY_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(timer) });
  }
}
