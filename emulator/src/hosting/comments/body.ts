// The comment body media types (docs/service-api/hosting/comments §5): raw
// (default) gives `body`, text `body_text`, html `body_html`, full all three.
// The HTML is rendered by hand on purpose: every character is escaped (no raw
// HTML passes through), blank lines make paragraphs and single newlines <br>.
import type { FastifyRequest } from 'fastify';
import { mediaTypeParam } from '../conventions/conventions';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

function bodyHtml(body: string): string {
  return paragraphs(body)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>\n')}</p>`)
    .join('\n');
}

/** Plain text: paragraphs separated by one blank line, surrounding spaces dropped. */
function bodyText(body: string): string {
  return paragraphs(body).join('\n\n');
}

/** The body fields the request's Accept header asks for. */
export function bodyFields(req: FastifyRequest | undefined, vendor: string, body: string): Record<string, string> {
  const param = req ? mediaTypeParam(req, vendor) : undefined;
  if (param === 'text') return { body_text: bodyText(body) };
  if (param === 'html') return { body_html: bodyHtml(body) };
  if (param === 'full') return { body, body_text: bodyText(body), body_html: bodyHtml(body) };
  return { body };
}
