// Pagination of docs/service-api/hosting/conventions §14: `page` (1-based) and
// `per_page` (default 30, at most 100), and a Link header with next, last,
// first and prev built on this server's own URL of the request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestUrl } from './urls';

const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 100;

export interface PageParams {
  page: number;
  perPage: number;
  /** Rows to skip; Infinity for page numbers beyond any list. */
  offset: number;
}

/** A `page` or `per_page` value as read here: a whole number from 1, else undefined (malformed, so the default is used). */
export function positiveInt(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Reads page and per_page; malformed values fall back to the defaults. */
export function pageParams(req: FastifyRequest): PageParams {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const page = positiveInt(q.page) ?? 1;
  const perPage = Math.min(positiveInt(q.per_page) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const offset = (page - 1) * perPage;
  return { page, perPage, offset: Number.isSafeInteger(offset) ? offset : Infinity };
}

/** The Link header value for a page of `total` items (empty when there is one page). */
export function linkHeader(req: FastifyRequest, p: PageParams, total: number): string {
  const last = Math.max(1, Math.ceil(total / p.perPage));
  const url = (page: number) => {
    const u = requestUrl(req);
    u.searchParams.set('page', String(page));
    if (p.perPage !== DEFAULT_PER_PAGE || u.searchParams.has('per_page')) u.searchParams.set('per_page', String(p.perPage));
    return `<${u.toString()}>`;
  };
  const links: string[] = [];
  if (p.page < last) links.push(`${url(p.page + 1)}; rel="next"`, `${url(last)}; rel="last"`);
  if (p.page > 1) links.push(`${url(1)}; rel="first"`, `${url(Math.min(p.page - 1, last))}; rel="prev"`);
  return links.join(', ');
}

/**
 * Answers one page: `total` counts every item, `fetch(limit, offset)` loads
 * the page's rows. Sets the Link header and returns the rows.
 */
export function paginate<T>(req: FastifyRequest, reply: FastifyReply, total: number, fetch: (limit: number, offset: number) => T[]): T[] {
  const p = pageParams(req);
  const link = linkHeader(req, p, total);
  if (link) reply.header('Link', link);
  if (p.offset >= total) return [];
  return fetch(p.perPage, p.offset);
}

/** `paginate` over an array already in memory. */
export function paginateArray<T>(req: FastifyRequest, reply: FastifyReply, items: readonly T[]): T[] {
  return paginate(req, reply, items.length, (limit, offset) => items.slice(offset, offset + limit));
}
