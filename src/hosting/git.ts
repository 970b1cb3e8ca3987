import type { CallOptions, HostingCore } from './transport';
import { blobCreatedSchema, blobSchema, gitCommitSchema, gitTagSchema, referenceSchema, treeSchema } from './schemas/git';

// `{+ref}` keeps the slashes of `heads/feature/x` unencoded (RFC 6570 reserved expansion).
export const GIT_ROUTES = {
  getCommit: 'GET /repos/{owner}/{repo}/git/commits/{sha}',
  createCommit: 'POST /repos/{owner}/{repo}/git/commits',
  getRef: 'GET /repos/{owner}/{repo}/git/refs/{+ref}',
  listRefs: 'GET /repos/{owner}/{repo}/git/refs',
  createRef: 'POST /repos/{owner}/{repo}/git/refs',
  updateRef: 'PATCH /repos/{owner}/{repo}/git/refs/{+ref}',
  deleteRef: 'DELETE /repos/{owner}/{repo}/git/refs/{+ref}',
  getTree: 'GET /repos/{owner}/{repo}/git/trees/{sha}',
  createTree: 'POST /repos/{owner}/{repo}/git/trees',
  // Decided rows: docs/service-api/hosting/git-data §8.
  getBlob: 'GET /repos/{owner}/{repo}/git/blobs/{sha}',
  createBlob: 'POST /repos/{owner}/{repo}/git/blobs',
  // Annotated tags: where a tag reference's object.url points, and how one is made (beyond the documents; docs/EMULATOR.md).
  getTag: 'GET /repos/{owner}/{repo}/git/tags/{sha}',
  createTag: 'POST /repos/{owner}/{repo}/git/tags',
} as const;

/** The refs of one namespace (`tags`): same path shape as getRef, so kept out of the registry. */
const LIST_REFS_IN_NAMESPACE = 'GET /repos/{owner}/{repo}/git/refs/{+namespace}';

export interface PersonInput {
  name: string;
  email: string;
  date?: string;
}
export interface NewTreeEntry {
  path: string;
  mode: '100644' | '100755' | '040000' | '160000' | '120000';
  type: 'blob' | 'tree' | 'commit';
  /** Either an existing object's SHA, or content for a new blob; not both. `null` deletes the path from `base_tree`. */
  sha?: string | null;
  content?: string;
}

export class GitApi {
  constructor(private readonly core: HostingCore) {}

  async getCommit(owner: string, repo: string, sha: string, options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.getCommit, { owner, repo, sha }, gitCommitSchema, options)).data;
  }

  async createCommit(
    owner: string,
    repo: string,
    input: { message: string; tree: string; parents: string[]; author?: PersonInput; committer?: PersonInput },
    options?: CallOptions,
  ) {
    return (await this.core.call(GIT_ROUTES.createCommit, { owner, repo, ...input }, gitCommitSchema, options)).data;
  }

  async getTag(owner: string, repo: string, sha: string, options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.getTag, { owner, repo, sha }, gitTagSchema, options)).data;
  }

  /** Writes an annotated tag object; `createRef(refs/tags/<tag>, tag.sha)` then makes the tag. */
  async createTag(
    owner: string,
    repo: string,
    input: { tag: string; message: string; object: string; type?: 'commit' | 'tree' | 'blob' | 'tag'; tagger?: PersonInput },
    options?: CallOptions,
  ) {
    return (await this.core.call(GIT_ROUTES.createTag, { owner, repo, type: 'commit', ...input }, gitTagSchema, options)).data;
  }

  /** `ref` is `heads/<branch>` or `tags/<tag>`; a branch name may contain slashes. */
  async getRef(owner: string, repo: string, ref: string, options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.getRef, { owner, repo, ref: stripRefsPrefix(ref) }, referenceSchema, options)).data;
  }

  /** All references, or those of one namespace such as `tags`. */
  listRefs(owner: string, repo: string, namespace?: string, options?: CallOptions) {
    if (namespace)
      return this.core.paginate(LIST_REFS_IN_NAMESPACE, { owner, repo, namespace: stripRefsPrefix(namespace), per_page: 100 }, referenceSchema, options);
    return this.core.paginate(GIT_ROUTES.listRefs, { owner, repo, per_page: 100 }, referenceSchema, options);
  }

  /** `ref` fully qualified (`refs/heads/x`). An existing ref fails with 422 `Reference already exists`. */
  async createRef(owner: string, repo: string, ref: string, sha: string, options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.createRef, { owner, repo, ref, sha }, referenceSchema, options)).data;
  }

  /** Without `force`, only fast-forward updates (422 `Update is not a fast forward`). */
  async updateRef(owner: string, repo: string, ref: string, sha: string, force = false, options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.updateRef, { owner, repo, ref: stripRefsPrefix(ref), sha, force }, referenceSchema, options)).data;
  }

  deleteRef(owner: string, repo: string, ref: string, options?: CallOptions) {
    return this.core.callNoContent(GIT_ROUTES.deleteRef, { owner, repo, ref: stripRefsPrefix(ref) }, options);
  }

  async getTree(owner: string, repo: string, sha: string, recursive = false, options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.getTree, { owner, repo, sha, ...(recursive ? { recursive: 1 } : {}) }, treeSchema, options)).data;
  }

  async createTree(owner: string, repo: string, tree: NewTreeEntry[], baseTree?: string, options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.createTree, { owner, repo, tree, ...(baseTree ? { base_tree: baseTree } : {}) }, treeSchema, options)).data;
  }

  async getBlob(owner: string, repo: string, sha: string, options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.getBlob, { owner, repo, sha }, blobSchema, options)).data;
  }

  async createBlob(owner: string, repo: string, content: string, encoding: 'utf-8' | 'base64' = 'utf-8', options?: CallOptions) {
    return (await this.core.call(GIT_ROUTES.createBlob, { owner, repo, content, encoding }, blobCreatedSchema, options)).data;
  }
}

function stripRefsPrefix(ref: string): string {
  return ref.replace(/^refs\//, '');
}
