// The page of a repository (`html_url` of the repository): its facts, clone
// URL, branches, open pull requests and releases.
import type { Db } from '../db';
import { PullGit } from '../hosting/pulls/git';
import { openPullsNewestFirst } from '../hosting/pulls/store';
import { refreshRepoPulls } from '../hosting/pulls/sync';
import type { ReleaseRow } from '../hosting/releases/schema';
import { repoReleases } from '../hosting/releases/store';
import type { EmulatorContext } from '../server';
import { canSeeDrafts, type VisibleRepo } from './access';
import { html, webPath, type SafeHtml } from './html';
import { page } from './layout';

/** Releases newest first, as the API lists them; drafts only for those who may see them. */
function releasesOf(db: Db, r: VisibleRepo): ReleaseRow[] {
  const rows = repoReleases(db, r.repo.id);
  return rows.filter((x) => !x.draft || canSeeDrafts(r));
}

/** Badges shared by the repository's pages. */
function repoBadges(r: VisibleRepo): SafeHtml {
  return html`${r.repo.private ? html` <span class="badge">Private</span>` : ''}${r.repo.fork ? html` <span class="badge">Fork</span>` : ''}`;
}

/** "owner / repo" heading links, used on every page inside a repository. */
export function repoCrumbs(r: VisibleRepo): SafeHtml {
  return html`<p class="crumbs">
    <a href="${webPath(r.owner.login)}">${r.owner.login}</a> / <a href="${webPath(r.owner.login, r.repo.name)}">${r.repo.name}</a>${repoBadges(r)}
  </p>`;
}

export async function repoPage(ctx: EmulatorContext, webBase: string, r: VisibleRepo): Promise<string> {
  const { db } = ctx;
  const { repo, owner } = r;
  const full = `${owner.login}/${repo.name}`;
  // Pull requests follow their branches lazily; bring them up to date first, as the API does.
  await refreshRepoPulls(ctx, repo.id);
  const branches = [...(await PullGit.of(ctx, repo.id).branchTips()).keys()].sort();
  const pulls = openPullsNewestFirst(db, repo.id);
  const releases = releasesOf(db, r);
  const homepage =
    repo.homepage && /^https?:\/\//i.test(repo.homepage) ? html`<a href="${repo.homepage}" rel="nofollow noopener">${repo.homepage}</a>` : repo.homepage;

  const body = html`<p class="crumbs"><a href="${webPath(owner.login)}">${owner.login}</a></p>
    <h1>${full}${repoBadges(r)}</h1>
    ${repo.description ? html`<p>${repo.description}</p>` : html`<p class="muted">No description.</p>`}
    <dl class="facts">
      <dt>Clone URL</dt>
      <dd><code>${webBase}/${full}.git</code></dd>
      <dt>Default branch</dt>
      <dd><code>${repo.default_branch}</code></dd>
      <dt>Language</dt>
      <dd>${repo.language ?? html`<span class="muted">—</span>`}</dd>
      <dt>Stars</dt>
      <dd>${repo.stargazers_count}</dd>
      <dt>Forks</dt>
      <dd>${repo.forks_count}</dd>
      ${
        homepage
          ? html`<dt>Homepage</dt>
              <dd>${homepage}</dd>`
          : ''
      }
    </dl>
    <h2>Branches <span class="badge">${branches.length}</span></h2>
    ${
      branches.length
        ? html`<ul class="list">
            ${branches.map((b) => html`<li><code>${b}</code>${b === repo.default_branch ? html` <span class="badge">default</span>` : ''}</li>`)}
          </ul>`
        : html`<p class="muted">No branches yet.</p>`
    }
    <h2>Open pull requests <span class="badge">${pulls.length}</span></h2>
    ${
      pulls.length
        ? html`<ul class="list">
            ${pulls.map((p) => html`<li><a href="${webPath(owner.login, repo.name, 'pull', p.number)}">#${p.number} ${p.title}</a> <span class="muted">${p.head_ref} → ${p.base_ref}</span></li>`)}
          </ul>`
        : html`<p class="muted">No open pull requests.</p>`
    }
    <h2>Releases <span class="badge">${releases.length}</span></h2>
    ${
      releases.length
        ? html`<ul class="list">
            ${releases.map((x) => html`<li><a href="${webPath(owner.login, repo.name, 'releases', 'tag', x.tag_name)}">${x.name ?? x.tag_name}</a> <code>${x.tag_name}</code>${x.draft ? html` <span class="badge">Draft</span>` : ''}${x.prerelease ? html` <span class="badge">Pre-release</span>` : ''}</li>`)}
          </ul>`
        : html`<p class="muted">No releases.</p>`
    }`;
  return page(full, body);
}
