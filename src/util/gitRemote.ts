// Finds the hosting repository a workspace's git remotes (as VS Code's git
// extension lists them) point at, so that it becomes the active repository at
// start and the commit goes to it.

export interface RemoteRepo {
  owner: string;
  name: string;
  remote: string;
}

/** owner/name when `url` is an http(s), ssh or scp-style URL on one of `hosts` (host[:port]). */
export function repoFromRemoteUrl(url: string, hosts: readonly string[]): { owner: string; name: string } | undefined {
  let host: string;
  let path: string;
  const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/)(.+)$/.exec(url);
  if (scp && !/^[a-z+]+:\/\//i.test(url)) {
    host = scp[1]!;
    path = scp[2]!;
  } else {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    host = parsed.host;
    path = parsed.pathname;
  }
  const wanted = hosts.map((h) => h.toLowerCase());
  const hostOnly = host.split(':')[0]!.toLowerCase();
  if (!wanted.includes(host.toLowerCase()) && !wanted.includes(hostOnly)) return undefined;
  const parts = path
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .split('/');
  if (parts.length < 2) return undefined;
  const [owner, name] = parts.slice(-2);
  return owner && name ? { owner, name } : undefined;
}

/** The first of `remotes` (origin first, as git lists them for RepoDesk) whose URL is a repository on one of `hosts`. */
export function repoOfRemotes(remotes: ReadonlyArray<{ remote: string; url: string }>, hosts: readonly string[]): RemoteRepo | undefined {
  for (const r of remotes) {
    const repo = repoFromRemoteUrl(r.url, hosts);
    if (repo) return { ...repo, remote: r.remote };
  }
  return undefined;
}
