// Markdown of pull request bodies, comments and new descriptions, rendered in the host with
// markdown-it: raw HTML in the text is shown as text (html: false), links
// only to http(s) and mailto, images as links (the page loads no remote
// image). The webview sanitizes the result again with DOMPurify before it
// shows it, so a renderer bug still cannot run script.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

const SAFE_LINK = /^(https?:|mailto:|#)/i;
md.validateLink = (url) => SAFE_LINK.test(url.trim());

md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]!;
  const src = token.attrGet('src') ?? '';
  const alt = md.utils.escapeHtml(token.content || src);
  return SAFE_LINK.test(src) ? `<a href="${md.utils.escapeHtml(src)}">${alt}</a>` : alt;
};

// Links open outside the page: say so to screen readers and keep the referrer.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('rel', 'noreferrer noopener');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The text as HTML; '' for no text. */
export function renderMarkdown(text: string | null | undefined): string {
  if (!text?.trim()) return '';
  return md.render(text);
}
