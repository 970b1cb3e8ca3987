// Legacy search (docs/service-api/hosting/search §1–§3, deprecated): issues of
// a repository, public repositories, users, and a user by public e-mail. Each
// has its own result shape and paging (`start_page`, up to 100 a page, no Link
// header). The core counts `/legacy/` paths against the search rate limit
// (searchRateLimit).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';
import { allAccounts, userByEmail } from '../accounts/store';
import { effectivePermission, findUserById, loadRepo } from '../conventions/access';
import { invalidField, notFound } from '../conventions/errors';
import { bases } from '../conventions/urls';
import { issuesInState } from '../issues/store';
import { allRepos, publicRepoCount } from '../repos/store';
import { legacyIssue, legacyRepository, legacyUser, legacyUserByEmail } from './shapes';

const PAGE_SIZE = 100;

type PagingQuery = { Querystring: { start_page?: string; sort?: string; order?: string; language?: string } };

/** Case-insensitive "contains". */
const contains = (text: string | null, keyword: string) => (text ?? '').toLowerCase().includes(keyword.toLowerCase());

/** Best match: the whole name beats a part of the name, which beats the description. */
function matchScore(name: string, other: string | null, keyword: string): number {
  const k = keyword.toLowerCase();
  if (name.toLowerCase() === k) return 3;
  if (contains(name, k)) return 2;
  return contains(other, k) ? 1 : 0;
}

/** One page (1-based `start_page`, 100 items) of results sorted by `sort`/`order`, or by score. */
function page<T extends { score: number }>(req: FastifyRequest<PagingQuery>, items: T[], sortKeys: Record<string, (x: T) => number | string>): T[] {
  const { sort, order } = req.query;
  const key = sort === undefined ? undefined : sortKeys[sort];
  if (sort !== undefined && !key) throw invalidField('Search', 'sort');
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw invalidField('Search', 'order');
  const direction = order === 'asc' ? 1 : -1;
  const sorted = [...items].sort((a, b) => {
    const [x, y] = key ? [key(a), key(b)] : [a.score, b.score];
    return x < y ? -direction : x > y ? direction : 0;
  });
  const start = /^\d+$/.test(req.query.start_page ?? '') ? Math.max(1, Number(req.query.start_page)) : 1;
  return sorted.slice((start - 1) * PAGE_SIZE, start * PAGE_SIZE);
}

export function registerSearchRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;

  app.get<{ Params: { owner: string; repository: string; state: string; keyword: string } }>(
    '/legacy/issues/search/:owner/:repository/:state/:keyword',
    async (req, reply) => {
      const { repo, owner } = loadRepo(db, req, reply, req.params.owner, req.params.repository);
      const { state, keyword } = req.params;
      if (state !== 'open' && state !== 'closed') throw invalidField('Issue', 'state');
      const issues = issuesInState(db, repo.id, state);
      const found = issues.filter((i) => contains(i.title, keyword) || contains(i.body, keyword));
      return { issues: found.map((i, index) => legacyIssue(db, bases(ctx, req), `${owner.login}/${repo.name}`, i, index + 1)) };
    },
  );

  app.get<{ Params: { keyword: string } } & PagingQuery>('/legacy/repos/search/:keyword', async (req) => {
    const { keyword } = req.params;
    const language = req.query.language?.toLowerCase();
    const repos = allRepos(db).filter((r) => effectivePermission(db, req, r) !== null && (!language || r.language?.toLowerCase() === language));
    const scored = repos.map((r) => ({ r, score: matchScore(r.name, r.description, keyword) })).filter((x) => x.score > 0);
    const chosen = page(req, scored, {
      stars: (x) => x.r.stargazers_count,
      forks: (x) => x.r.forks_count,
      updated: (x) => x.r.pushed_at ?? x.r.updated_at,
    });
    const b = bases(ctx, req);
    return { repositories: chosen.map((x) => legacyRepository(b, x.r, findUserById(db, x.r.owner_id)!, x.score)) };
  });

  app.get<{ Params: { keyword: string } } & PagingQuery>('/legacy/user/search/:keyword', async (req) => {
    const users = allAccounts(db);
    const scored = users.map((u) => ({ u, score: matchScore(u.login, u.name, req.params.keyword) })).filter((x) => x.score > 0);
    // The repository sorts, read for users: followers, public repositories, joined.
    const chosen = page(req, scored, {
      stars: () => 0,
      followers: () => 0,
      forks: (x) => publicRepoCount(db, x.u.id),
      repositories: (x) => publicRepoCount(db, x.u.id),
      updated: (x) => x.u.created_at,
      joined: (x) => x.u.created_at,
    });
    return { users: chosen.map((x) => legacyUser(db, x.u, x.score)) };
  });

  app.get<{ Params: { email: string } }>('/legacy/user/email/:email', async (req) => {
    // The @ must be sent as it is: an encoded %40 finds nobody, as on the service.
    const raw = req.url.split('?')[0] ?? '';
    if (!raw.slice('/legacy/user/email/'.length).includes('@')) throw notFound();
    const user = userByEmail(db, req.params.email);
    if (!user) throw notFound();
    return { user: legacyUserByEmail(db, user) };
  });
}
