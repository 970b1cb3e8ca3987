// A pull request whose head branch was deleted on the service (another
// window, a script, the service's own Delete Branch): the pull request says
// nothing of it (docs/service-api/hosting/pulls.md §1: how a pull request
// moves is not described; the emulator keeps it open with the head it had),
// but its branch's reference answers 404 (git-data.md §5,
// `GET /repos/:owner/:repo/git/refs/heads/<branch>`). The overview reads it
// with the pull request and says so; a merge or a suggestion committed asks
// it first and writes nothing; a checkout whose fetch failed asks why.
import * as vscode from 'vscode';
import { NotFoundError, type CallOptions, type HostingClient, type PullRequest } from '../../hosting';

/**
 * Whether the service says the head branch of `pull` no longer exists (its
 * reference answers 404). False when it exists, when the head repository is
 * gone (said in words of its own) or when the service answered otherwise:
 * then the action goes on and the service's own answer is shown.
 */
export async function headBranchGone(client: HostingClient, pull: Pick<PullRequest, 'head'>, options?: CallOptions): Promise<boolean> {
  const repo = pull.head.repo;
  if (!repo) return false;
  try {
    await client.git.getRef(repo.owner.login, repo.name, `heads/${pull.head.ref}`, options);
    return false;
  } catch (err) {
    return err instanceof NotFoundError;
  }
}

/** The words of a refusal: the branch deleted, then what was not done (`nothingDone`, a sentence). */
export function headGoneWords(pull: Pick<PullRequest, 'head' | 'number'>, nothingDone: string): string {
  return vscode.l10n.t('The head branch {0} of #{1} was deleted on the service. {2}', pull.head.ref, pull.number, nothingDone);
}
