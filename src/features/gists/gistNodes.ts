// "Your gists" in the Repositories view: the signed-in user's gists (GET
// /gists, the service family's list; the documents have only gist comments),
// each with its comments (docs/service-api/hosting/comments §3, §4) as
// children. A gist row says public or secret and when it was updated; a comment
// row says who wrote it and when (the exact date on hover, the whole body in
// the tooltip), and its contextValue whose it is: only one's own can be edited
// or deleted. The rows are in gistRows.ts.
import * as vscode from 'vscode';
import type { Gist, HostingClient } from '../../hosting';
import { RepoDeskNode } from '../shared/tree/nodes';
import { PagedGroupNode } from '../shared/tree/treeBase';
import type { GistNode } from './gistRows';

/** Who is signed in (the login), read when a row is drawn. */
export type Me = () => string | undefined;

// A gist's and a comment's rows (gistRows.ts) load with the group's first list, not at activation.
const rows = () => import('./gistRows.js');

export class GistsGroupNode extends PagedGroupNode<Gist> {
  /** The same node for an unchanged gist across redraws: its loaded comments stay. */
  private readonly known = new Map<string, GistNode>();

  constructor(
    readonly client: HostingClient,
    onChanged: (node: RepoDeskNode) => void,
    readonly me: Me,
  ) {
    super({
      id: 'group:gists',
      label: vscode.l10n.t('Your gists'),
      icon: 'gist',
      contextValue: 'gists',
      expanded: false,
      onChanged,
      open: () => {
        // The rows' code loads while the list is read.
        void rows().catch(() => undefined);
        return client.gists.list({}, { priority: 'background' });
      },
      toNodes: async (items, group) => {
        const { GistNode } = await rows();
        return items.map((g) => (group as GistsGroupNode).nodeOf(g, GistNode));
      },
      emptyText: vscode.l10n.t('You have no gists.'),
    });
  }

  get id(): string {
    return this.options.id;
  }

  /** Reads the list again from the first page, then redraws the group. */
  async reload(): Promise<void> {
    this.list.reset();
    await this.list.ensureLoaded();
    this.options.onChanged(this);
  }

  nodeOf(gist: Gist, Row: typeof GistNode): GistNode {
    const previous = this.known.get(gist.id);
    if (previous && previous.gist.updated_at === gist.updated_at && previous.gist.comments === gist.comments) return previous;
    const node = new Row(gist, this);
    this.known.set(gist.id, node);
    return node;
  }
}
