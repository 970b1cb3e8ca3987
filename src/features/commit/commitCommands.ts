// The flows of committing from the workspace (loaded by registerCommit on
// first use, with the git data engine): Commit Workspace to Branch, Create
// Tag, Upload Folder as New Repository.
import * as vscode from 'vscode';
import { collect, type HostingClient } from '../../hosting';
import {
  FolderRefusedError,
  NotFastForwardError,
  NothingToCommitError,
  aheadBehind,
  commitPreview,
  defaultStartPoint,
  planChanges,
  previewCommit,
  readFolderFiles,
  rebasePreview,
  type CommitPreview,
  type CommitResult,
  type WorkspaceFile,
} from '../../gitdata';
import { keepBranchModes, readFilesThrough, type ReaderFiles } from '../../gitdata/folderReaderFiles';
import { LOCAL_FILES } from '../../platform/host';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import { editMessage, keepMessage } from '../shared/messageEditor/messageEditor';
import { branchNameRefusal } from '../shared/refNameText';
import { resolveCommitish } from '../shared/resolveCommitish';
import type { HostingSession } from '../shared/session/hostingSession';
import { repositoryTarget, type RepoTarget } from '../shared/session/require';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { confirmChanges, type BaseComparison } from './changePreview';
import { createTag, type TagAnswers } from './createTag';
import { excludedPatterns, givenFolder, localIsoTime, pickFolder, repositoryOfFolder } from './workspaceSource';
import { authorOfFolder, branchOfFolder } from '../shared/git/workspaceGit';
import { workspaceFsReader } from './workspaceFsFolder';

/** Answers of Commit Workspace to Branch, for scripts and tests (every question then skipped). */
interface CommitAnswers {
  /** A path, or a URI of any other scheme. */
  folder?: string;
  owner?: string;
  repo?: string;
  branch: string;
  /** Create `branch` from this ref or SHA. */
  from?: string;
  /** Repository folder the workspace folder maps to ('' for the root). */
  prefix?: string;
  /** Without it, the message editor opens (the other answers still skip their questions). */
  message?: string;
  /** What to do when the branch moved since the preview. */
  onMoved?: 'rebase' | 'force' | { newBranch: string };
}

/** The branch to commit to, as picked (or given): `repository` only when the user was asked. */
interface PickedBranch {
  branch: string;
  /** A new branch's start (a ref or SHA); undefined for an existing branch. */
  from?: string;
  repository?: { defaultBranch: string; heads: { name: string; sha: string }[]; workspaceBranch: string | undefined };
}

/** What the three commands do, given their arguments. */
export interface CommitCommands {
  workspace(arg?: unknown): Promise<CommitResult | undefined>;
  tag(arg?: unknown): Promise<string | undefined>;
  uploadFolder(arg?: unknown): Promise<CommitResult | undefined>;
}

export function commitCommands(session: HostingSession, active: ActiveRepository, onCommitted: () => void): CommitCommands {
  const trusted = () => {
    if (vscode.workspace.isTrusted) return true;
    void vscode.window.showErrorMessage(vscode.l10n.t('Committing the workspace is disabled in an untrusted workspace.'));
    return false;
  };
  const limits = () => {
    const c = vscode.workspace.getConfiguration('repodesk.commit');
    return { maxFiles: c.get<number>('maxFiles', 20000), maxFileBytes: c.get<number>('maxFileSizeMB', 100) * 1024 * 1024 };
  };

  return {
    workspace: async (arg?: unknown) => {
      if (!trusted()) return undefined;
      const given = givenAnswers<CommitAnswers>(arg);
      const folder = await pickFolder(given?.folder);
      if (!folder) return undefined;
      const fromFolder = given?.owner && given.repo ? { owner: given.owner, name: given.repo } : await repositoryOfFolder(folder);
      const target = repositoryTarget(session, active, fromFolder);
      if (!target) return undefined;
      // A name git refuses is refused before any request, given or typed.
      const refused = given ? branchNameRefusal(given.branch) : undefined;
      if (refused) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Nothing was committed to {0}: {1}', given!.branch, refused));
        return undefined;
      }
      const branch = given ? { branch: given.branch, from: given.from } : await pickBranch(target, folder);
      if (!branch) return undefined;
      return commitFolder(target, folder, branch, given);
    },
    tag: async (arg?: unknown) => {
      const given = givenAnswers<TagAnswers & { owner?: string; repo?: string }>(arg);
      const target = repositoryTarget(session, active, given?.owner && given.repo ? { owner: given.owner, name: given.repo } : undefined);
      if (!target) return undefined;
      return createTag(target, onCommitted, given);
    },
    uploadFolder: async (arg?: unknown) => {
      if (!trusted()) return undefined;
      const given = givenAnswers<{ folder: string; owner?: string; name: string; private?: boolean; message?: string }>(arg);
      return uploadFolder(given);
    },
  };

  /**
   * The folder's files: from the disk where this host has one, else through
   * `workspace.fs` (the browser, a virtual workspace), which tells no modes:
   * those come from the branch (`modeless`, see keepBranchModes).
   */
  async function readFiles(folder: vscode.Uri): Promise<{ files: WorkspaceFile[]; modeless?: ReaderFiles } | undefined> {
    try {
      if (LOCAL_FILES && folder.scheme === 'file') return { files: await readFolderFiles(folder.fsPath, excludedPatterns(folder), limits()) };
      const modeless = await readFilesThrough(workspaceFsReader(folder), excludedPatterns(folder), limits());
      return { files: modeless.files, modeless };
    } catch (err) {
      const detail =
        err instanceof FolderRefusedError
          ? vscode.l10n.t('Nothing was written. Leave the files out (.gitignore or files.exclude) or raise repodesk.commit.maxFiles / maxFileSizeMB.')
          : undefined;
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Cannot commit {0}: {1}', folder.fsPath, errorText(err)),
        ...(detail ? [{ title: detail, isCloseAffordance: true }] : []),
      );
      return undefined;
    }
  }

  async function commitFolder(target: RepoTarget, folder: vscode.Uri, picked: PickedBranch, given?: CommitAnswers): Promise<CommitResult | undefined> {
    const { branch, from } = picked;
    const where = `${target.owner}/${target.repo}:${branch}`;
    let comparison: BaseComparison | undefined;
    let files: WorkspaceFile[] | undefined;
    let preview: CommitPreview;
    try {
      preview = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Comparing the workspace with {0}…', where) },
        async () => {
          const read = await readFiles(folder);
          if (!read) throw new vscode.CancellationError();
          const base = from === undefined ? undefined : await resolveCommitish(target.client, target.owner, target.repo, from);
          let found = await previewCommit(target.client, target.owner, target.repo, branch, read.files, {
            prefix: given?.prefix,
            ...(base ? { from: base } : {}),
          });
          files = read.files;
          // No modes from workspace.fs: the branch's modes for the paths it has (an executable stays one), 100644 for new files.
          if (read.modeless) {
            files = keepBranchModes(read.modeless, found.remote, found.prefix);
            found = { ...found, changes: planChanges(files, found.remote, found.prefix) };
          }
          if (picked.repository) comparison = await compareBase(target, found, picked);
          return found;
        },
      );
    } catch (err) {
      if (!(err instanceof vscode.CancellationError)) void vscode.window.showErrorMessage(vscode.l10n.t('Could not read {0}: {1}', where, errorText(err)));
      return undefined;
    }
    if (preview.changes.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to commit: the workspace is the same as {0}.', where));
      return undefined;
    }
    if (!given && !(await confirmChanges(preview, folder, comparison))) return undefined;
    // One kept message per repository: a cancelled or failed commit's text comes back in the next editor.
    const key = `commit:${target.owner}/${target.repo}`;
    const message =
      given?.message ??
      (await editMessage({
        key,
        title: vscode.l10n.t('Commit message: {0}', branch),
        initial: '',
        prompt: vscode.l10n.t(
          "Write the message of the commit to {0} (the first line is its summary), then choose ✓ in the editor's title bar; ✕ or closing the tab cancels.",
          where,
        ),
        refuseEmpty: vscode.l10n.t('The commit message is empty: write at least its first line, the summary. Nothing was committed.'),
        cancelled: vscode.l10n.t('Commit cancelled: nothing was committed to {0}.', where),
      }));
    if (message === undefined) return undefined;
    if (!message.trim()) {
      void vscode.window.showErrorMessage(vscode.l10n.t('The commit message is empty: nothing was committed to {0}.', where));
      return undefined;
    }
    const author = {
      ...((await authorOfFolder(folder)) ?? { name: session.login ?? 'RepoDesk', email: `${session.login ?? 'repodesk'}@users.noreply` }),
      date: localIsoTime(),
    };
    const result = await runCommit(target, preview, files!, message.trim(), author, given);
    if (!result && !given) keepMessage(key, message);
    return result;
  }

  /** The preview's line about the base: which commit, and how far it is from the default branch. */
  async function compareBase(target: RepoTarget, preview: CommitPreview, picked: PickedBranch): Promise<BaseComparison | undefined> {
    const repository = picked.repository!;
    const base = picked.from ?? picked.branch;
    if (!preview.parent) return undefined;
    const reference = repository.heads.find((h) => h.name === repository.defaultBranch)?.sha;
    const counts =
      reference === undefined
        ? undefined
        : await aheadBehind(
            async (sha) => {
              const c = await target.client.git.getCommit(target.owner, target.repo, sha);
              return { parents: c.parents.map((p) => p.sha), time: Date.parse(c.committer.date) };
            },
            preview.parent,
            reference,
          ).catch(() => undefined);
    return { base, sha: preview.parent, defaultBranch: repository.defaultBranch, counts, workspaceBranch: repository.workspaceBranch };
  }

  async function runCommit(
    target: RepoTarget,
    preview: CommitPreview,
    files: WorkspaceFile[],
    message: string,
    author: { name: string; email: string; date: string },
    given?: CommitAnswers,
  ): Promise<CommitResult | undefined> {
    const where = `${target.owner}/${target.repo}:${preview.branch}`;
    try {
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Committing to {0}', where), cancellable: true },
        (progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          const steps = {
            blobs: vscode.l10n.t('uploading binary files…'),
            tree: vscode.l10n.t('writing the tree…'),
            commit: vscode.l10n.t('writing the commit…'),
            ref: vscode.l10n.t('moving the branch…'),
          };
          return commitPreview(target.client, preview, files, {
            message,
            author,
            signal: controller.signal,
            onStep: (s) => progress.report({ message: steps[s], increment: 25 }),
          });
        },
      );
      onCommitted();
      void announce(target, preview.branch, result);
      return result;
    } catch (err) {
      if (err instanceof NotFastForwardError) return branchMoved(target, preview, files, message, author, err, given);
      if (err instanceof NothingToCommitError) void vscode.window.showInformationMessage(err.message);
      else if (err instanceof Error && err.name === 'AbortError')
        void vscode.window.showInformationMessage(vscode.l10n.t('Commit cancelled; {0} is as it was.', where));
      else
        void vscode.window.showErrorMessage(
          `${vscode.l10n.t('Could not commit to {0}: {1}', where, errorText(err))}${given ? '' : ` ${vscode.l10n.t('Your message is kept for the next try.')}`}`,
        );
      return undefined;
    }
  }

  /** The branch moved since the preview: rebase the same changes, another branch, or (confirmed) force. Nothing is lost. */
  async function branchMoved(
    target: RepoTarget,
    preview: CommitPreview,
    files: WorkspaceFile[],
    message: string,
    author: { name: string; email: string; date: string },
    err: NotFastForwardError,
    given?: CommitAnswers,
  ): Promise<CommitResult | undefined> {
    const rebase = vscode.l10n.t('Rebase onto the New Head');
    const another = vscode.l10n.t('Commit to a New Branch…');
    const force = vscode.l10n.t('Force…');
    const choice = given?.onMoved
      ? given.onMoved === 'rebase'
        ? rebase
        : given.onMoved === 'force'
          ? force
          : another
      : await vscode.window.showWarningMessage(
          vscode.l10n.t('{0} moved since the preview; nothing was changed. Your commit {1} is kept.', preview.branch, err.commit.slice(0, 7)),
          rebase,
          another,
          force,
        );
    if (choice === rebase) {
      const rebased = await rebasePreview(target.client, preview);
      if ('conflicts' in rebased) {
        void vscode.window.showErrorMessage(
          vscode.l10n.t('Cannot rebase: {0} changed on {1} meanwhile too. Commit to a new branch instead.', rebased.conflicts.join(', '), preview.branch),
        );
        return undefined;
      }
      return runCommit(target, rebased.preview, files, message, author);
    }
    if (choice === another) {
      const name =
        typeof given?.onMoved === 'object'
          ? given.onMoved.newBranch
          : await vscode.window.showInputBox({
              title: vscode.l10n.t('New branch for commit {0}', err.commit.slice(0, 7)),
              ignoreFocusOut: true,
              validateInput: branchNameRefusal,
            });
      if (!name) return undefined;
      const refused = branchNameRefusal(name);
      if (refused) {
        void vscode.window.showErrorMessage(vscode.l10n.t('No branch was created for commit {0}: {1}', err.commit.slice(0, 7), refused));
        return undefined;
      }
      await target.client.git.createRef(target.owner, target.repo, `refs/heads/${name}`, err.commit);
      onCommitted();
      void vscode.window.showInformationMessage(vscode.l10n.t('Committed {0} to the new branch {1}.', err.commit.slice(0, 7), name));
      return { commit: err.commit, tree: '', parent: preview.parent, changes: preview.changes, requests: 0 };
    }
    if (choice === force) {
      const head = await target.client.git.getRef(target.owner, target.repo, `heads/${preview.branch}`);
      const lost = (await target.client.git.getCommit(target.owner, target.repo, head.object.sha)).message.split('\n')[0];
      const yes = vscode.l10n.t('Force Update');
      const confirmed =
        given?.onMoved === 'force' ||
        (await vscode.window.showWarningMessage(
          vscode.l10n.t('Force {0} to your commit?', preview.branch),
          {
            modal: true,
            detail: vscode.l10n.t(
              'The branch then no longer contains {0} ("{1}") and what led to it since your preview.',
              head.object.sha.slice(0, 7),
              lost ?? '',
            ),
          },
          yes,
        )) === yes;
      if (!confirmed) return undefined;
      await target.client.git.updateRef(target.owner, target.repo, `heads/${preview.branch}`, err.commit, true);
      onCommitted();
      return { commit: err.commit, tree: '', parent: preview.parent, changes: preview.changes, requests: 0 };
    }
    return undefined;
  }

  async function announce(target: RepoTarget, branch: string, result: CommitResult): Promise<void> {
    const tag = vscode.l10n.t('Create Tag…');
    const pull = vscode.l10n.t('Create Pull Request…');
    // A pull request is offered for the active repository, where the Pull Requests view shows it.
    const isActive = active.value?.owner === target.owner && active.value?.name === target.repo;
    const n = result.changes.length;
    const text =
      n === 1
        ? vscode.l10n.t('Committed 1 change to {0} as {1}.', branch, result.commit.slice(0, 7))
        : vscode.l10n.t('Committed {0} changes to {1} as {2}.', n, branch, result.commit.slice(0, 7));
    const picked = await vscode.window.showInformationMessage(text, tag, ...(isActive ? [pull] : []));
    if (picked === tag) await createTag(target, onCommitted, { sha: result.commit });
    if (picked === pull) await vscode.commands.executeCommand('repodesk.pulls.create', { head: branch });
  }

  async function pickBranch(target: RepoTarget, folder: vscode.Uri): Promise<PickedBranch | undefined> {
    const [repo, refs, workspaceBranch] = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading branches…') },
      () =>
        Promise.all([
          target.client.repos.get(target.owner, target.repo),
          collect(target.client.git.listRefs(target.owner, target.repo, 'heads')),
          branchOfFolder(folder),
        ]),
    );
    const heads = refs.map((r) => ({ name: r.ref.replace(/^refs\/heads\//, ''), sha: r.object.sha }));
    const repository = { defaultBranch: repo.default_branch ?? 'master', heads, workspaceBranch };
    const items = [
      { label: `$(add) ${vscode.l10n.t('New Branch…')}`, branch: undefined as string | undefined, alwaysShow: true },
      ...heads.map((h) => ({
        label: `$(git-branch) ${h.name}`,
        description: [
          h.sha.slice(0, 7),
          h.name === workspaceBranch ? vscode.l10n.t("the workspace's branch") : undefined,
          h.name === repository.defaultBranch ? vscode.l10n.t('default branch') : undefined,
        ]
          .filter(Boolean)
          .join(' · '),
        branch: h.name,
      })),
    ];
    // Like the steps after it, kept open while the user looks elsewhere (at the branches in Git Refs, say).
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Commit Workspace to {0}/{1}: branch', target.owner, target.repo),
      ignoreFocusOut: true,
    });
    if (!picked) return undefined;
    if (picked.branch) return { branch: picked.branch, repository };
    const name = await vscode.window.showInputBox({
      title: vscode.l10n.t('New branch: name'),
      ignoreFocusOut: true,
      validateInput: (v) => branchNameRefusal(v) ?? (heads.some((h) => h.name === v) ? vscode.l10n.t('{0} exists already.', v) : undefined),
    });
    if (!name) return undefined;
    // The workspace's files are its branch plus the user's changes: starting elsewhere would list that branch's work as changes.
    const start = defaultStartPoint(
      workspaceBranch,
      heads.map((h) => h.name),
      repository.defaultBranch,
    );
    const why =
      start === workspaceBranch
        ? vscode.l10n.t('Offered: {0}, the branch the workspace is on.', start)
        : workspaceBranch
          ? vscode.l10n.t("Offered: {0}, the default branch ({1}, the workspace's branch, is not on the service).", start, workspaceBranch)
          : vscode.l10n.t('Offered: {0}, the default branch (the workspace is on no branch).', start);
    const from = await vscode.window.showInputBox({
      title: vscode.l10n.t('New branch {0}: start from', name),
      prompt: `${vscode.l10n.t('A branch, tag or (abbreviated) SHA.')} ${why}`,
      value: start,
      ignoreFocusOut: true,
    });
    return from ? { branch: name, from, repository } : undefined;
  }

  async function uploadFolder(given?: {
    folder: string;
    owner?: string;
    name: string;
    private?: boolean;
    message?: string;
  }): Promise<CommitResult | undefined> {
    const client = session.client;
    const login = session.login;
    if (!client || !login) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Sign in to RepoDesk first.'));
      return undefined;
    }
    const folder = given
      ? givenFolder(given.folder)
      : (
          await vscode.window.showOpenDialog({
            canSelectFiles: false,
            canSelectFolders: true,
            title: vscode.l10n.t('Upload Folder as New Repository'),
            openLabel: vscode.l10n.t('Upload'),
            defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
          })
        )?.[0];
    if (!folder) return undefined;
    const answers: { owner?: string; name: string; private?: boolean; message?: string } | undefined = given ?? (await askNewRepository(client, login, folder));
    if (!answers) return undefined;
    const read = await readFiles(folder);
    if (!read) return undefined;
    // A new repository has no modes to keep: through workspace.fs every file is 100644 and links are left out.
    const files = read.modeless ? keepBranchModes(read.modeless, []) : read.files;
    try {
      const repo = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating {0}…', answers.name) },
        () =>
          answers.owner && answers.owner !== login
            ? client.repos.createInOrg(answers.owner, { name: answers.name, private: answers.private ?? false })
            : client.repos.createForAuthenticatedUser({ name: answers.name, private: answers.private ?? false }),
      );
      const target = { client, owner: repo.owner.login, repo: repo.name };
      const branch = repo.default_branch ?? 'master';
      const preview = await previewCommit(client, target.owner, target.repo, branch, files, { from: null });
      const result = await runCommit(target, preview, files, answers.message ?? vscode.l10n.t('Initial commit'), {
        ...((await authorOfFolder(folder)) ?? { name: login, email: `${login}@users.noreply` }),
        date: localIsoTime(),
      });
      if (result) await active.set({ owner: target.owner, name: target.repo });
      return result;
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not upload {0}: {1}', folder.fsPath, errorText(err)));
      return undefined;
    }
  }
}

async function askNewRepository(
  client: HostingClient,
  login: string,
  folder: vscode.Uri,
): Promise<{ owner?: string; name: string; private: boolean } | undefined> {
  const orgs = new Set<string>();
  for await (const t of client.teams.listForAuthenticatedUser()) orgs.add(t.organization.login);
  const owner = await vscode.window.showQuickPick(
    [{ label: login, org: undefined as string | undefined }, ...[...orgs].sort().map((o) => ({ label: o, org: o }))],
    { title: vscode.l10n.t('Upload Folder as New Repository (1/3): owner') },
  );
  if (!owner) return undefined;
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Upload Folder as New Repository (2/3): name'),
    value: folder.path.split('/').pop() ?? '',
    ignoreFocusOut: true,
    validateInput: (v) => (/^[A-Za-z0-9._-]+$/.test(v) && v !== '.' && v !== '..' ? undefined : vscode.l10n.t('Use letters, digits, ".", "-" and "_" only.')),
  });
  if (!name) return undefined;
  const visibility = await vscode.window.showQuickPick(
    [
      { label: vscode.l10n.t('Public'), isPrivate: false },
      { label: vscode.l10n.t('Private'), isPrivate: true },
    ],
    { title: vscode.l10n.t('Upload Folder as New Repository (3/3): visibility') },
  );
  if (!visibility) return undefined;
  return { owner: owner.org, name, private: visibility.isPrivate };
}
