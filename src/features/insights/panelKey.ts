// A panel's key (one panel per repository), kept in the webview's state so
// that a restored panel knows its repository.
export const panelKey = (owner: string, name: string) => `${owner}/${name}`;

export function parsePanelKey(key: string): { owner: string; name: string } | undefined {
  const m = /^([^/]+)\/([^/]+)$/.exec(key);
  return m ? { owner: m[1]!, name: m[2]! } : undefined;
}
