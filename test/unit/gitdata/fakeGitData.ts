// A git data service in memory, for the workspace commit's steps: trees are
// kept as file lists and hashed as git does (so the SHAs it answers are the
// real ones), commits get made-up SHAs, refs move only fast-forward unless
// told otherwise. Every request is recorded; any answer can be overridden.
import { NotFoundError, type HostingClient, type NewTreeEntry, type PersonInput } from '../../../src/hosting';
import { blobSha, treeShaOfFiles, type GitFile } from '../../../src/gitdata';

export interface RecordedCall {
  method: string;
  args: unknown[];
}

type Mode = '100644' | '100755' | '040000' | '160000' | '120000';
interface Entry {
  path: string;
  mode: Mode;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  url: string;
}

export class FakeGitData {
  readonly calls: RecordedCall[] = [];
  /** Tree SHA → its files, paths relative to that tree. */
  readonly trees = new Map<string, GitFile[]>();
  readonly commits = new Map<string, { tree: string; parents: string[]; message: string; author?: PersonInput; committer?: PersonInput }>();
  readonly refs = new Map<string, string>();
  readonly blobs = new Map<string, Buffer>();
  /** Recursive reads answer truncated (the first level only). */
  truncateRecursive = false;
  /** Overrides of answers, by method. */
  blobShaOverride?: (content: Buffer) => string;
  treeShaOverride?: string;
  updateRefError?: Error;
  /** Called at the start of each request, after it is recorded (to abort, or to hold a request open). */
  onCall?: (method: string, args: unknown[]) => void | Promise<void>;
  private commitCounter = 0;

  /** Stores a tree of these files (and every subtree); its SHA. */
  addTree(files: GitFile[]): string {
    const { sha, trees } = treeShaOfFiles(files);
    for (const [dir, treeSha] of trees) {
      const prefix = dir === '' ? '' : `${dir}/`;
      this.trees.set(
        treeSha,
        files.filter((f) => f.path.startsWith(prefix)).map((f) => ({ ...f, path: f.path.slice(prefix.length) })),
      );
    }
    return sha;
  }

  /** A commit of these files on `branch` (parent: the branch's head, if any); its SHA. */
  commitFiles(branch: string, files: GitFile[]): string {
    const tree = this.addTree(files);
    const head = this.refs.get(`heads/${branch}`);
    const sha = this.newCommitSha();
    this.commits.set(sha, { tree, parents: head ? [head] : [], message: 'seed' });
    this.refs.set(`heads/${branch}`, sha);
    return sha;
  }

  get client(): HostingClient {
    return { git: this.git } as unknown as HostingClient;
  }

  requests(): string[] {
    return this.calls.map((c) => c.method);
  }

  private newCommitSha(): string {
    this.commitCounter++;
    return `c${String(this.commitCounter).padStart(39, '0')}`;
  }

  private async record(method: string, args: unknown[]): Promise<void> {
    this.calls.push({ method, args });
    await this.onCall?.(method, args);
  }

  private treeOf(sha: string): string {
    return this.commits.get(sha)?.tree ?? sha;
  }

  private entries(treeSha: string, recursive: boolean): Entry[] {
    const files = this.trees.get(treeSha);
    if (!files) throw new NotFoundError('Not Found', 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}', 404);
    const { trees } = treeShaOfFiles(files);
    const out: Entry[] = [];
    for (const [dir, sha] of trees) {
      if (dir !== '' && (recursive || !dir.includes('/'))) out.push({ path: dir, mode: '040000', type: 'tree', sha, url: `u/${sha}` });
    }
    for (const f of files) {
      if (recursive || !f.path.includes('/'))
        out.push({ path: f.path, mode: f.mode, type: f.mode === '160000' ? 'commit' : 'blob', sha: f.sha, url: `u/${f.sha}` });
    }
    return out.sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  readonly git = {
    getRef: async (owner: string, repo: string, ref: string) => {
      await this.record('getRef', [owner, repo, ref]);
      const sha = this.refs.get(ref);
      if (!sha) throw new NotFoundError('Not Found', 'GET /repos/{owner}/{repo}/git/ref/{ref}', 404);
      return { ref: `refs/${ref}`, url: '', object: { type: 'commit', sha, url: '' } };
    },
    getTree: async (owner: string, repo: string, sha: string, recursive = false) => {
      await this.record('getTree', [owner, repo, sha, recursive]);
      const treeSha = this.treeOf(sha);
      if (recursive && this.truncateRecursive) return { sha: treeSha, url: '', tree: this.entries(treeSha, false).slice(0, 1), truncated: true };
      return { sha: treeSha, url: '', tree: this.entries(treeSha, recursive), truncated: false };
    },
    createBlob: async (owner: string, repo: string, content: string, encoding: 'utf-8' | 'base64' = 'utf-8') => {
      await this.record('createBlob', [owner, repo, content, encoding]);
      const bytes = Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8');
      const sha = this.blobShaOverride?.(bytes) ?? blobSha(bytes);
      this.blobs.set(sha, bytes);
      return { sha, url: '' };
    },
    createTree: async (owner: string, repo: string, tree: NewTreeEntry[], baseTree?: string) => {
      await this.record('createTree', [owner, repo, tree, baseTree]);
      const files = new Map((baseTree ? (this.trees.get(baseTree) ?? []) : []).map((f) => [f.path, f]));
      for (const e of tree) {
        if (e.sha === null) files.delete(e.path);
        else files.set(e.path, { path: e.path, mode: e.mode as GitFile['mode'], sha: e.content !== undefined ? blobSha(e.content) : e.sha! });
      }
      const sha = this.addTree([...files.values()]);
      return { sha: this.treeShaOverride ?? sha, url: '', tree: [] };
    },
    createCommit: async (
      owner: string,
      repo: string,
      input: { message: string; tree: string; parents: string[]; author?: PersonInput; committer?: PersonInput },
    ) => {
      await this.record('createCommit', [owner, repo, input]);
      const sha = this.newCommitSha();
      this.commits.set(sha, { ...input });
      return { sha };
    },
    createRef: async (owner: string, repo: string, ref: string, sha: string) => {
      await this.record('createRef', [owner, repo, ref, sha]);
      this.refs.set(ref.replace(/^refs\//, ''), sha);
      return { ref, url: '', object: { type: 'commit', sha, url: '' } };
    },
    updateRef: async (owner: string, repo: string, ref: string, sha: string, force = false) => {
      await this.record('updateRef', [owner, repo, ref, sha, force]);
      if (this.updateRefError) throw this.updateRefError;
      this.refs.set(ref, sha);
      return { ref: `refs/${ref}`, url: '', object: { type: 'commit', sha, url: '' } };
    },
  };
}
