// The service's legacy search (repositories, users, a repository's issues)
// as hits a quick pick shows.
import * as vscode from 'vscode';
import type { HostingClient } from '../../hosting';

export interface SearchHit {
  kind: 'repository' | 'user' | 'issue';
  label: string;
  detail: string;
  url?: string;
  repo?: { owner: string; name: string };
}

export async function legacySearch(
  client: HostingClient,
  active: { owner: string; name: string } | undefined,
  kind: SearchHit['kind'],
  keyword: string,
): Promise<SearchHit[]> {
  if (kind === 'repository') {
    const res = await client.search.repositories(keyword);
    return res.map((x) => ({ kind, label: `${x.owner}/${x.name}`, detail: x.description ?? '', repo: { owner: x.owner, name: x.name } }));
  }
  if (kind === 'user') {
    const res = await client.search.users(keyword);
    return res.map((u) => ({
      kind,
      label: u.login,
      detail: u.fullname ?? u.name ?? '',
      url: new URL(`/${encodeURIComponent(u.login)}`, client.addresses.webUrl).toString(),
    }));
  }
  if (!active) throw new Error(vscode.l10n.t('Select a repository to search its issues.'));
  const [open, closed] = await Promise.all([
    client.search.issues(active.owner, active.name, 'open', keyword),
    client.search.issues(active.owner, active.name, 'closed', keyword),
  ]);
  return [...open, ...closed].map((i) => ({ kind, label: `#${i.number} ${i.title}`, detail: `${i.state} · ${i.user}`, url: i.html_url }));
}
