// The lists under an organization's group of the Repositories view (its
// members, from a feature of their own): like the lists under a repository
// node, read when expanded, a refusal remembered, read again after a change.
// The Repositories view asks each OrganizationChildProvider handed to it at
// construction for the nodes it shows above the organization's repositories.
import type { HostingClient } from '../../../hosting';
import type { RepoDeskNode } from './nodes';
import { TargetListNode } from './refusableLists';

/** An organization to act on, with the client to act through. */
export interface OrganizationTarget {
  client: HostingClient;
  org: string;
}

/** Gives the nodes of an organization's group shown after its repositories. */
export interface OrganizationChildProvider {
  /** `baseId` is the group's tree id. */
  children(target: OrganizationTarget, baseId: string, onChanged: (node: RepoDeskNode) => void): RepoDeskNode[];
  /** The user refreshed the Repositories view themselves (not the background refresh). */
  userRefreshed?(): void;
}

/** A list of an organization (its members). */
export class OrganizationListNode<T> extends TargetListNode<OrganizationTarget, T> {}
