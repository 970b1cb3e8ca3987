// The page of a pull request (`html_url` of pulls and their issues): state
// (merged included), author, head → base, body, changed files with their
// additions and deletions, and the comment counts.
import type { EmulatorContext } from '../server';
import { findUserById } from '../hosting/conventions/access';
import { PullGit } from '../hosting/pulls/git';
import { pullDetailed } from '../hosting/pulls/representation';
import type { Pull } from '../hosting/pulls/schema';
import type { Bases } from '../hosting/conventions/urls';
import type { VisibleRepo } from './access';
import { html } from './html';
import { page } from './layout';
import { repoCrumbs } from './repo-page';

export async function pullPage(ctx: EmulatorContext, b: Bases, r: VisibleRepo, pull: Pull): Promise<string> {
  const { db } = ctx;
  // The counts and merge state come from the API's own representation; the per-file lines from the same git diff it uses.
  const [detail, files] = await Promise.all([pullDetailed(ctx, b, pull), PullGit.of(ctx, pull.repo_id).files(pull.base_sha, pull.head_sha)]);
  const counts = detail as { comments: number; review_comments: number; additions: number; deletions: number; merged: boolean; mergeable: boolean | null };
  const author = findUserById(db, pull.user_id)!;
  const headOwner = findUserById(db, pull.head_owner_id)!;
  const merged = counts.merged;
  const state = merged ? 'merged' : pull.state;
  // The head is shown with its owner when it comes from another account (a fork).
  const head = headOwner.id === r.owner.id ? pull.head_ref : `${headOwner.login}:${pull.head_ref}`;
  const mergedBy = pull.merged_by_id === null ? undefined : findUserById(db, pull.merged_by_id);

  const body = html`${repoCrumbs(r)}
    <h1>${pull.title} <span class="muted">#${pull.number}</span></h1>
    <p>
      <span class="state ${state}">${state === 'merged' ? 'Merged' : state === 'open' ? 'Open' : 'Closed'}</span> <strong>${author.login}</strong> wants to
      merge <code>${head}</code> → <code>${pull.base_ref}</code>
    </p>
    <dl class="facts">
      <dt>Opened</dt>
      <dd>${pull.created_at}</dd>
      ${
        merged
          ? html`<dt>Merged</dt>
              <dd>${pull.merged_at}${mergedBy ? html` by ${mergedBy.login}` : ''}</dd>`
          : ''
      }
      ${
        !merged && pull.closed_at
          ? html`<dt>Closed</dt>
              <dd>${pull.closed_at}</dd>`
          : ''
      }
      ${
        pull.state === 'open' && counts.mergeable !== null
          ? html`<dt>Mergeable</dt>
              <dd>${counts.mergeable ? 'Yes' : 'No, it has conflicts'}</dd>`
          : ''
      }
      <dt>Comments</dt>
      <dd>${counts.comments}</dd>
      <dt>Review comments</dt>
      <dd>${counts.review_comments}</dd>
    </dl>
    ${pull.body ? html`<pre>${pull.body}</pre>` : html`<p class="muted">No description provided.</p>`}
    <h2>
      Files changed <span class="badge">${files.length}</span> <span class="add">+${counts.additions}</span> <span class="del">−${counts.deletions}</span>
    </h2>
    ${
      files.length
        ? html`<table>
            <thead>
              <tr>
                <th>File</th>
                <th>Status</th>
                <th class="num">Additions</th>
                <th class="num">Deletions</th>
              </tr>
            </thead>
            <tbody>
              ${files.map(
                (f) =>
                  html`<tr>
                    <td><code>${f.previous_filename ? `${f.previous_filename} → ` : ''}${f.filename}</code></td>
                    <td>${f.status}</td>
                    <td class="num add">+${f.additions}</td>
                    <td class="num del">−${f.deletions}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="muted">No changes.</p>`
    }`;
  return page(`${pull.title} · Pull request #${pull.number} · ${r.owner.login}/${r.repo.name}`, body);
}
