// Which repository a permanent move is of: the service answers 301 for a
// repository renamed or moved (docs/service-api/hosting/conventions §8), and
// the client records the move of the repository's own address when every
// path below it moved alike. Pure: the extension follows the active
// repository to its new name (src/features/repos/followRenames.ts).

export interface MovedFrom {
  owner: string;
  name: string;
}

/** The repository whose address `url` is (`<apiUrl>/repos/<owner>/<name>`, nothing below it), else undefined. */
export function movedRepository(apiUrl: string, url: string): MovedFrom | undefined {
  const base = apiUrl.replace(/\/+$/, '');
  if (!url.startsWith(`${base}/repos/`)) return undefined;
  const parts = url.slice(base.length + '/repos/'.length).split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  try {
    return { owner: decodeURIComponent(parts[0]), name: decodeURIComponent(parts[1]) };
  } catch {
    // A broken escape (%E0%A4%A): no repository's name.
  }
  return undefined;
}
