// The page of a user or an organization (`html_url` of both): login, name,
// profile facts and the repositories the browser may see.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { UserRow } from '../hosting/accounts/schema';
import { visibleReposOf } from './access';
import { html, webPath } from './html';
import { page } from './layout';

export function accountPage(db: Db, req: FastifyRequest, user: UserRow): string {
  const repos = visibleReposOf(db, req, user);
  const isOrg = user.type === 'Organization';
  const facts = [
    ['Company', user.company],
    ['Location', user.location],
    ['Blog', user.blog],
    ['Email', user.email],
  ].filter((f): f is [string, string] => typeof f[1] === 'string' && f[1] !== '');
  const about = isOrg ? user.description : user.bio;
  const items = repos.map(
    (r) =>
      html`<li>
        <a href="${webPath(user.login, r.name)}">${user.login}/${r.name}</a>
        ${r.private ? html` <span class="badge">Private</span>` : ''}${r.fork ? html` <span class="badge">Fork</span>` : ''}
        ${r.description ? html`<div class="muted">${r.description}</div>` : ''}
      </li>`,
  );
  const body = html`<p class="crumbs">${isOrg ? 'Organization' : 'User'}</p>
    <h1>${user.login}${user.name ? html` <span class="muted">(${user.name})</span>` : ''}</h1>
    ${about ? html`<p>${about}</p>` : ''}
    ${
      facts.length
        ? html`<dl class="facts">
            ${facts.map(
              ([k, v]) =>
                html`<dt>${k}</dt>
                  <dd>${v}</dd>`,
            )}
          </dl>`
        : ''
    }
    <h2>Repositories <span class="badge">${repos.length}</span></h2>
    ${
      repos.length
        ? html`<ul class="list">
            ${items}
          </ul>`
        : html`<p class="muted">No public repositories.</p>`
    }`;
  return page(user.name ? `${user.login} (${user.name})` : user.login, body);
}
