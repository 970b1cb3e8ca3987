// What the v2 routes share: the database, the domain's time zone and the
// user acting on each request.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { formatDate } from './dates';

export interface EngagementUser {
  id: number;
  userName: string;
}

export interface EngagementContext {
  db: Db;
  /** The domain's time zone, minutes east of UTC. */
  offsetMinutes: number;
  tokenTtlMs: number;
  baseUrl(): string;
  now(): number;
}

export function fmt(ctx: EngagementContext, ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : formatDate(ms, ctx.offsetMinutes);
}

const users = new WeakMap<FastifyRequest, EngagementUser>();

export function setActingUser(req: FastifyRequest, user: EngagementUser): void {
  users.set(req, user);
}

/** The authenticated user of a request (the auth hook has run on every non-public route). */
export function actingUser(req: FastifyRequest): EngagementUser {
  const user = users.get(req);
  if (!user) throw new Error('v2 route reached without an authenticated user');
  return user;
}

export function parseExtra(json: string): Record<string, string> {
  return JSON.parse(json) as Record<string, string>;
}
