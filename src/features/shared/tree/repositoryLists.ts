// The lists under a repository node of the Repositories view (labels, deploy
// keys, teams, each from its own feature): a group that reads its list only
// when expanded, remembers a refusal, and can read again after a change.
// The Repositories view asks each RepositoryChildProvider handed to it at
// construction for the nodes under a repository.
import * as vscode from 'vscode';
import { ForbiddenError, NotFoundError } from '../../../hosting';
import { errorText } from '../failure';
import type { RepoTarget } from '../session/require';
import { ErrorNode, RepoDeskNode } from './nodes';
import { PagedGroupNode, type PagedGroupOptions } from './treeBase';

/** Gives the nodes under a repository node (a feature's lists of that repository). */
export interface RepositoryChildProvider {
  /** `baseId` is the repository node's tree id (unique in the view: a repository may be listed in several groups). */
  children(target: RepoTarget, repo: RepositoryOfNode, baseId: string, onChanged: (node: RepoDeskNode) => void): RepoDeskNode[];
  /** The user refreshed the Repositories view themselves (not the background refresh). */
  userRefreshed?(): void;
}

/** What a repository node tells its children about itself. */
export interface RepositoryOfNode {
  owner: { login: string; type: string };
  name: string;
}

/**
 * Lists the service refused (404 or 403: no admin rights on the repository,
 * not a member of the team). The refusal is remembered, by the group's id,
 * until the user retries that node or refreshes the view themselves, so a
 * background refresh does not spend rate limit asking again: a list answers
 * 304 to a conditional request when unchanged, a refusal never does.
 */
export class RefusedLists {
  private readonly refused = new Map<string, unknown>();

  open<T>(key: string, open: () => AsyncIterable<T>): () => AsyncIterable<T> {
    return () => this.read(key, open);
  }

  forget(key: string): void {
    this.refused.delete(key);
  }

  clear(): void {
    this.refused.clear();
  }

  private async *read<T>(key: string, open: () => AsyncIterable<T>): AsyncIterable<T> {
    if (this.refused.has(key)) throw this.refused.get(key);
    try {
      yield* open();
    } catch (err) {
      if (err instanceof NotFoundError || err instanceof ForbiddenError) this.refused.set(key, err);
      throw err;
    }
  }
}

type GroupOptions<T> = Omit<PagedGroupOptions<T>, 'toNodes'> & { toNodes: (items: readonly T[], group: RepositoryListNode<T>) => RepoDeskNode[] | Promise<RepoDeskNode[]> };

/** A list under a repository node (labels, deploy keys, teams): knows its repository and can read its list again. */
export class RepositoryListNode<T> extends PagedGroupNode<T> {
  constructor(readonly target: RepoTarget, readonly refused: RefusedLists, options: GroupOptions<T>) {
    super({ ...options, open: refused.open(options.id, options.open), toNodes: (items, group) => options.toNodes(items, group as RepositoryListNode<T>) });
  }

  get id(): string {
    return this.options.id;
  }

  /** Reads the list again from the first page (asking the service even after a refusal), then redraws the group. */
  async reload(): Promise<void> {
    this.refused.forget(this.id);
    this.list.reset();
    await this.list.ensureLoaded();
    this.options.onChanged(this);
  }

  /** As PagedGroupNode's, but the error's retry asks the service again even after a refusal. */
  override async listNodes(): Promise<RepoDeskNode[]> {
    if (!this.list.error) return super.listNodes();
    return [new ErrorNode(errorText(this.list.error), () => {
      this.refused.forget(this.id);
      this.list.reset();
      this.options.onChanged(this);
    })];
  }
}

/** Asks a modal yes/no; true when the user chose `action`. */
export async function confirm(message: string, action: string, detail?: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true, ...(detail ? { detail } : {}) }, action)) === action;
}

/** Runs a task under a notification's progress. */
export async function withNotification<T>(title: string, task: () => Promise<T>): Promise<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}
