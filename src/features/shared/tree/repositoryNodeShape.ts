// Commands on a repository take the Repositories view's node, or nothing (the
// active repository). They read the node by shape, so that a feature needs
// nothing of the Repositories feature to accept its rows.

/** A repository node of the Repositories view, by shape (`repo.owner.login`, `repo.name`). */
export interface RepoNodeLike {
  repo?: { owner?: { login?: string; type?: string }; name?: string };
}

/** The repository a node names, if it is a repository node. */
export function repoOfNode(node: RepoNodeLike | undefined): { owner?: string; name?: string } {
  return { owner: node?.repo?.owner?.login, name: node?.repo?.name };
}
