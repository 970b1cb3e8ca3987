// Apply Suggestion, a comment action on a review thread: the comment's
// suggested lines replace the commented line. When the workspace holds the
// pull request's head (a clone whose HEAD is the head commit, or the file as
// the head has it), the workspace file is edited and saved; otherwise the
// change is committed to the head branch through the git data API. A
// suggestion whose line changed since, or whose head branch was deleted on
// the service, says so and changes nothing.
import * as vscode from 'vscode';
import { blobSha } from '../../../gitdata';
import { collect, type HostingClient, type PullRequestDetailed, type ReviewComment } from '../../../hosting';
import { applySuggestion } from '../../../reviewing/suggestionApply';
import { parseSuggestions, suggestedLine } from '../../../reviewing/suggestions';
import { shortSha } from '../../../util/viewFormat';
import { errorText } from '../../shared/failure';
import { headBranchGone, headGoneWords } from '../../shared/headBranch';
import type { PullKey } from '../stores/pullReviewComments';
import { commitSuggestion } from './model/commitSuggestion';

/** What Apply Suggestion did (returned for tests and scripts). */
export type AppliedTo = { where: 'workspace'; uri: vscode.Uri } | { where: 'branch'; commit: string } | { where: 'nowhere'; why: string };

/** Owner, repository and number of the pull request a review comment belongs to (from its pull_request_url). */
export function pullOfComment(c: Pick<ReviewComment, 'pull_request_url'>): PullKey | undefined {
  const m = /\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(c.pull_request_url);
  return m ? { owner: decodeURIComponent(m[1]!), repo: decodeURIComponent(m[2]!), number: Number(m[3]) } : undefined;
}

interface GitRepo {
  readonly rootUri: vscode.Uri;
  readonly state: { readonly HEAD: { readonly commit?: string } | undefined };
}

/** The workspace clones VS Code's git extension knows (none when it is disabled or missing). */
async function workspaceClones(): Promise<readonly GitRepo[]> {
  const ext = vscode.extensions.getExtension<{ getAPI(version: 1): { repositories: readonly GitRepo[] }; enabled?: boolean }>('vscode.git');
  if (!ext) return [];
  try {
    const exports = ext.isActive ? ext.exports : await ext.activate();
    return exports.enabled === false ? [] : exports.getAPI(1).repositories;
  } catch {
    return [];
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** The workspace file that is the head's: in a clone whose HEAD is the head commit, or a workspace folder's file with the head's blob. */
async function headFileInWorkspace(client: HostingClient, key: PullKey, pull: PullRequestDetailed, path: string): Promise<vscode.Uri | undefined> {
  for (const clone of await workspaceClones()) {
    const uri = vscode.Uri.joinPath(clone.rootUri, ...path.split('/'));
    if (clone.state.HEAD?.commit === pull.head.sha && (await exists(uri))) return uri;
  }
  const file = (await collect(client.pulls.listFiles(key.owner, key.repo, key.number))).find((f) => f.filename === path);
  if (!file) return undefined;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, ...path.split('/'));
    if (!(await exists(uri))) continue;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    // An open document counts as saved: its unsaved edits are the user's, kept by the edit below.
    const bytes = open && !open.isDirty ? new TextEncoder().encode(open.getText()) : await vscode.workspace.fs.readFile(uri);
    if (blobSha(bytes) === file.sha) return uri;
  }
  return undefined;
}

export async function applySuggestionOf(client: HostingClient, comment: ReviewComment, options: { block?: number; confirmed?: boolean }): Promise<AppliedTo> {
  const nowhere = (why: string): AppliedTo => {
    void vscode.window.showWarningMessage(why);
    return { where: 'nowhere', why };
  };
  const key = pullOfComment(comment);
  const blocks = parseSuggestions(comment.body);
  if (!key || blocks.length === 0) return nowhere(vscode.l10n.t('This comment holds no suggested change.'));
  let index = options.block ?? 0;
  if (options.block === undefined && blocks.length > 1) {
    const picked = await vscode.window.showQuickPick(
      blocks.map((b, i) => ({ label: vscode.l10n.t('Suggestion {0}', i + 1), detail: b.join(' ⏎ '), index: i })),
      { title: vscode.l10n.t('Which suggested change?') },
    );
    if (!picked) return { where: 'nowhere', why: 'cancelled' };
    index = picked.index;
  }
  const lines = blocks[index];
  const target = suggestedLine(comment.diff_hunk);
  if (!lines) return nowhere(vscode.l10n.t('This comment holds no suggested change.'));
  if (!target) return nowhere(vscode.l10n.t('This suggestion no longer applies: it was made on a removed line. Nothing was changed.'));
  const change = (text: string) => applySuggestion(text, target.line, [target.text], lines);
  const stale = vscode.l10n.t('This suggestion no longer applies: line {0} of {1} changed since it was made. Nothing was changed.', target.line, comment.path);

  const pull = await client.pulls.get(key.owner, key.repo, key.number);
  const local = await headFileInWorkspace(client, key, pull, comment.path);
  if (local) {
    const document = await vscode.workspace.openTextDocument(local);
    const applied = change(document.getText());
    if (!applied.ok) return nowhere(stale);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(local, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), applied.text);
    if (!(await vscode.workspace.applyEdit(edit)) || !(await document.save())) return nowhere(vscode.l10n.t('Could not change {0}.', local.fsPath));
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(target.line - 1, 0, target.line - 1, 0), preview: false });
    void vscode.window.showInformationMessage(vscode.l10n.t('Applied the suggestion to {0}.', vscode.workspace.asRelativePath(local)));
    return { where: 'workspace', uri: local };
  }

  const headRepo = pull.head.repo;
  if (!headRepo) return nowhere(vscode.l10n.t('The head repository of #{0} was deleted: the suggestion cannot be committed.', key.number));
  const [owner, repo] = headRepo.full_name.split('/') as [string, string];
  const where = `${headRepo.full_name}:${pull.head.ref}`;
  // Not asked to commit to a branch that no longer is (git-data §5: its reference answers 404).
  if (await headBranchGone(client, pull)) return nowhere(headGoneWords(pull, vscode.l10n.t('The suggestion was not committed.')));
  const commitIt = vscode.l10n.t('Commit');
  if (
    options.confirmed !== true &&
    (await vscode.window.showInformationMessage(
      vscode.l10n.t('The workspace does not hold the head of #{0}. Commit the suggestion to {1}?', key.number, where),
      { modal: true, detail: vscode.l10n.t('{0}, line {1}', comment.path, target.line) },
      commitIt,
    )) !== commitIt
  ) {
    return { where: 'nowhere', why: 'cancelled' };
  }
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Committing the suggestion to {0}…', where) },
      () =>
        commitSuggestion(
          client,
          { owner, repo, branch: pull.head.ref, path: comment.path },
          change,
          vscode.l10n.t('Apply suggestion from @{0} to {1}', comment.user.login, comment.path),
        ),
    );
    if (!result.ok) return nowhere(stale);
    void vscode.window.showInformationMessage(vscode.l10n.t('Committed the suggestion to {0} as {1}.', where, shortSha(result.commit.commit)));
    return { where: 'branch', commit: result.commit.commit };
  } catch (err) {
    const why = vscode.l10n.t('Could not commit the suggestion to {0}: {1}', where, errorText(err));
    void vscode.window.showErrorMessage(why);
    return { where: 'nowhere', why };
  }
}
