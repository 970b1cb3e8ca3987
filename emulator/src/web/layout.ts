// The frame every web page shares: a small inline stylesheet for light and
// dark schemes, a header, and the headers that lock the page
// down (only that inline style may apply; no scripts, no frames).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../hosting/conventions/errors';
import { html, SafeHtml } from './html';

const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --box: #f6f8fa; --line: #d1d9e0; --link: #0969da;
  --open: #1a7f37; --closed: #cf222e; --merged: #8250df; --draft: #59636e; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --box: #151b23; --line: #3d444d; --link: #4493f8;
    --open: #3fb950; --closed: #f85149; --merged: #ab7df8; --draft: #9198a1; }
}
body { font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); margin: 0; }
header.site { border-bottom: 1px solid var(--line); background: var(--box); padding: .6rem 1rem; }
header.site { font-weight: 600; }
main { max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; }
a { color: var(--link); text-decoration: none; } a:hover { text-decoration: underline; }
h1 { font-size: 1.5rem; margin: .2rem 0 .6rem; font-weight: 600; } h2 { font-size: 1.1rem; margin: 1.6rem 0 .5rem; }
.muted, .crumbs { color: var(--muted); }
.badge { display: inline-block; border: 1px solid var(--line); border-radius: 2em; padding: 0 .6em; font-size: .8rem; color: var(--muted); vertical-align: middle; }
.state { display: inline-block; border-radius: 2em; padding: .1em .8em; color: #fff; font-weight: 600; font-size: .85rem; }
.state.open { background: var(--open); } .state.closed { background: var(--closed); } .state.merged { background: var(--merged); } .state.draft { background: var(--draft); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 1rem 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--box); border-radius: 4px; }
code { padding: .1em .3em; } pre { padding: .8rem; overflow-x: auto; white-space: pre-wrap; border: 1px solid var(--line); }
ul.list { list-style: none; padding: 0; border: 1px solid var(--line); border-radius: 6px; }
ul.list li { padding: .5rem .8rem; border-top: 1px solid var(--line); } ul.list li:first-child { border-top: 0; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); }
th { color: var(--muted); font-weight: 600; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.add { color: var(--open); } .del { color: var(--closed); }
`;

// A constant of this file, not data: inserted as is (entities are not decoded inside <style>).
const STYLE_HTML = new SafeHtml(STYLE);

/** A whole document: `title` in the tab, `body` inside <main>. */
export function page(title: string, body: SafeHtml): string {
  return html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · RepoDesk emulator</title>
        <style>
          ${STYLE_HTML}
        </style>
      </head>
      <body>
        <header class="site">RepoDesk emulator</header>
        <main>${body}</main>
      </body>
    </html> `.text;
}

/** Sends a page with the content type and the locked-down headers. */
export function sendPage(reply: FastifyReply, status: number, document: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('X-Content-Type-Options', 'nosniff')
    .header('X-Frame-Options', 'DENY')
    .send(document);
}

/** Whether the client reads HTML (browsers send text/html in Accept when they navigate). */
function wantsHtml(req: FastifyRequest): boolean {
  return /text\/html|application\/xhtml\+xml/i.test(String(req.headers.accept ?? ''));
}

/**
 * The 404 page: says what was looked for, and nothing about whether it
 * exists privately. A client that does not ask for HTML (an API client on a
 * path such as `GET /gists`, which the API does not serve) gets the API's
 * JSON 404, as before these pages existed.
 */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply, what: string): FastifyReply {
  if (!wantsHtml(req)) throw notFound();
  const body = html`<h1>404 — Not found</h1>
    <p>${what} was not found on this server.</p>
    <p class="muted">It may not exist, or it may be private: private repositories are not shown to a browser that is not signed in.</p>`;
  return sendPage(reply, 404, page('Not found', body));
}
