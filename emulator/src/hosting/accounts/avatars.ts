// GET /avatars/u/:id on the web host: the image behind every account's
// avatar_url. The specification only says avatar_url is the URL of an image;
// the emulator's choice is a generated SVG (a square colored from the id, with
// the login's first letter), so that the URL it hands out answers.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../../server';
import { findUserById } from '../conventions/access';
import { excludeFromHosting } from '../conventions/conventions';

const DEFAULT_SIZE = 80;
const MIN_SIZE = 1;
const MAX_SIZE = 512;
const MAX_AGE_SECONDS = 300;

/** The size asked for with ?s= (clamped), or the default. */
function avatarSize(s: unknown): number {
  const n = typeof s === 'string' && /^\d{1,6}$/.test(s) ? Number(s) : NaN;
  return Number.isFinite(n) ? Math.min(MAX_SIZE, Math.max(MIN_SIZE, n)) : DEFAULT_SIZE;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The identicon-style SVG of an account: hue from the id (golden angle), first letter of the login. */
function avatarSvg(id: number, login: string, size: number): string {
  const hue = Math.round((id * 137.508) % 360);
  const letter = escapeXml(Array.from(login)[0]?.toUpperCase() ?? '?');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(login)}">` +
    `<rect width="64" height="64" fill="hsl(${hue}, 55%, 45%)"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="34" font-weight="600" fill="#fff">${letter}</text>` +
    '</svg>'
  );
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

export function registerAvatarRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  // A web page, not a v3 resource: no User-Agent, credentials or rate limit.
  excludeFromHosting('/avatars/');
  app.get<{ Params: { id: string }; Querystring: { s?: string } }>('/avatars/u/:id', async (req, reply) => {
    // The web host only, like the OAuth pages: not under the enterprise API prefix.
    const user = !req.apiPrefix && /^\d{1,15}$/.test(req.params.id) ? findUserById(ctx.db, Number(req.params.id)) : undefined;
    if (!user) return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not Found' });
    const svg = avatarSvg(user.id, user.login, avatarSize(req.query.s));
    const etag = `"${crypto.createHash('sha1').update(svg).digest('hex')}"`;
    reply.header('ETag', etag).header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
    if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('image/svg+xml').send(svg);
  });
}
