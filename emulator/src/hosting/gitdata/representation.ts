// The git data resources of docs/service-api/hosting/git-data §1–§3 and the
// blob of §8, built from the git library's answers.
import type { CommitData, GitIdentity, GitRef, TagData, TreeListing } from '../../git';

export interface GitDataUrls {
  /** `<api>/repos/<owner>/<name>/git` */
  git: string;
}

const person = (identity: GitIdentity) => ({ date: identity.date, name: identity.name, email: identity.email });

export function commitResource(u: GitDataUrls, c: CommitData) {
  return {
    sha: c.sha,
    url: `${u.git}/commits/${c.sha}`,
    author: person(c.author),
    committer: person(c.committer),
    message: c.message,
    tree: { url: `${u.git}/trees/${c.tree}`, sha: c.tree },
    parents: c.parents.map((sha) => ({ url: `${u.git}/commits/${sha}`, sha })),
  };
}

/** An annotated tag object (docs/service-api/hosting/git-data §9: the target of a tag reference's `object.url`). */
export function tagResource(u: GitDataUrls, t: TagData) {
  const kind = t.object.type === 'commit' ? 'commits' : `${t.object.type}s`;
  return {
    tag: t.tag,
    sha: t.sha,
    url: `${u.git}/tags/${t.sha}`,
    message: t.message,
    tagger: person(t.tagger),
    object: { type: t.object.type, sha: t.object.sha, url: `${u.git}/${kind}/${t.object.sha}` },
  };
}

export function refUrl(u: GitDataUrls, ref: string): string {
  // The ref keeps its slashes in the URL (`refs/heads/feature/a`), each part escaped.
  return `${u.git}/${ref.split('/').map(encodeURIComponent).join('/')}`;
}

export function refResource(u: GitDataUrls, r: GitRef) {
  const kind = r.type === 'tag' ? 'tags' : r.type === 'commit' ? 'commits' : `${r.type}s`;
  return { ref: r.ref, url: refUrl(u, r.ref), object: { type: r.type, sha: r.sha, url: `${u.git}/${kind}/${r.sha}` } };
}

export function treeResource(u: GitDataUrls, t: TreeListing) {
  return {
    sha: t.sha,
    url: `${u.git}/trees/${t.sha}`,
    tree: t.tree.map((e) => ({
      path: e.path,
      mode: e.mode,
      type: e.type,
      ...(e.size === undefined ? {} : { size: e.size }),
      sha: e.sha,
      // A submodule's commit lives in another repository: no URL here.
      url: e.type === 'blob' ? `${u.git}/blobs/${e.sha}` : e.type === 'tree' ? `${u.git}/trees/${e.sha}` : null,
    })),
    truncated: t.truncated,
  };
}
