// A panel's key (one panel per repository, and per account when several are
// signed in: the same repository on two services is two panels), kept in the
// webview's state so that a restored panel knows its repository and account.
export const panelKey = (owner: string, name: string, accountId?: string) =>
  `${owner}/${name}${accountId === undefined ? '' : `@${encodeURIComponent(accountId)}`}`;

export function parsePanelKey(key: string): { owner: string; name: string; accountId?: string } | undefined {
  const m = /^([^/@]+)\/([^/@]+)(?:@([^/@]+))?$/.exec(key);
  if (!m) return undefined;
  return m[3] === undefined ? { owner: m[1]!, name: m[2]! } : { owner: m[1]!, name: m[2]!, accountId: decodeURIComponent(m[3]) };
}
