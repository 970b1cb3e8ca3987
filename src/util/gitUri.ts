// The paths of the read-only `repodesk:` file system: a file of a repository
// at a commit (or tree) SHA, `/<owner>/<repo>/<sha>/<path...>`. An `empty`
// marker stands for a side of a diff where the file does not exist; an
// `account` names the account it is read with (a pull request's diff: the
// account the pull request was opened under), a `pull` the pull request a
// diff was opened for (so a diff restored after a reload still knows it).
// Pure, no `vscode`: the provider turns these into URIs.

export interface GitLocation {
  owner: string;
  repo: string;
  /** A commit or tree SHA (or a ref name the service resolves). */
  sha: string;
  /** Path inside the repository, without a leading slash; '' for the root. */
  path: string;
  /** A missing side of a diff: reads as an empty file. */
  empty?: boolean;
  /** The account the file is read with; none: the account in use. */
  account?: string | undefined;
  /** The number of the pull request whose diff shows the file; none: not a pull request's diff. */
  pull?: number | undefined;
}

/** The query of a location's URI: its `empty` marker, its account and its pull request. */
export function toGitQuery(loc: GitLocation): string {
  return [
    ...(loc.empty ? ['empty'] : []),
    ...(loc.account !== undefined ? [`account=${encodeURIComponent(loc.account)}`] : []),
    ...(loc.pull !== undefined ? [`pull=${loc.pull}`] : []),
  ].join('&');
}

export function toGitPath(loc: GitLocation): string {
  const parts = [loc.owner, loc.repo, loc.sha, ...loc.path.split('/').filter(Boolean)].map(encodeURIComponent);
  return `/${parts.join('/')}`;
}

export function fromGitPath(path: string, query = ''): GitLocation {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length < 3) throw new Error(`Not a RepoDesk file path: ${path}`);
  const [owner, repo, sha, ...rest] = parts as [string, string, string, ...string[]];
  const account = /(?:^|&)account=([^&]*)/.exec(query)?.[1];
  const pull = /(?:^|&)pull=(\d+)(?:&|$)/.exec(query)?.[1];
  return {
    owner,
    repo,
    sha,
    path: rest.join('/'),
    ...(/(^|&)empty(=|&|$)/.test(query) ? { empty: true } : {}),
    ...(account !== undefined ? { account: decodeURIComponent(account) } : {}),
    ...(pull !== undefined ? { pull: Number(pull) } : {}),
  };
}
