// The web application flow (docs/service-api/hosting/oauth §1) at
// /login/oauth/: step 1 (the authorize page, with login and approval forms) and
// step 2 (the exchange). These are pages, not v3 routes: errors go to the
// callback (step 1) or into the exchange body (step 2), never into the v3 JSON
// error shape.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUserById } from '../hosting/conventions/access';
import type { Auth } from '../hosting/conventions/auth';
import { conventionServices } from '../hosting/conventions/module';
import { notFound } from '../hosting/conventions/errors';
import { isKnownScope, normalizeScopes } from '../hosting/conventions/scopes';
import { safeEqual } from '../hosting/conventions/secrets';
import type { ApplicationRow } from '../hosting/authorizations/schema';
import type { EmulatorContext } from '../server';
import { createAuthorization, findApplicationByClientId, latestForApp } from '../hosting/authorizations/store';
import { oauthError, type AuthorizeError, type ExchangeError } from './errors';
import { exchangeFormat, renderExchange } from './formats';
import { approvePage, errorPage, loginPage, type AuthorizeRequest } from './pages';
import { checkRedirectUri } from './redirect-uri';
import { CODE_TTL_MS, OAuthStore, readCookie, SESSION_COOKIE } from './store';

type Params = Record<string, string>;

/** Query, form or JSON parameters (later sources win), as strings only. */
function params(req: FastifyRequest): Params {
  const out: Params = {};
  const add = (entries: Iterable<[string, unknown]>) => {
    for (const [k, v] of entries) if (typeof v === 'string') out[k] = v;
  };
  add(Object.entries((req.query ?? {}) as Record<string, unknown>));
  const body = req.body;
  if (Buffer.isBuffer(body)) add(new URLSearchParams(body.toString('utf8')));
  else if (body && typeof body === 'object' && !Array.isArray(body)) add(Object.entries(body as Record<string, unknown>));
  return out;
}

function authorizeRequest(p: Params): AuthorizeRequest {
  return { client_id: p.client_id ?? '', redirect_uri: p.redirect_uri || undefined, scope: p.scope || undefined, state: p.state };
}

/** A comma-separated list (spaces tolerated; docs/service-api/hosting/oauth §1); unknown scopes are dropped, the rest normalized (docs/service-api/hosting/auth §7). */
function requestedScopes(scope: string | undefined): string[] {
  return normalizeScopes((scope ?? '').split(/[\s,]+/).filter((s) => isKnownScope(s)));
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    .header('X-Frame-Options', 'DENY')
    .header('Cache-Control', 'no-store')
    .send(html);
}

function redirectTo(reply: FastifyReply, target: string, query: Record<string, string | undefined>): FastifyReply {
  const url = new URL(target);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return reply.code(302).header('Location', url.toString()).header('Cache-Control', 'no-store').send();
}

export function registerOAuthRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const db = ctx.db;
  // The pages live at the web root only; the enterprise API prefix (/api/v3) does not serve them.
  app.addHook('onRequest', async (req) => {
    if (req.apiPrefix && req.url.startsWith('/login/')) throw notFound();
  });
  const store = new OAuthStore(db, ctx.options.oauthCodeTtlMs ?? CODE_TTL_MS);
  const docsUrl = ctx.limits.docsUrl;

  const redirectError = (reply: FastifyReply, target: string, error: AuthorizeError, state: string | undefined) =>
    redirectTo(reply, target, { ...oauthError(error, docsUrl), state });

  /**
   * The checks of step 1 in the spec's order. Returns the application and the
   * redirect target, or undefined once it has answered (error page or redirect).
   */
  const checkApplication = (reply: FastifyReply, r: AuthorizeRequest): { application: ApplicationRow; target: string } | undefined => {
    const application = r.client_id ? findApplicationByClientId(db, r.client_id) : undefined;
    if (!application) {
      // No registered callback to send the browser to: say so on the page.
      sendHtml(reply, 404, errorPage('Unknown application', 'No application is registered with this client_id.'));
      return undefined;
    }
    if (application.suspended) {
      redirectError(reply, application.callback_url, 'application_suspended', r.state);
      return undefined;
    }
    const check = checkRedirectUri(application.callback_url, r.redirect_uri);
    if (!check.ok) {
      redirectError(reply, application.callback_url, 'redirect_uri_mismatch', r.state);
      return undefined;
    }
    return { application, target: check.uri };
  };

  const completeWithCode = (reply: FastifyReply, application: ApplicationRow, userId: number, scopes: string[], r: AuthorizeRequest, target: string) => {
    const code = store.issueCode(application.id, userId, scopes, r.redirect_uri);
    return redirectTo(reply, target, { code, state: r.state });
  };

  app.get('/login/oauth/authorize', async (req, reply) => {
    const r = authorizeRequest(params(req));
    const checked = checkApplication(reply, r);
    if (!checked) return reply;
    const session = store.session(readCookie(req.headers.cookie, SESSION_COOKIE));
    if (!session) return sendHtml(reply, 200, loginPage({ appName: checked.application.name, request: r }));
    // A user who already holds a valid token skips the page, with the scopes used last time (docs/service-api/hosting/oauth §2).
    const held = latestForApp(db, session.userId, checked.application.id);
    if (held) return completeWithCode(reply, checked.application, session.userId, JSON.parse(held.scopes) as string[], r, checked.target);
    const user = findUserById(db, session.userId)!;
    return sendHtml(
      reply,
      200,
      approvePage({ appName: checked.application.name, login: user.login, scopes: requestedScopes(r.scope), request: r, csrfToken: session.csrfToken }),
    );
  });

  app.post('/login/oauth/session', async (req, reply) => {
    const p = params(req);
    const r = authorizeRequest(p);
    const checked = checkApplication(reply, r);
    if (!checked) return reply;
    let auth: Auth;
    try {
      // The core's Basic check, so that failed page logins count toward the same lockout.
      const basic = Buffer.from(`${p.login ?? ''}:${p.password ?? ''}`).toString('base64');
      auth = conventionServices(ctx).authenticator.authenticate({ headers: { authorization: `Basic ${basic}` }, query: {} } as FastifyRequest);
    } catch (e) {
      const status = (e as { status?: number }).status === 403 ? 403 : 401;
      const message = status === 403 ? (e as Error).message : 'Incorrect username or password.';
      return sendHtml(reply, status, loginPage({ appName: checked.application.name, request: r, error: message }));
    }
    if (auth.kind !== 'basic')
      return sendHtml(reply, 401, loginPage({ appName: checked.application.name, request: r, error: 'Incorrect username or password.' }));
    const session = store.createSession(auth.user.id);
    const back = new URLSearchParams(Object.entries(r).filter((e): e is [string, string] => e[1] !== undefined));
    return reply
      .code(303)
      .header('Set-Cookie', `${SESSION_COOKIE}=${session.id}; Path=/login/; HttpOnly; SameSite=Lax`)
      .header('Location', `/login/oauth/authorize?${back.toString()}`)
      .send();
  });

  app.post('/login/oauth/authorize', async (req, reply) => {
    const p = params(req);
    const r = authorizeRequest(p);
    const checked = checkApplication(reply, r);
    if (!checked) return reply;
    const session = store.session(readCookie(req.headers.cookie, SESSION_COOKIE));
    if (!session) return sendHtml(reply, 200, loginPage({ appName: checked.application.name, request: r }));
    if (!p.authenticity_token || !safeEqual(p.authenticity_token, session.csrfToken)) {
      return sendHtml(reply, 403, errorPage('Request refused', 'The form has expired or did not come from this page. Start the authorization again.'));
    }
    if (p.decision !== 'approve') return redirectError(reply, checked.target, 'access_denied', r.state);
    let scopes = requestedScopes(r.scope);
    // The page's checkboxes: the user may grant fewer scopes than requested, never more.
    if (p.scopes_reviewed === '1') {
      const granted = new Set(Buffer.isBuffer(req.body) ? new URLSearchParams(req.body.toString('utf8')).getAll('granted') : []);
      scopes = scopes.filter((s) => granted.has(s));
    }
    return completeWithCode(reply, checked.application, session.userId, scopes, r, checked.target);
  });

  app.post('/login/oauth/access_token', async (req, reply) => {
    const p = params(req);
    const format = exchangeFormat(req.headers.accept);
    const answer = (fields: Record<string, string>) => {
      const out = renderExchange(fields, format);
      return reply.code(200).header('Content-Type', out.contentType).header('Cache-Control', 'no-store').send(out.body);
    };
    const fail = (error: ExchangeError) => answer({ ...oauthError(error, docsUrl) });

    const application = p.client_id && p.client_secret ? conventionServices(ctx).authenticator.application(p.client_id, p.client_secret) : undefined;
    if (!application) return fail('incorrect_client_credentials');
    if (p.redirect_uri && !checkRedirectUri(application.callback_url, p.redirect_uri).ok) return fail('redirect_uri_mismatch');
    const code = p.code ? store.findCode(p.code, application.id) : undefined;
    if (!code) return fail('bad_verification_code');
    // "does not match the first request": a redirect_uri sent in both steps must be the same.
    if (p.redirect_uri && code.redirect_uri && p.redirect_uri !== code.redirect_uri) return fail('bad_verification_code');
    const issued = db.transaction(() => {
      if (!store.consumeCode(code.code_hash)) return undefined;
      return createAuthorization(db, { userId: code.user_id, appId: application.id, scopes: JSON.parse(code.scopes) as string[] });
    })();
    if (!issued) return fail('bad_verification_code');
    const scope = (JSON.parse(issued.row.scopes) as string[]).join(',');
    if (format === 'xml') return answer({ token_type: 'bearer', scope, access_token: issued.token });
    return answer({ access_token: issued.token, scope, token_type: 'bearer' });
  });
}
