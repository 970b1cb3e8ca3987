// Gists, beyond the documents (they have only gist comments): the lists and
// one gist of the service family, so that a client finds the gists whose
// comments it shows. The emulator serves them (docs/EMULATOR.md).
import type { CallOptions, HostingCore } from './transport';
import { gistSchema } from './schemas/gists';

export const GISTS_ROUTES = {
  list: 'GET /gists',
  listForUser: 'GET /users/{username}/gists',
  get: 'GET /gists/{gist_id}',
} as const;

export interface ListGistsQuery {
  /** Only gists updated at or after this time (`YYYY-MM-DDTHH:MM:SSZ`). */
  since?: string;
}

export class GistsApi {
  constructor(private readonly core: HostingCore) {}

  /** The signed-in user's gists, secret ones included; most recently updated first. */
  list(query: ListGistsQuery = {}, options?: CallOptions) {
    return this.core.paginate(GISTS_ROUTES.list, { per_page: 100, ...query }, gistSchema, options);
  }

  /** A user's public gists (all of them when the user asks). */
  listForUser(username: string, query: ListGistsQuery = {}, options?: CallOptions) {
    return this.core.paginate(GISTS_ROUTES.listForUser, { username, per_page: 100, ...query }, gistSchema, options);
  }

  /** One gist with its files' content. */
  async get(gistId: string, options?: CallOptions) {
    return (await this.core.call(GISTS_ROUTES.get, { gist_id: gistId }, gistSchema, options)).data;
  }
}
