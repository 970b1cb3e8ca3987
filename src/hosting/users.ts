import { z } from 'zod';
import type { CallOptions, HostingCore } from './core';
import { userSummarySchema } from './schemas/common';
import { parseScopes } from './scopes';

export const USERS_ROUTES = {
  getAuthenticated: 'GET /user',
  // Not a row of the documents; the service family has it, with the profile fields below.
  get: 'GET /users/{username}',
} as const;

/** A user's (or organization's) public profile: the summary plus the fields a hover shows. */
export const userProfileSchema = userSummarySchema.extend({
  name: z.string().nullable().optional(),
  company: z.string().nullable().optional(),
  public_repos: z.number().int().optional(),
}).loose();
export type UserProfile = z.infer<typeof userProfileSchema>;

export class UsersApi {
  constructor(private readonly core: HostingCore) {}

  /** The signed-in user, and the scopes of the token from `X-OAuth-Scopes` (used to check a pasted token). */
  async getAuthenticated(options?: CallOptions) {
    const res = await this.core.call(USERS_ROUTES.getAuthenticated, {}, userSummarySchema.loose(), options);
    return { user: res.data, scopes: parseScopes(res.headers['x-oauth-scopes']) };
  }

  /** A user's public profile (404, a NotFoundError, when there is no such user). */
  async get(username: string, options?: CallOptions): Promise<UserProfile> {
    return (await this.core.call(USERS_ROUTES.get, { username }, userProfileSchema, options)).data;
  }
}
