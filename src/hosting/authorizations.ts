import type { CallOptions, Credentials, HostingCore } from './transport';
import { authorizationSchema } from './schemas/authorizations';

export const AUTHORIZATIONS_ROUTES = {
  list: 'GET /authorizations',
  get: 'GET /authorizations/{id}',
  create: 'POST /authorizations',
  getOrCreateForApp: 'PUT /authorizations/clients/{client_id}',
  update: 'PATCH /authorizations/{id}',
  delete: 'DELETE /authorizations/{id}',
  checkToken: 'GET /applications/{client_id}/tokens/{access_token}',
  resetToken: 'POST /applications/{client_id}/tokens/{access_token}',
  revokeAllTokens: 'DELETE /applications/{client_id}/tokens',
  revokeToken: 'DELETE /applications/{client_id}/tokens/{access_token}',
} as const;

/** User name and password: the only credentials /authorizations accepts. */
export interface BasicLogin {
  username: string;
  password: string;
}
/** An OAuth application's id and secret: the credentials of /applications. */
export interface AppCredentials {
  clientId: string;
  clientSecret: string;
}

export interface NewAuthorization {
  note: string;
  scopes?: string[];
  note_url?: string;
  client_id?: string;
  client_secret?: string;
}

export type ScopeChange = { scopes: string[] } | { add_scopes: string[] } | { remove_scopes: string[] };

/**
 * Token (authorization) endpoints. The /authorizations rows take the user's
 * Basic credentials; the /applications rows the application's.
 */
export class AuthorizationsApi {
  constructor(private readonly core: HostingCore) {}

  list(login: BasicLogin, options?: CallOptions) {
    return this.core.paginate(AUTHORIZATIONS_ROUTES.list, { per_page: 100 }, authorizationSchema, asBasic(login, options));
  }

  async get(login: BasicLogin, id: number, options?: CallOptions) {
    return (await this.core.call(AUTHORIZATIONS_ROUTES.get, { id }, authorizationSchema, asBasic(login, options))).data;
  }

  /** Creates a token; the answer holds its value. Bad credentials and the lockout come back as typed errors. */
  async create(login: BasicLogin, input: NewAuthorization, options?: CallOptions) {
    return (await this.core.call(AUTHORIZATIONS_ROUTES.create, { ...input }, authorizationSchema, asBasic(login, options))).data;
  }

  /** Get-or-create the user's token for an application: `created` is true on 201, false on 200. */
  async getOrCreateForApp(
    login: BasicLogin,
    clientId: string,
    input: { client_secret: string; scopes?: string[]; note?: string; note_url?: string },
    options?: CallOptions,
  ) {
    const res = await this.core.call(AUTHORIZATIONS_ROUTES.getOrCreateForApp, { client_id: clientId, ...input }, authorizationSchema, asBasic(login, options));
    return { authorization: res.data, created: res.status === 201 };
  }

  /** Only one of scopes, add_scopes, remove_scopes per request. */
  async update(login: BasicLogin, id: number, change: ScopeChange & { note?: string; note_url?: string }, options?: CallOptions) {
    return (await this.core.call(AUTHORIZATIONS_ROUTES.update, { id, ...change }, authorizationSchema, asBasic(login, options))).data;
  }

  delete(login: BasicLogin, id: number, options?: CallOptions) {
    return this.core.callNoContent(AUTHORIZATIONS_ROUTES.delete, { id }, asBasic(login, options));
  }

  /** Checks a token; an invalid one is a NotFoundError. */
  async checkToken(app: AppCredentials, accessToken: string, options?: CallOptions) {
    return (
      await this.core.call(AUTHORIZATIONS_ROUTES.checkToken, { client_id: app.clientId, access_token: accessToken }, authorizationSchema, asApp(app, options))
    ).data;
  }

  /** Replaces the token at once: save the new `token` of the answer. */
  async resetToken(app: AppCredentials, accessToken: string, options?: CallOptions) {
    return (
      await this.core.call(AUTHORIZATIONS_ROUTES.resetToken, { client_id: app.clientId, access_token: accessToken }, authorizationSchema, asApp(app, options))
    ).data;
  }

  /** Revokes every token of the application (a background job on the service). */
  revokeAllTokens(app: AppCredentials, options?: CallOptions) {
    return this.core.callNoContent(AUTHORIZATIONS_ROUTES.revokeAllTokens, { client_id: app.clientId }, asApp(app, options));
  }

  revokeToken(app: AppCredentials, accessToken: string, options?: CallOptions) {
    return this.core.callNoContent(AUTHORIZATIONS_ROUTES.revokeToken, { client_id: app.clientId, access_token: accessToken }, asApp(app, options));
  }
}

function asBasic(login: BasicLogin, options: CallOptions | undefined): CallOptions {
  const credentials: Credentials = { type: 'basic', username: login.username, password: login.password };
  return { ...options, credentials };
}

function asApp(app: AppCredentials, options: CallOptions | undefined): CallOptions {
  return asBasic({ username: app.clientId, password: app.clientSecret }, options);
}
