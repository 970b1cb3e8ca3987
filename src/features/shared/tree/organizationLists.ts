// The lists under an organization's group of the Repositories view (its
// members, from a feature of their own): like the lists under a repository
// node, read when expanded, a refusal remembered, read again after a change.
// The Repositories view asks each OrganizationChildProvider handed to it at
// construction for the nodes it shows above the organization's repositories.
import type { HostingClient } from '../../../hosting';
import { errorText } from '../failure';
import { ErrorNode, type RepoDeskNode } from './nodes';
import type { RefusedLists } from './repositoryLists';
import { PagedGroupNode, type PagedGroupOptions } from './treeBase';

/** An organization to act on, with the client to act through. */
export interface OrganizationTarget {
  client: HostingClient;
  org: string;
}

/** Gives the nodes of an organization's group above its repositories. */
export interface OrganizationChildProvider {
  /** `baseId` is the group's tree id. */
  children(target: OrganizationTarget, baseId: string, onChanged: (node: RepoDeskNode) => void): RepoDeskNode[];
  /** The user refreshed the Repositories view themselves (not the background refresh). */
  userRefreshed?(): void;
}

type GroupOptions<T> = Omit<PagedGroupOptions<T>, 'toNodes'> & { toNodes: (items: readonly T[], group: OrganizationListNode<T>) => RepoDeskNode[] | Promise<RepoDeskNode[]> };

/** A list of an organization: knows its organization and can read its list again. */
export class OrganizationListNode<T> extends PagedGroupNode<T> {
  constructor(readonly target: OrganizationTarget, readonly refused: RefusedLists, options: GroupOptions<T>) {
    super({ ...options, open: refused.open(options.id, options.open), toNodes: (items, group) => options.toNodes(items, group as OrganizationListNode<T>) });
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
