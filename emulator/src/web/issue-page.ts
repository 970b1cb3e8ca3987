// The page of an issue (`html_url` of issues that are not pull requests):
// title, state, author, body and the comments.
import type { Db } from '../db';
import { findUserById } from '../hosting/conventions/access';
import type { IssueRow } from '../hosting/issues/schema';
import { issueCommentLines } from '../hosting/issues/store';
import type { VisibleRepo } from './access';
import { html } from './html';
import { page } from './layout';
import { repoCrumbs } from './repo-page';

export function issuePage(db: Db, r: VisibleRepo, issue: IssueRow): string {
  const author = findUserById(db, issue.user_id)!;
  const comments = issueCommentLines(db, issue.id);
  const body = html`${repoCrumbs(r)}
    <h1>${issue.title} <span class="muted">#${issue.number}</span></h1>
    <p>
      <span class="state ${issue.state}">${issue.state === 'open' ? 'Open' : 'Closed'}</span> <strong>${author.login}</strong> opened this issue on
      ${issue.created_at}
    </p>
    ${issue.body ? html`<pre>${issue.body}</pre>` : html`<p class="muted">No description provided.</p>`}
    <h2>Comments <span class="badge">${comments.length}</span></h2>
    ${
      comments.length
        ? html`<ul class="list">
            ${comments.map(
              (c) =>
                html`<li id="issuecomment-${c.id}">
                  <strong>${c.login}</strong> <span class="muted">${c.created_at}</span>
                  <pre>${c.body}</pre>
                </li>`,
            )}
          </ul>`
        : html`<p class="muted">No comments.</p>`
    }`;
  return page(`${issue.title} · Issue #${issue.number} · ${r.owner.login}/${r.repo.name}`, body);
}
