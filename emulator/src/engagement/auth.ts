// POST /api/v2/authenticate, GET /api/v2/me and the access_token check every
// other route goes through.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fmt, setActingUser, type EngagementContext } from './context';
import { Params } from './params';
import { checkCredentials, storeToken, userOfToken } from './users';

const MISSING_TOKEN = 'Please include the access_token parameter in your request; obtain one with POST /api/v2/authenticate';
const RENEW_TOKEN = 'Please renew your access_token';

/** 401 with the text both as the HTTP reason phrase (the spec's "status text") and in the envelope. */
function unauthorized(reply: FastifyReply, text: string) {
  reply.raw.statusMessage = text;
  return reply.code(401).send({ success: false, statusMessage: text });
}

export function registerAuth(app: FastifyInstance, ctx: EngagementContext): void {
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if ((req.routeOptions.config as { engagementPublic?: boolean }).engagementPublic) return;
    const token = Params.of(req).get('access_token');
    if (!token) return unauthorized(reply, MISSING_TOKEN);
    const user = userOfToken(ctx, token);
    if (!user) return unauthorized(reply, RENEW_TOKEN);
    setActingUser(req, user);
  });

  app.post('/authenticate', { config: { engagementPublic: true } }, async (req) => {
    const p = Params.of(req);
    const userName = p.required('userName');
    const apiKey = p.required('apiKey');
    const password = p.required('password');
    const user = checkCredentials(ctx, userName, apiKey, password);
    // Same answer whichever of the three is wrong, so a caller can't probe for user names.
    if (!user) {
      return { success: false, statusMessage: 'Authentication failed: wrong userName, apiKey or password' };
    }
    const token = crypto.randomBytes(24).toString('hex');
    const expires = ctx.now() + ctx.tokenTtlMs;
    storeToken(ctx, user.id, token, expires);
    return { success: true, access_token: token, expires: fmt(ctx, expires) };
  });

  app.get('/me', { config: { engagementPublic: true } }, async (req) => {
    const token = Params.of(req).get('access_token');
    const user = token ? userOfToken(ctx, token) : undefined;
    if (!user) {
      const why = token ? 'the access_token is invalid or expired' : 'no access_token was given';
      return { success: true, logged_in: false, statusMessage: `Not logged in: ${why}; authenticate with POST /api/v2/authenticate` };
    }
    return { success: true, logged_in: true, statusMessage: `Logged in as ${user.userName}`, userName: user.userName };
  });
}
