import type { CallOptions, HostingCore } from './core';
import { userSummarySchema } from './schemas/common';
import { parseScopes } from './scopes';

export const USERS_ROUTES = {
  getAuthenticated: 'GET /user',
} as const;

export class UsersApi {
  constructor(private readonly core: HostingCore) {}

  /** The signed-in user, and the scopes of the token from `X-OAuth-Scopes` (used to check a pasted token). */
  async getAuthenticated(options?: CallOptions) {
    const res = await this.core.call(USERS_ROUTES.getAuthenticated, {}, userSummarySchema.loose(), options);
    return { user: res.data, scopes: parseScopes(res.headers['x-oauth-scopes']) };
  }
}
