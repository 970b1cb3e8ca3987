// The Conversation tab: the description, then the issue comments and review
// threads oldest first, then a box for a new comment. One's own comments can
// be edited and deleted in place. Text being written survives a refresh of
// the page and a reload of the window (webview state), and a send that fails
// keeps it with the service's message.
import type { CommentItem, PageModel, ThreadItem, WebviewToHost } from '../model/messages';
import { describeLocation, type CommentLocation } from '../../../reviewing/commentLocation';
import { clear, h, icon } from '../../shared/webview/dom';
import { avatarImage } from './header';
import { markdownBlock } from '../../shared/webview/markdownView';
import type { Text } from './text';
import { pendingList, queuedList } from './pendingReview';
import { inChunks, type ChunkedDraw } from './inChunks';

/** Conversation items drawn per task (see inChunks). */
const ROWS_PER_TASK = 100;

export interface Drafts {
  /** The new comment being written. */
  draft: string;
  /** The comment being edited and its text. */
  editing: { id: number; text: string } | null;
}

type Send = (m: WebviewToHost) => void;

export class Conversation {
  readonly element = h('section', { class: 'conversation' });
  private readonly pending = new Map<number, (ok: boolean, message?: string) => void>();
  private nextRequest = 1;
  private drawing: ChunkedDraw | undefined;

  constructor(
    private readonly text: Text,
    private drafts: Drafts,
    private readonly send: Send,
    private readonly saveDrafts: (d: Drafts) => void,
  ) {}

  /** The host answered a comment request. */
  done(request: number, ok: boolean, message?: string): void {
    this.pending.get(request)?.(ok, message);
    this.pending.delete(request);
  }

  /** Draws the model's conversation; the promise settles once all of it is drawn (true) or a newer render replaced it (false). */
  render(m: PageModel): Promise<boolean> {
    const { t } = this.text;
    this.drawing?.cancel();
    clear(this.element);
    this.element.append(
      h(
        'article',
        { class: 'card description' },
        h('div', { class: 'card-head' }, avatarImage(m.author, this.text), h('strong', {}, m.author.login), ' ', this.when('opened', m.created)),
        markdownBlock(m.bodyHtml, t('noDescription')),
      ),
    );
    const list = h('ol', { class: 'timeline' });
    // A long conversation's oldest rows, what it leaves out (a Load more), then its newest rows.
    const { rows, hidden } = m.conversation;
    const entries: Array<(typeof rows)[number] | 'hidden'> = hidden ? [...rows.slice(0, hidden.at), 'hidden', ...rows.slice(hidden.at)] : rows;
    this.drawing = inChunks(entries, ROWS_PER_TASK, (items) => {
      for (const item of items)
        list.append(item === 'hidden' ? this.hidden(hidden!.count) : h('li', {}, item.kind === 'comment' ? this.comment(item) : this.thread(item)));
    });
    if (m.conversation.error) this.element.append(h('p', { class: 'error', role: 'alert' }, t('sectionFailed', m.conversation.error)));
    else if (m.conversation.loading) this.element.append(h('p', { class: 'muted loading', role: 'status' }, t('loadingConversation')));
    else if (m.conversation.rows.length === 0) this.element.append(h('p', { class: 'muted empty' }, t('noComments')));
    this.element.append(list);
    const pending = pendingList(m, this.text);
    if (pending) this.element.append(pending);
    const queued = queuedList(m, this.text);
    if (queued) this.element.append(queued);
    this.element.append(this.composer());
    return this.drawing.done;
  }

  /** Where a long conversation leaves rows out: how many, and a button that shows more of them. */
  private hidden(count: number): HTMLElement {
    const { t, num } = this.text;
    const button = h('vscode-button', { secondary: true, class: 'load-more' }, t('loadMoreConversation'));
    button.addEventListener('click', () => {
      if (button.hasAttribute('disabled')) return;
      button.setAttribute('disabled', '');
      this.send({ type: 'loadMore', list: 'conversation' });
    });
    return h('li', { class: 'hidden-items' }, h('p', { class: 'list-end muted' }, t('hiddenItems', num(count)), ' ', button));
  }

  private when(key: 'opened' | 'commented', iso: string): HTMLElement {
    const [before, after] = this.text.t(key, '\u0000').split('\u0000');
    return h('span', { class: 'muted' }, before ?? '', this.text.time(iso), after ?? '');
  }

  private comment(c: CommentItem): HTMLElement {
    const { t } = this.text;
    const card = h('article', { class: 'card comment', 'data-comment-id': c.id });
    const head = h('div', { class: 'card-head' }, avatarImage(c.author, this.text), h('strong', {}, c.author.login), ' ', this.when('commented', c.created));
    if (c.updated !== c.created) head.append(h('span', { class: 'muted', title: c.updated }, ` · ${t('edited')}`));
    card.append(head);
    if (this.drafts.editing?.id === c.id) {
      card.append(this.editor(c));
      return card;
    }
    if (c.own) {
      const tools = h('span', { class: 'card-tools' });
      const edit = h('vscode-button', { secondary: true, icon: 'edit' }, t('editComment'));
      edit.addEventListener('click', () => {
        this.setDrafts({ editing: { id: c.id, text: c.body } });
        card.replaceWith(this.comment(c));
      });
      const del = h('vscode-button', { secondary: true, icon: 'trash' }, t('deleteComment'));
      const error = h('p', { class: 'error', role: 'alert' });
      del.addEventListener('click', () => this.request({ type: 'deleteComment', id: c.id }, del, error));
      tools.append(edit, del);
      head.append(tools);
      card.append(markdownBlock(c.html, ''), error);
      return card;
    }
    card.append(markdownBlock(c.html, ''));
    return card;
  }

  private editor(c: CommentItem): HTMLElement {
    const { t } = this.text;
    const area = h('textarea', { rows: 6, 'aria-label': t('editComment') });
    area.value = this.drafts.editing?.text ?? c.body;
    area.addEventListener('input', () => this.setDrafts({ editing: { id: c.id, text: area.value } }));
    const error = h('p', { class: 'error', role: 'alert' });
    const save = h('vscode-button', { icon: 'check' }, t('save'));
    const cancel = h('vscode-button', { secondary: true }, t('cancel'));
    save.addEventListener('click', () => {
      if (!area.value.trim()) return;
      this.request({ type: 'editComment', id: c.id, body: area.value }, save, error, () => this.setDrafts({ editing: null }));
    });
    cancel.addEventListener('click', () => {
      this.setDrafts({ editing: null });
      this.element.querySelector(`[data-comment-id="${c.id}"]`)?.replaceWith(this.comment(c));
    });
    return h('div', { class: 'editor' }, area, error, h('div', { class: 'row' }, save, cancel));
  }

  private thread(th: ThreadItem): HTMLElement {
    const { t } = this.text;
    const where = t('fileLine', th.path, this.location(th));
    const link = h('a', { href: '#', class: 'thread-link', title: t('showInDiff') }, icon('go-to-file'), ` ${where}`);
    link.addEventListener('click', (e) => {
      e.preventDefault();
      this.send({ type: 'openThread', id: th.id });
    });
    const replies = th.replies === 0 ? '' : th.replies === 1 ? t('repliesOne') : t('repliesMany', th.replies);
    const summary = [replies, th.participants.join(', ')].filter(Boolean).join(' · ');
    // The replies open in place (a <details>: a click or Enter/Space on its summary), so they can be read here.
    // A thread without replies has no footer: its only participant is the author the card names.
    const footer =
      th.replyItems.length === 0
        ? th.replies === 0
          ? null
          : h('p', { class: 'muted' }, summary)
        : h(
            'details',
            { class: 'replies', 'data-thread-id': th.id },
            h('summary', { class: 'muted', title: t('showReplies') }, summary),
            h(
              'ol',
              { class: 'reply-list' },
              ...th.replyItems.map((r) =>
                h(
                  'li',
                  { class: 'reply', 'data-comment-id': r.id },
                  h(
                    'div',
                    { class: 'thread-body' },
                    avatarImage(r.author, this.text, 16),
                    h('strong', {}, r.author.login),
                    ' ',
                    this.when('commented', r.created),
                  ),
                  markdownBlock(r.html, ''),
                ),
              ),
            ),
          );
    return h(
      'article',
      { class: 'card thread' },
      h(
        'div',
        { class: 'card-head' },
        icon('comment-discussion'),
        ` ${t('reviewThread')} · `,
        link,
        th.outdated ? h('span', { class: 'badge outdated' }, t('outdated')) : null,
      ),
      h('div', { class: 'thread-body' }, avatarImage(th.author, this.text, 16), h('strong', {}, th.author.login), ' ', this.when('commented', th.created)),
      th.suggestionHtml ? markdownBlock(th.suggestionHtml, '') : h('p', { class: 'excerpt' }, th.excerpt),
      footer,
    );
  }

  /** "line 3", "line 3 of 1a2b3c4 (outdated)": the words the editor's thread header and the views use. */
  private location(th: ThreadItem): string {
    const { t } = this.text;
    const loc: CommentLocation = th.outdated
      ? { outdated: true, line: th.line ?? undefined, removed: th.removed, commit: th.commit ?? '' }
      : { outdated: false, line: th.line ?? undefined, removed: th.removed };
    return describeLocation(loc, {
      line: t('locLine'),
      removedLine: t('locRemovedLine'),
      outdatedLine: t('locOutdatedLine'),
      outdatedRemovedLine: t('locOutdatedRemovedLine'),
      outdatedNoLine: t('locOutdatedNoLine'),
      noLine: t('locNoLine'),
    });
  }

  private composer(): HTMLElement {
    const { t } = this.text;
    const area = h('textarea', { rows: 5, placeholder: t('commentPlaceholder'), 'aria-label': t('commentPlaceholder') });
    area.value = this.drafts.draft;
    area.addEventListener('input', () => this.setDrafts({ draft: area.value }));
    const error = h('p', { class: 'error', role: 'alert' });
    const send = h('vscode-button', { icon: 'comment' }, t('addComment'));
    send.addEventListener('click', () => {
      if (!area.value.trim()) return area.focus();
      this.request({ type: 'addComment', body: area.value }, send, error, () => this.setDrafts({ draft: '' }));
    });
    return h('div', { class: 'composer' }, area, error, h('div', { class: 'row' }, send));
  }

  private request(
    m: DistributiveOmit<Extract<WebviewToHost, { request: number }>, 'request'>,
    button: HTMLElement,
    error?: HTMLElement,
    onOk?: () => void,
  ): void {
    const request = this.nextRequest++;
    button.setAttribute('disabled', '');
    if (error) error.textContent = '';
    this.pending.set(request, (ok, message) => {
      button.removeAttribute('disabled');
      if (ok) onOk?.();
      else if (message && error) error.textContent = message;
    });
    this.send({ ...m, request } as WebviewToHost);
  }

  private setDrafts(patch: Partial<Drafts>): void {
    this.drafts = { ...this.drafts, ...patch };
    this.saveDrafts(this.drafts);
  }
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
