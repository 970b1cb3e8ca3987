// A page's key (one page per pull request), kept in the webview's state so
// that a restored page knows its pull request.
import type { PullKeyParts } from './overviewLoader';

export const overviewKey = (k: PullKeyParts) => `${k.owner}/${k.repo}#${k.number}`;

export function parseOverviewKey(key: string): PullKeyParts | undefined {
  const m = /^([^/#]+)\/([^/#]+)#([1-9]\d*)$/.exec(key);
  return m ? { owner: m[1]!, repo: m[2]!, number: Number(m[3]) } : undefined;
}
