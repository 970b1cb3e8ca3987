// The flows of committing from the workspace (loaded by registerCommit on
// first use, with the git data engine): Commit Workspace to Branch, Create
// Tag, Upload Folder as New Repository, each in its own file.
import * as vscode from 'vscode';
import type { CommitResult } from '../../gitdata';
import { givenAnswers } from '../shared/commandArgs';
import type { Logger } from '../shared/log/outputLog';
import type { HostingSession } from '../shared/session/hostingSession';
import { repositoryTarget } from '../shared/session/require';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { commitWorkspace } from './commitWorkspace';
import { createTag, type TagAnswers } from './createTag';
import type { CommitFlow } from './runCommit';
import { uploadFolder, type UploadAnswers } from './uploadFolder';

/** What the three commands do, given their arguments. */
export interface CommitCommands {
  workspace(arg?: unknown): Promise<CommitResult | undefined>;
  tag(arg?: unknown): Promise<string | undefined>;
  uploadFolder(arg?: unknown): Promise<CommitResult | undefined>;
}

export function commitCommands(session: HostingSession, active: ActiveRepository, onCommitted: () => void, log: Logger): CommitCommands {
  const flow: CommitFlow = { session, active, onCommitted, log };
  return {
    workspace: async (arg?: unknown) => (trusted() ? commitWorkspace(flow, arg) : undefined),
    tag: async (arg?: unknown) => {
      const given = givenAnswers<TagAnswers & { owner?: string; repo?: string }>(arg);
      const target = repositoryTarget(session, active, given?.owner && given.repo ? { owner: given.owner, name: given.repo } : undefined);
      if (!target) return undefined;
      return createTag(target, onCommitted, given);
    },
    uploadFolder: async (arg?: unknown) => (trusted() ? uploadFolder(flow, givenAnswers<UploadAnswers>(arg)) : undefined),
  };
}

/** Writing what a folder the user did not trust holds is refused. */
function trusted(): boolean {
  if (vscode.workspace.isTrusted) return true;
  void vscode.window.showErrorMessage(vscode.l10n.t('Committing the workspace is disabled in an untrusted workspace.'));
  return false;
}
