// The page of a release (`html_url` of releases, by tag): name, tag, draft
// and pre-release state, notes, and the assets with size and download count.
import type { Db } from '../db';
import { findUserById } from '../hosting/conventions/access';
import type { ReleaseRow } from '../hosting/releases/schema';
import { assetsOf } from '../hosting/releases/store';
import type { VisibleRepo } from './access';
import { formatBytes, html, webPath } from './html';
import { page } from './layout';
import { repoCrumbs } from './repo-page';

export function releasePage(db: Db, r: VisibleRepo, release: ReleaseRow): string {
  const assets = assetsOf(db, release.id);
  const author = findUserById(db, release.author_id)!;
  const title = release.name ?? release.tag_name;
  const download = (name: string) => webPath(r.owner.login, r.repo.name, 'releases', 'download', release.tag_name, name);
  const body = html`${repoCrumbs(r)}
    <h1>${title}</h1>
    <p>
      ${release.draft ? html`<span class="state draft">Draft</span> ` : ''}${release.prerelease ? html`<span class="state merged">Pre-release</span> ` : ''}${!release.draft && !release.prerelease ? html`<span class="state open">Published</span> ` : ''}
      <code>${release.tag_name}</code> <span class="muted">on ${release.target_commitish} by ${author.login}</span>
    </p>
    <dl class="facts">
      <dt>Created</dt>
      <dd>${release.created_at}</dd>
      <dt>Published</dt>
      <dd>${release.published_at ?? html`<span class="muted">not yet (draft)</span>`}</dd>
    </dl>
    ${release.body ? html`<pre>${release.body}</pre>` : html`<p class="muted">No release notes.</p>`}
    <h2>Assets <span class="badge">${assets.length}</span></h2>
    ${
      assets.length
        ? html`<table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th class="num">Size</th>
                <th class="num">Downloads</th>
              </tr>
            </thead>
            <tbody>
              ${assets.map(
                (a) =>
                  html`<tr>
                    <td><a href="${download(a.name)}">${a.name}</a>${a.label ? html` <span class="muted">${a.label}</span>` : ''}</td>
                    <td><code>${a.content_type}</code></td>
                    <td class="num">${formatBytes(a.size)}</td>
                    <td class="num">${a.download_count}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="muted">No assets.</p>`
    }`;
  return page(`${title} · ${r.owner.login}/${r.repo.name}`, body);
}
