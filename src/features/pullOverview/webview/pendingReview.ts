// The pending review on the page: Start Review in the header (an open pull
// request without one), else the count with Submit and Discard; and the
// drafts, each marked Pending, after the conversation.
import type { PageModel, PendingItem, ReviewAction } from '../model/messages';
import { h, icon } from '../../shared/webview/dom';
import type { Text } from './text';

function button(label: string, codicon: string, onClick: () => void, secondary: boolean): HTMLElement {
  const b = h('vscode-button', { secondary, icon: codicon }, label);
  b.addEventListener('click', onClick);
  return b;
}

export function reviewButtons(m: PageModel, text: Text, review: (a: ReviewAction) => void): HTMLElement[] {
  const { t } = text;
  if (!m.pending) return m.state === 'open' ? [button(t('startReview'), 'comment-draft', () => review('startReview'), true)] : [];
  const n = m.pending.count;
  return [
    h('span', { class: 'pending-count', role: 'status' }, icon('comment-draft'), ` ${n === 1 ? t('pendingOne') : t('pendingMany', text.num(n))}`),
    button(t('submitReview'), 'check', () => review('submitReview'), false),
    button(t('discardReview'), 'trash', () => review('discardReview'), true),
  ];
}

function draft(d: PendingItem, text: Text, label: 'pendingLabel' | 'queuedLabel' = 'pendingLabel'): HTMLElement {
  const { t } = text;
  const where = d.kind === 'line' ? t('fileLine', d.path ?? '', d.line ?? '') : d.kind === 'reply' ? t('pendingReply', d.path ?? '') : t('pendingConversation');
  const marks = [t(label), d.outdated ? t('pendingOutdated') : undefined, d.error ? t('pendingNotPosted', d.error) : undefined].filter(Boolean).join(' · ');
  return h(
    'li',
    { class: 'card pending', 'data-pending-id': d.id },
    h('div', { class: 'card-head' }, h('span', { class: `pending-badge${d.error ? ' failed' : ''}` }, marks), ' ', h('span', { class: 'muted' }, where)),
    h('p', { class: 'pending-body' }, d.body),
  );
}

export function pendingList(m: PageModel, text: Text): HTMLElement | null {
  const p = m.pending;
  if (!p) return null;
  const { t } = text;
  const more = p.count - p.items.length;
  return h(
    'section',
    { class: 'pending-review', 'aria-label': t('pendingTitle') },
    h('h2', {}, `${t('pendingTitle')} · ${p.count === 1 ? t('pendingOne') : t('pendingMany', text.num(p.count))}`),
    h('p', { class: 'muted' }, t('pendingNote')),
    h('ol', { class: 'pending-drafts' }, ...p.items.map((d) => draft(d, text))),
    more > 0 ? h('p', { class: 'muted' }, t('pendingMore', text.num(more))) : null,
  );
}

/** The comments queued while the service did not answer (none: nothing drawn). */
export function queuedList(m: PageModel, text: Text): HTMLElement | null {
  if (!m.queued?.length) return null;
  const { t } = text;
  return h(
    'section',
    { class: 'pending-review queued', 'aria-label': t('queuedTitle') },
    h('h2', {}, `${t('queuedTitle')} · ${text.num(m.queued.length)}`),
    h('p', { class: 'muted' }, t('queuedNote')),
    h('ol', { class: 'pending-drafts' }, ...m.queued.map((d) => draft(d, text, 'queuedLabel'))),
  );
}
