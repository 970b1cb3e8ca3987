// OAuth scopes of docs/service-api/hosting/auth §6, §7: the hierarchy, the
// normalization on token creation, and the checks a route makes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from './errors';

/** Each scope and the scopes it directly includes. */
const INCLUDES: Record<string, readonly string[]> = {
  user: ['user:email', 'user:follow'],
  'user:email': [],
  'user:follow': [],
  public_repo: [],
  repo: ['public_repo', 'repo:status', 'repo_deployment', 'notifications'],
  repo_deployment: [],
  'repo:status': [],
  delete_repo: [],
  notifications: [],
  gist: [],
  'read:repo_hook': [],
  'write:repo_hook': ['read:repo_hook'],
  'admin:repo_hook': ['write:repo_hook'],
  'read:org': [],
  'write:org': ['read:org'],
  'admin:org': ['write:org'],
  'read:public_key': [],
  'write:public_key': ['read:public_key'],
  'admin:public_key': ['write:public_key'],
};

export const KNOWN_SCOPES: readonly string[] = Object.keys(INCLUDES);

export function isKnownScope(scope: string): boolean {
  return Object.hasOwn(INCLUDES, scope);
}

/** Every scope `scope` grants, itself included (transitively). */
export function expandScope(scope: string): Set<string> {
  const out = new Set<string>([scope]);
  const queue = [...(INCLUDES[scope] ?? [])];
  while (queue.length) {
    const s = queue.shift()!;
    if (out.has(s)) continue;
    out.add(s);
    queue.push(...(INCLUDES[s] ?? []));
  }
  return out;
}

/**
 * The stored form of requested scopes: duplicates and scopes implied by
 * another requested one are dropped, order of first mention kept
 * (user, gist, user:email → user, gist).
 */
export function normalizeScopes(requested: readonly string[]): string[] {
  const unique = [...new Set(requested.map((s) => s.trim()).filter(Boolean))];
  return unique.filter((s) => !unique.some((other) => other !== s && expandScope(other).has(s)));
}

/** Whether a token with `granted` scopes satisfies one of `accepted`. */
export function scopesSatisfy(granted: readonly string[], accepted: readonly string[]): boolean {
  if (accepted.length === 0) return true;
  const all = new Set<string>();
  for (const g of granted) for (const s of expandScope(g)) all.add(s);
  return accepted.some((a) => all.has(a));
}

/**
 * Declares the scopes this action checks (X-Accepted-OAuth-Scopes) and, for a
 * token caller, enforces them. Basic and session callers hold every scope.
 * The default failure is 404, so that hidden resources do not leak
 * (docs/service-api/hosting/conventions §10).
 */
export function requireScope(req: FastifyRequest, reply: FastifyReply, accepted: readonly string[], failure: 'notFound' | 'forbidden' = 'notFound'): void {
  reply.header('X-Accepted-OAuth-Scopes', accepted.join(', '));
  const auth = req.auth;
  if (auth.kind !== 'token') return;
  if (scopesSatisfy(auth.scopes, accepted)) return;
  if (failure === 'notFound') throw notFound();
  throw new ApiError(403, `Missing the ${accepted.join(' or ')} scope.`, undefined, '/v3/oauth/#scopes');
}

/** Whether the caller's token (if any) holds one of `accepted`, without failing. */
export function hasScope(req: FastifyRequest, accepted: readonly string[]): boolean {
  return req.auth.kind !== 'token' || scopesSatisfy(req.auth.scopes, accepted);
}
