// The page of a gist (`html_url` of gists, `/gist/<id>`): description,
// owner, visibility, each file with its content, and the comments. A secret
// gist is shown to whoever has its address, as the service family does.
import type { Db } from '../db';
import { findUserById } from '../hosting/conventions/access';
import type { GistRow } from '../hosting/gists/schema';
import { gistComments } from '../hosting/gists/store';
import { html, webPath } from './html';
import { page } from './layout';

export function gistPage(db: Db, gist: GistRow): string {
  const owner = findUserById(db, gist.owner_id)!;
  const files = Object.entries(JSON.parse(gist.files) as Record<string, string>);
  const comments = gistComments(db, gist.id);
  const rows = comments.page(comments.total, 0);
  const title = gist.description ?? files[0]?.[0] ?? `gist ${gist.id}`;
  const body = html`<p class="crumbs"><a href="${webPath(owner.login)}">${owner.login}</a> / gist ${gist.id}</p>
    <h1>${title}</h1>
    <p>
      <span class="state ${gist.public ? 'open' : 'draft'}">${gist.public ? 'Public' : 'Secret'}</span>
      <span class="muted">created ${gist.created_at}, updated ${gist.updated_at}</span>
    </p>
    ${files.map(
      ([name, content]) =>
        html`<h2><a href="${webPath('gist', gist.id, 'raw', name)}">${name}</a></h2>
          <pre>${content}</pre>`,
    )}
    <h2>Comments <span class="badge">${rows.length}</span></h2>
    ${
      rows.length
        ? html`<ul class="list">
            ${rows.map(
              (c) =>
                html`<li id="gistcomment-${c.id}">
                  <strong>${findUserById(db, c.user_id)?.login ?? ''}</strong> <span class="muted">${c.created_at}</span>
                  <pre>${c.body}</pre>
                </li>`,
            )}
          </ul>`
        : html`<p class="muted">No comments.</p>`
    }`;
  return page(`${title} · gist of ${owner.login}`, body);
}
