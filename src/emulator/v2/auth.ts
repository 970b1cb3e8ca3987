// POST /api/v2/authenticate, GET /api/v2/me and the access_token check every
// other route goes through.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fmt, setActingUser, type V2Context, type V2User } from './context';
import { Params } from './params';

export const MISSING_TOKEN = 'Please include the access_token parameter in your request; obtain one with POST /api/v2/authenticate';
export const RENEW_TOKEN = 'Please renew your access_token';

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Creates (or replaces the secrets of) an API user. */
export function putUser(ctx: V2Context, userName: string, apiKey: string, password: string): void {
  ctx.db
    .prepare(
      `INSERT INTO v2_users (user_name, api_key_sha256, password_sha256) VALUES (?, ?, ?)
       ON CONFLICT (user_name) DO UPDATE SET api_key_sha256 = excluded.api_key_sha256, password_sha256 = excluded.password_sha256`,
    )
    .run(userName, sha256(apiKey), sha256(password));
}

function userOfToken(ctx: V2Context, token: string): V2User | undefined {
  return ctx.db
    .prepare('SELECT u.id, u.user_name AS userName FROM v2_tokens t JOIN v2_users u ON u.id = t.user_id WHERE t.token_sha256 = ? AND t.expires_ms > ?')
    .get(sha256(token), ctx.now()) as V2User | undefined;
}

/** 401 with the text both as the HTTP reason phrase (the spec's "status text") and in the envelope. */
function unauthorized(reply: FastifyReply, text: string) {
  reply.raw.statusMessage = text;
  return reply.code(401).send({ success: false, statusMessage: text });
}

export function registerAuth(app: FastifyInstance, ctx: V2Context): void {
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if ((req.routeOptions.config as { v2Public?: boolean }).v2Public) return;
    const token = Params.of(req).get('access_token');
    if (!token) return unauthorized(reply, MISSING_TOKEN);
    const user = userOfToken(ctx, token);
    if (!user) return unauthorized(reply, RENEW_TOKEN);
    setActingUser(req, user);
  });

  app.post('/authenticate', { config: { v2Public: true } }, async (req) => {
    const p = Params.of(req);
    const userName = p.required('userName');
    const apiKey = p.required('apiKey');
    const password = p.required('password');
    const user = ctx.db.prepare('SELECT id, api_key_sha256, password_sha256 FROM v2_users WHERE user_name = ?').get(userName) as
      | { id: number; api_key_sha256: string; password_sha256: string }
      | undefined;
    // Same answer whichever of the three is wrong, so a caller can't probe for user names.
    if (!user || user.api_key_sha256 !== sha256(apiKey) || user.password_sha256 !== sha256(password)) {
      return { success: false, statusMessage: 'Authentication failed: wrong userName, apiKey or password' };
    }
    const token = crypto.randomBytes(24).toString('hex');
    const expires = ctx.now() + ctx.tokenTtlMs;
    ctx.db.prepare('DELETE FROM v2_tokens WHERE expires_ms <= ?').run(ctx.now());
    ctx.db.prepare('INSERT INTO v2_tokens (token_sha256, user_id, expires_ms) VALUES (?, ?, ?)').run(sha256(token), user.id, expires);
    return { success: true, access_token: token, expires: fmt(ctx, expires) };
  });

  app.get('/me', { config: { v2Public: true } }, async (req) => {
    const token = Params.of(req).get('access_token');
    const user = token ? userOfToken(ctx, token) : undefined;
    if (!user) {
      const why = token ? 'the access_token is invalid or expired' : 'no access_token was given';
      return { success: true, logged_in: false, statusMessage: `Not logged in: ${why}; authenticate with POST /api/v2/authenticate` };
    }
    return { success: true, logged_in: true, statusMessage: `Logged in as ${user.userName}`, userName: user.userName };
  });
}
