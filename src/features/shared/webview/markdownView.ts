// Markdown the host rendered (raw HTML already escaped there), sanitized
// again with DOMPurify before it joins the page: no script, no event
// handlers, no forms, no styles, no images (the page loads nothing remote).
import DOMPurify from 'dompurify';
import { h } from './dom';

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'img', 'svg', 'math', 'iframe'],
  FORBID_ATTR: ['style', 'class', 'id'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
};

export function markdownBlock(html: string, emptyText: string): HTMLElement {
  const el = h('div', { class: 'markdown' });
  if (!html.trim()) {
    el.append(h('p', { class: 'muted' }, emptyText));
    return el;
  }
  el.append(DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true }));
  return el;
}
