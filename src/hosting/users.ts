import * as z from 'zod/mini';
import type { CallOptions, HostingCore } from './transport';
import { userSummarySchema } from './schemas/common';
import { parseScopes } from '../util/scopes';

export const USERS_ROUTES = {
  getAuthenticated: 'GET /user',
  // Not a row of the documents; the service family has it, with the profile fields below.
  get: 'GET /users/{username}',
} as const;

/** A user's (or organization's) public profile: the summary plus the fields a hover shows. */
export const userProfileSchema = z.looseObject({
  ...userSummarySchema.shape,
  name: z.optional(z.nullable(z.string())),
  company: z.optional(z.nullable(z.string())),
  public_repos: z.optional(z.int()),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export class UsersApi {
  constructor(private readonly core: HostingCore) {}

  /** The signed-in user, and the scopes of the token from `X-OAuth-Scopes` (used to check a pasted token). */
  async getAuthenticated(options?: CallOptions) {
    const res = await this.core.call(USERS_ROUTES.getAuthenticated, {}, z.looseObject(userSummarySchema.shape), options);
    return { user: res.data, scopes: parseScopes(res.headers['x-oauth-scopes']) };
  }

  /** A user's public profile (404, a NotFoundError, when there is no such user). */
  async get(username: string, options?: CallOptions): Promise<UserProfile> {
    return (await this.core.call(USERS_ROUTES.get, { username }, userProfileSchema, options)).data;
  }
}
