// URLs on this server: the API base (with `/api/v3` when the request came
// that way), the web base (HTML pages, clone URLs), and the request's own URL.
import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';

export interface Bases {
  /** e.g. http://127.0.0.1:7480 or http://127.0.0.1:7480/api/v3 */
  api: string;
  /** e.g. http://127.0.0.1:7480 */
  web: string;
  /** Host (and port) of the web base, e.g. 127.0.0.1:7480 (git and ssh URLs). */
  host: string;
}

const hosts = new Map<string, string>();
function hostOf(web: string): string {
  let host = hosts.get(web);
  if (host === undefined) {
    host = new URL(web).host;
    hosts.set(web, host);
  }
  return host;
}

/** The bases for building URLs in a response to `req` (without one: the plain form, e.g. for webhook payloads). */
export function bases(ctx: EmulatorContext, req?: FastifyRequest): Bases {
  const web = ctx.baseUrl();
  return { api: `${web}${req?.apiPrefix ?? ''}`, web, host: hostOf(web) };
}

/** The absolute URL of the request as the client sent it (prefix included). */
export function requestUrl(req: FastifyRequest): URL {
  return new URL(`${req.baseUrl}${req.apiPrefix}${req.url}`);
}
