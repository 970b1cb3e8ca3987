// Commit Workspace to Branch's branch question: an existing branch, or a new
// one with its start point (offered: the workspace's branch when the service
// has it, else the default branch).
import * as vscode from 'vscode';
import { collect } from '../../hosting';
import { defaultStartPoint } from '../../gitdata';
import { branchNameRefusal } from '../shared/refNameText';
import type { RepoTarget } from '../shared/session/require';
import { branchOfFolder } from '../shared/git/workspaceGit';
import { inSteps, type StepBoxes } from '../shared/stepBoxes';

/** The repository's branches as read for the question (the preview then compares the base with them). */
interface BranchesRead {
  defaultBranch: string;
  heads: { name: string; sha: string }[];
  workspaceBranch: string | undefined;
}

/** The branch to commit to, as picked (or given): `repository` only when the user was asked. */
export interface PickedBranch {
  branch: string;
  /** A new branch's start (a ref or SHA); undefined for an existing branch. */
  from?: string;
  repository?: BranchesRead;
}

export async function pickBranch(target: RepoTarget, folder: vscode.Uri): Promise<PickedBranch | undefined> {
  const repository = await readBranches(target, folder);
  const { heads, workspaceBranch } = repository;
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
  // The pick and a new branch's two boxes are steps of one question: each box shows in the place of the last.
  return inSteps(async (steps) => {
    // Like the steps after it, kept open while the user looks elsewhere (at the branches in Git Refs, say).
    const picked = await steps.pick(items, {
      title: vscode.l10n.t('Commit Workspace to {0}/{1}: branch', target.owner, target.repo),
      ignoreFocusOut: true,
    });
    if (!picked) return undefined;
    if (picked.branch) return { branch: picked.branch, repository };
    return await askNewBranch(repository, steps);
  });
}

async function readBranches(target: RepoTarget, folder: vscode.Uri): Promise<BranchesRead> {
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
  return { defaultBranch: repo.default_branch ?? 'master', heads, workspaceBranch };
}

/** A new branch's name, then where it starts. */
async function askNewBranch(repository: BranchesRead, steps: StepBoxes): Promise<PickedBranch | undefined> {
  const { heads, workspaceBranch } = repository;
  const name = await steps.text({
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
  const from = await steps.text({
    title: vscode.l10n.t('New branch {0}: start from', name),
    prompt: `${vscode.l10n.t('A branch, tag or (abbreviated) SHA.')} ${why}`,
    value: start,
    ignoreFocusOut: true,
  });
  return from ? { branch: name, from, repository } : undefined;
}
