// A change to a list under a repository node (a label created, a team given
// access): with progress, then the list read again and redrawn; the service's
// message on failure.
import * as vscode from 'vscode';
import { ForbiddenError, NotFoundError, type HostingClient } from '../../../hosting';
import type { ListEdit } from '../../../util/listEdits';
import { errorText } from '../failure';
import type { HostingSession } from '../session/hostingSession';
import { RepositoryListNode } from './repositoryLists';

/** A change that needs a scope the session may lack: refused, it offers to sign in again with it and retries. */
export interface ScopedRefusal {
  hint: string;
  scope: string;
  retry: (client: HostingClient) => Promise<unknown>;
}

/** A list node that shows a write's change and reads its list again (a repository's or an organization's). */
export interface ReloadableList<T> {
  reload(): Promise<void>;
  showChange(edit: ListEdit<T>): Promise<void>;
  readonly list: { readonly loaded: readonly T[] };
}

/**
 * Runs a write with progress; the list shows its change at once, from the
 * write's answer (`edit`), and is read again behind it to confirm it (what
 * the answer does not say, the service's later state, comes with that read).
 * Without `edit` the list is read again before the progress ends. The list
 * after the change, or undefined when it failed (the user was told why).
 */
export async function changeList<T, A = unknown>(
  session: HostingSession,
  group: ReloadableList<T>,
  title: string,
  failure: string,
  task: () => Promise<A>,
  refusal?: ScopedRefusal,
  edit?: (answer: A) => ListEdit<T>,
): Promise<readonly T[] | undefined> {
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, async () => {
      const answer = await task();
      if (edit) void group.showChange(edit(answer)).catch(() => undefined);
      else await group.reload();
    });
    return [...group.list.loaded];
  } catch (err) {
    const refused = refusal && (err instanceof NotFoundError || err instanceof ForbiddenError);
    if (!refused) {
      void vscode.window.showErrorMessage(`${failure}: ${errorText(err)}`);
      return undefined;
    }
    if (session.scopes.includes(refusal.scope)) {
      void vscode.window.showErrorMessage(`${failure}: ${errorText(err)} ${refusal.hint}`);
      return undefined;
    }
    // The offer stays up without holding the command (it returns at once).
    const grant = vscode.l10n.t('Sign In with {0}', refusal.scope);
    void vscode.window.showErrorMessage(`${failure}: ${errorText(err)} ${refusal.hint}`, grant).then(async (picked) => {
      if (picked !== grant) return;
      try {
        await session.signIn([refusal.scope]);
        const client = session.client;
        if (client) await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, () => refusal.retry(client));
        await group.reload();
      } catch (again) {
        void vscode.window.showErrorMessage(`${failure}: ${errorText(again)}`);
      }
    });
    return undefined;
  }
}

/** The list node a group command was run on, when it is of `kind` (its contextValue). */
export function listOf<T>(node: unknown, kind: string): RepositoryListNode<T> | undefined {
  return node instanceof RepositoryListNode && node.options.contextValue === kind ? (node as RepositoryListNode<T>) : undefined;
}
