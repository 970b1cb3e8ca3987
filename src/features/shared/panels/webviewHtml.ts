// The page every RepoDesk webview starts from: a strict Content-Security-Policy
// (nothing by default; scripts by nonce only; styles by nonce or from the
// webview's own resource origin, fonts and images from that origin, images also
// as data: URLs), the bundle's stylesheets and script, and the panel's key for
// restoring it after a reload.
import { randomBytes, toBase64 } from '../../../util/bytes';
import type * as vscode from 'vscode';
import { INITIAL_MESSAGES_ID } from '../../../util/initialMessagesId';

export interface PageParts {
  webview: vscode.Webview;
  /** dist/webview, the only folder the webview may load from. */
  root: vscode.Uri;
  script: string;
  /** Stylesheets linked after the page's first content: they do not hold its first paint (the icon font's). */
  styles: readonly string[];
  /**
   * Stylesheets' text written into the page's head: the first paint (the heading) needs no request through VS
   * Code's webview resource loader, which answers only once the frame is up (~100 ms on the 2-core machine).
   */
  inlineStyles?: readonly string[] | undefined;
  title: string;
  panelKey: string;
  lang: string;
  /** Messages the page reads from its HTML as if posted (src/features/shared/webview/channel.ts): it draws them without a round trip. */
  initial?: readonly unknown[] | undefined;
  /**
   * The page's heading as the host already knows it (a pull request's title from the row clicked), written into the
   * page so that it shows as soon as VS Code has the frame, while the script is still loading; the script's first
   * drawing replaces it.
   */
  heading?: PageHeading | undefined;
  /**
   * The page as its script last drew it (src/features/shared/webview/drawnPage.ts), written in place of the heading:
   * a page opened again shows it at its first paint. Markup of the page's own drawing (text set as text, markdown
   * sanitized), so written as it is; the policy runs no script without this page's nonce, which no earlier page knew.
   */
  drawing?: string | undefined;
}

export interface PageHeading {
  title: string;
  /** Shown after the title, muted (a number). */
  detail: string;
}

/** 128 random bits, base64: a nonce no page can guess. */
function makeNonce(): string {
  return toBase64(randomBytes(16));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
  ].join('; ');
}

/** The heading as the page's own header draws it (class `top`), marked `early` until the script draws. */
function headingBlock(heading: PageHeading | undefined): string {
  if (!heading) return '';
  return `<header class="top early"><h1><span class="title">${escapeHtml(heading.title)}</span> <span class="number muted">${escapeHtml(heading.detail)}</span></h1></header>`;
}

/**
 * A JSON block, which no browser runs (the policy needs no nonce for it); every
 * `<` is written as `\u003c`, so no text in it can close the element.
 */
function initialBlock(initial: readonly unknown[] | undefined): string {
  if (!initial?.length) return '';
  return `\n    <script type="application/json" id="${INITIAL_MESSAGES_ID}">${JSON.stringify(initial).replace(/</g, '\\u003c')}</script>`;
}

/** A stylesheet's text in a nonced element; `</` is written `<\/` (the same in CSS), so no text can close it. */
function inlineStyleBlock(css: string, nonce: string): string {
  return `\n    <style nonce="${nonce}">${css.replace(/<\//g, '<\\/')}</style>`;
}

/**
 * The page's script. After a drawing, added once the drawing has been painted (the frame after the page is parsed):
 * a script read from the cache runs as soon as the page is parsed and holds its first paint until it has run.
 */
function scriptBlock(src: string, nonce: string, afterPaint: boolean): string {
  if (!afterPaint) return `<script nonce="${nonce}" src="${escapeHtml(src)}"></script>`;
  // JSON strings, every `<` as \u003c: no text can end the element.
  const js = (text: string) => JSON.stringify(text).replace(/</g, '\\u003c');
  const add = `const s = document.createElement('script'); s.nonce = ${js(nonce)}; s.src = ${js(src)}; document.body.append(s);`;
  return `<script nonce="${nonce}">requestAnimationFrame(() => setTimeout(() => { ${add} }));</script>`;
}

export function webviewHtml(parts: PageParts, nonce = makeNonce()): string {
  const { webview, root } = parts;
  const rawUri = (file: string) => webview.asWebviewUri(root.with({ path: `${root.path}/${file}` })).toString();
  const uri = (file: string) => escapeHtml(rawUri(file));
  // The codicon stylesheet's id is the one @vscode-elements/elements looks for.
  const styles = parts.styles
    .map((s) => `<link rel="stylesheet" href="${uri(s)}"${s === 'codicon.css' ? ' id="vscode-codicon-stylesheet"' : ''}>`)
    .join('\n    ');
  const inline = (parts.inlineStyles ?? []).map((css) => inlineStyleBlock(css, nonce)).join('');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(parts.lang)}">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(webview.cspSource, nonce))}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">${inline}
    <title>${escapeHtml(parts.title)}</title>
  </head>
  <body data-panel-key="${escapeHtml(parts.panelKey)}">
    <main id="app" aria-busy="true">${parts.drawing ?? headingBlock(parts.heading)}</main>
    ${styles}${initialBlock(parts.initial)}
    ${scriptBlock(rawUri(parts.script), nonce, parts.drawing !== undefined)}
  </body>
</html>`;
}
