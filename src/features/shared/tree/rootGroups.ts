// Groups of their own at the top level of the Repositories view (the
// signed-in user's gists, from a feature of their own): the view asks each
// RootGroupProvider handed to it at construction for its nodes whenever it
// builds its roots, and shows them after the organizations' groups.
import type { HostingClient } from '../../../hosting';
import type { RepoDeskNode } from './nodes';

/** Gives top-level groups of the Repositories view. */
export interface RootGroupProvider {
  /** The groups, made anew each time the view reads its roots; `onChanged` redraws one node. */
  roots(client: HostingClient, onChanged: (node: RepoDeskNode) => void): RepoDeskNode[];
  /** The user refreshed the Repositories view themselves (not the background refresh). */
  userRefreshed?(): void;
}
