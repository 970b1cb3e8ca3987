// Finds the hosting repository a workspace's git remotes point at, so that it
// becomes the active repository at start. Reads `.git/config` text; no git.

export interface RemoteRepo {
  owner: string;
  name: string;
  remote: string;
}

/** Remote URLs of a `.git/config`, `origin` first. */
export function remotesOf(configText: string): Array<{ remote: string; url: string }> {
  const out: Array<{ remote: string; url: string }> = [];
  let current: string | undefined;
  for (const raw of configText.split(/\r?\n/)) {
    const line = raw.trim();
    const section = /^\[remote\s+"([^"]+)"\]$/.exec(line);
    if (section) {
      current = section[1];
      continue;
    }
    if (line.startsWith('[')) {
      current = undefined;
      continue;
    }
    const url = /^url\s*=\s*(.+)$/.exec(line);
    if (current && url?.[1]) out.push({ remote: current, url: url[1].trim() });
  }
  return out.sort((a, b) => Number(b.remote === 'origin') - Number(a.remote === 'origin'));
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
  const parts = path.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.git$/, '').split('/');
  if (parts.length < 2) return undefined;
  const [owner, name] = parts.slice(-2);
  return owner && name ? { owner, name } : undefined;
}

export function repoFromGitConfig(configText: string, hosts: readonly string[]): RemoteRepo | undefined {
  for (const r of remotesOf(configText)) {
    const repo = repoFromRemoteUrl(r.url, hosts);
    if (repo) return { ...repo, remote: r.remote };
  }
  return undefined;
}
