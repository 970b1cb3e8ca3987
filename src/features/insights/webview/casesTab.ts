// The Cases tab: the support cases linked to the repository (and a pull
// request), with filters, paging, a case's details and the actions on it.
// Every string from the service is shown as text.
import { compactDuration, filterRows, type CaseDetails, type CaseFilter, type CaseRow, type CaseStateName, type DateStamp } from '../model/caseRows';
import { repoTag } from '../../../util/caseLinks';
import type { HostToWebview, WebviewToHost } from '../model/messages';
import { clear, h, icon } from '../../shared/webview/dom';
import { createForm } from './createForm';
import type { Text } from './text';

type Post = (m: WebviewToHost) => void;

export class CasesTab {
  readonly element = h('div', { class: 'cases' });
  private readonly notice = h('div', { class: 'notice', role: 'alert' });
  private readonly filters = h('div', { class: 'filters' });
  private readonly list = h('div', { class: 'list' });
  private readonly detail = h('div', { class: 'detail', 'aria-live': 'polite' });
  private readonly form = h('div', { class: 'create' });
  /** New case: not offered where no cases can be (unavailable). */
  private newCase: HTMLElement | undefined;
  private rows: CaseRow[] = [];
  private total = 0;
  private contacts: Array<{ id: number; name: string }> = [];
  private campaigns: string[] = [];
  private details: CaseDetails | undefined;
  /** The open case's unsent note as the host keeps it (sent back with the case). */
  private noteDraft = '';
  private signedOut = false;
  /** Why no cases can be shown (no engagement service for the repository's hosting service). */
  private unavailable: string | undefined;
  private loading = false;
  /** The notes of the panel's service that wait for it to answer, or that it refused (their words). */
  private queued: Array<{ key: string; caseId: number; text: string; error?: string | undefined }> = [];
  /** The open case's notes, its queued ones after them: drawn again alone when the queue changes. */
  private readonly notesBox = h('div', { class: 'notes-box' });

  constructor(
    private readonly text: Text,
    private readonly repo: { owner: string; name: string },
    private filter: CaseFilter,
    private openId: number | null,
    private readonly post: Post,
    private readonly save: (filter: CaseFilter, openId: number | null) => void,
    private readonly onCounts: (counts: { Arrived: number; Open: number } | undefined) => void,
  ) {
    this.element.append(this.notice, this.filters, this.form, h('div', { class: 'split' }, this.list, this.detail));
    this.notice.hidden = true;
    this.form.hidden = true;
    this.renderFilters();
  }

  /** Asks for the list anew (first page) with the current filter. */
  reload(): void {
    this.loading = true;
    this.post({ type: 'loadCases', filter: { state: this.filter.state, pull: this.filter.pull }, index: 0 });
    this.renderList();
  }

  /** A command asked for a pull request's cases. */
  focusPull(pull: number | null): void {
    this.filter = { ...this.filter, pull };
    this.save(this.filter, this.openId);
    this.renderFilters();
    this.reload();
  }

  handle(m: HostToWebview): void {
    switch (m.type) {
      case 'casesUnavailable':
        this.unavailable = m.message;
        this.loading = false;
        this.onCounts(undefined);
        this.renderList();
        return;
      case 'casesSignedOut':
        this.unavailable = undefined;
        this.signedOut = true;
        this.loading = false;
        this.onCounts(undefined);
        this.renderList();
        return;
      case 'refreshCases':
        this.signedOut = false;
        this.unavailable = undefined;
        this.reload();
        return;
      case 'cases':
        this.signedOut = false;
        this.unavailable = undefined;
        this.loading = false;
        this.rows = m.index === 0 ? m.rows : [...this.rows, ...m.rows.filter((r) => !this.rows.some((x) => x.id === r.id))];
        this.total = m.total;
        if (m.index === 0) {
          this.contacts = m.contacts;
          this.campaigns = m.campaigns;
          this.onCounts(m.counts);
          if (this.openId !== null && !this.details) this.post({ type: 'openCase', id: this.openId });
        }
        this.renderList();
        // For the benchmarks: when the first case list was drawn (read from the frame's performance marks).
        if (m.index === 0) performance.mark('repodesk:cases');
        return;
      case 'caseCounts':
        this.onCounts(m.counts);
        return;
      case 'casesFailed':
        this.loading = false;
        this.show(m.message);
        this.renderList();
        return;
      case 'caseDetails':
        this.noteDraft = m.noteDraft ?? '';
        this.details = m.details;
        this.openId = m.details.id;
        this.save(this.filter, this.openId);
        this.rows = this.rows.map((r) => (r.id === m.details.id ? m.details : r));
        this.renderList();
        this.renderDetail();
        return;
      case 'caseGone':
        this.show(m.message);
        if (this.openId === m.id) {
          this.openId = null;
          this.details = undefined;
          this.renderDetail();
        }
        this.reload();
        return;
      case 'queuedNotes': {
        // A note of the open case gone from the queue is on the service now (or discarded): the case is read again.
        const left = (id: number | null) => this.queued.filter((n) => n.caseId === id && !m.notes.some((x) => x.key === n.key));
        const reread = this.details !== undefined && left(this.openId).length > 0;
        this.queued = m.notes;
        if (this.details) this.renderNotes(this.details);
        if (reread) this.post({ type: 'openCase', id: this.details!.id });
        return;
      }
      case 'noteQueued':
        if (this.openId === m.id && this.details) {
          this.noteDraft = '';
          this.renderDetail();
        }
        return;
      case 'actionFailed':
        this.show(m.message);
        return;
      case 'caseCreated':
        this.form.hidden = true;
        this.reload();
        return;
    }
  }

  private show(message: string): void {
    clear(this.notice);
    const close = h('vscode-button', { secondary: true, 'aria-label': this.text.t('dismiss') }, icon('close'));
    close.addEventListener('click', () => (this.notice.hidden = true));
    this.notice.append(icon('warning'), h('span', {}, message), close);
    this.notice.hidden = false;
  }

  private renderFilters(): void {
    const { t } = this.text;
    clear(this.filters);
    const state = h(
      'select',
      { 'aria-label': t('stateFilter') },
      ...(['all', 'Arrived', 'Open', 'Closed'] as const).map((s) =>
        h('option', { value: s, selected: this.filter.state === s }, s === 'all' ? t('allStates') : stateLabel(this.text, s)),
      ),
    );
    state.addEventListener('change', () => {
      this.filter = { ...this.filter, state: state.value as CaseFilter['state'] };
      this.save(this.filter, this.openId);
      this.reload();
    });
    const pull = h('input', {
      type: 'number',
      min: 1,
      class: 'pull',
      placeholder: t('pullPlaceholder'),
      'aria-label': t('pullFilter'),
      value: this.filter.pull ?? '',
    });
    pull.addEventListener('change', () => {
      const n = Number(pull.value);
      this.filter = { ...this.filter, pull: pull.value && Number.isInteger(n) && n > 0 ? n : null };
      this.save(this.filter, this.openId);
      this.reload();
    });
    const search = h('input', { type: 'search', placeholder: t('textFilter'), 'aria-label': t('textFilter'), value: this.filter.text });
    search.addEventListener('input', () => {
      this.filter = { ...this.filter, text: search.value };
      this.save(this.filter, this.openId);
      this.renderList();
    });
    const create = h('vscode-button', {}, icon('add'), ` ${t('newCase')}`);
    create.addEventListener('click', () => this.openForm());
    create.hidden = this.unavailable !== undefined;
    this.newCase = create;
    this.filters.append(state, pull, search, create);
  }

  private openForm(): void {
    clear(this.form);
    this.form.append(
      createForm(
        this.text,
        { contacts: this.contacts, campaigns: this.campaigns, pull: this.filter.pull },
        (m) => this.post(m),
        () => (this.form.hidden = true),
      ),
    );
    this.form.hidden = false;
    this.form.querySelector<HTMLElement>('input, textarea')?.focus();
  }

  private renderList(): void {
    const { t } = this.text;
    clear(this.list);
    // A form already open stays (what was typed is kept); its Create says why it cannot be done.
    if (this.newCase) this.newCase.hidden = this.unavailable !== undefined;
    if (this.unavailable !== undefined) {
      this.list.append(h('div', { class: 'empty' }, h('p', {}, this.unavailable)));
      return;
    }
    if (this.signedOut) {
      const signIn = h('vscode-button', {}, icon('sign-in'), ` ${t('signIn')}`);
      signIn.addEventListener('click', () => this.post({ type: 'signIn' }));
      this.list.append(h('div', { class: 'empty' }, h('p', {}, t('signedOut')), signIn));
      return;
    }
    const shown = filterRows(this.rows, this.filter);
    if (this.loading && this.rows.length === 0) {
      this.list.append(h('div', { class: 'status' }, h('vscode-progress-ring', { class: 'ring' }), t('loadingCases')));
      return;
    }
    if (shown.length === 0) {
      this.list.append(
        h('div', { class: 'empty' }, h('p', {}, this.rows.length ? t('noMatchingCases') : t('noCases', repoTag(this.repo.owner, this.repo.name)))),
      );
    } else {
      const body = h('tbody', {}, ...shown.map((r) => this.row(r)));
      this.list.append(
        h(
          'table',
          { class: 'case-table' },
          h('caption', { class: 'visually-hidden' }, t('casesCaption', shown.length, this.text.count(this.total, 'case'))),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...[t('case'), t('state'), t('contact'), t('campaign'), t('updated'), t('sla'), t('handling')].map((c) => h('th', { scope: 'col' }, c)),
            ),
          ),
          body,
        ),
      );
    }
    const footer = h('div', { class: 'footer' }, h('span', { class: 'muted' }, t('shownOf', this.rows.length, this.text.count(this.total, 'case'))));
    if (this.rows.length < this.total) {
      const more = h('vscode-button', { secondary: true }, t('loadMore'));
      more.addEventListener('click', () =>
        this.post({ type: 'loadCases', filter: { state: this.filter.state, pull: this.filter.pull }, index: this.rows.length }),
      );
      footer.append(more);
    }
    this.list.append(footer);
  }

  private row(r: CaseRow): HTMLElement {
    const tr = h(
      'tr',
      { tabindex: 0, class: r.id === this.openId ? 'selected' : undefined, 'aria-selected': String(r.id === this.openId) },
      h(
        'td',
        {},
        h('div', { class: 'subject' }, r.subject || this.text.t('noSubject')),
        h('div', { class: 'muted' }, `#${r.id}`, ...r.pulls.map((p) => ` · ${this.text.t('pullRef', p)}`)),
      ),
      h('td', {}, badge(this.text, r.state)),
      h('td', {}, r.contact),
      h('td', {}, r.campaign),
      h('td', {}, when(this.text, r.updated)),
      h('td', {}, compactDuration(r.slaSeconds * 1000)),
      h('td', {}, compactDuration(r.handlingMs)),
    );
    const open = () => this.post({ type: 'openCase', id: r.id });
    tr.addEventListener('click', open);
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        open();
      }
    });
    return tr;
  }

  private renderDetail(): void {
    clear(this.detail);
    const d = this.details;
    if (!d) return;
    const { t } = this.text;
    const post = (m: WebviewToHost) => this.post(m);
    const actions = h('div', { class: 'actions' });
    const stateButton = (label: string, state: 'Open' | 'Closed') => {
      const b = h('vscode-button', { secondary: state === 'Closed' }, label);
      b.addEventListener('click', () => post({ type: 'setState', id: d.id, state }));
      actions.append(b);
    };
    if (d.state === 'Arrived') stateButton(t('openCase'), 'Open');
    if (d.state === 'Open') stateButton(t('closeCase'), 'Closed');
    if (d.state === 'Closed') stateButton(t('reopenCase'), 'Open');

    const ownTag = repoTag(this.repo.owner, this.repo.name);
    const tags = h(
      'ul',
      { class: 'tags', 'aria-label': t('tags') },
      ...d.tags.map((tag) => {
        const li = h('li', { class: 'chip' }, tag);
        if (tag !== ownTag) {
          const remove = h('button', { class: 'chip-remove', 'aria-label': t('removeTag', tag), title: t('removeTag', tag) }, icon('close'));
          remove.addEventListener('click', () => post({ type: 'changeTags', id: d.id, add: [], remove: [tag] }));
          li.append(remove);
        }
        return li;
      }),
    );
    const tagInput = h('input', { type: 'text', placeholder: t('addTagPlaceholder'), 'aria-label': t('addTag') });
    const addTag = h('vscode-button', { secondary: true }, t('addTag'));
    const submitTag = () => {
      const value = tagInput.value.trim();
      if (value) post({ type: 'changeTags', id: d.id, add: [value], remove: [] });
    };
    addTag.addEventListener('click', submitTag);
    tagInput.addEventListener('keydown', (e) => e.key === 'Enter' && submitTag());
    const pullInput = h('input', { type: 'number', min: 1, class: 'pull', placeholder: t('pullPlaceholder'), 'aria-label': t('linkPull') });
    const link = h('vscode-button', { secondary: true }, icon('git-pull-request'), ` ${t('linkPull')}`);
    link.addEventListener('click', () => {
      const n = Number(pullInput.value);
      if (Number.isInteger(n) && n > 0) post({ type: 'changeTags', id: d.id, add: [`pr:${n}`], remove: [] });
    });

    const note = h('textarea', { rows: 3, placeholder: t('notePlaceholder'), 'aria-label': t('addNote') });
    note.value = this.noteDraft;
    // Kept by the host as typed (each key: a reload may come at any moment), so a reload or a redraw finds it.
    note.addEventListener('input', () => {
      this.noteDraft = note.value;
      post({ type: 'noteDraft', id: d.id, text: note.value });
    });
    const addNote = h('vscode-button', {}, t('addNote'));
    addNote.addEventListener('click', () => {
      if (!note.value.trim()) return;
      // The host drops the draft once the note is added, and keeps it if that fails.
      post({ type: 'addNote', id: d.id, text: note.value });
    });

    const dates: Array<[string, DateStamp | null]> = [
      [t('created'), d.created],
      [t('inbox'), d.history.inbox],
      [t('firstOpened'), d.history.firstOpen],
      [t('lastOpened'), d.history.lastOpen],
      [t('unansweredSince'), d.history.unansweredSince],
      [t('updated'), d.updated],
    ];
    this.renderNotes(d);
    this.detail.append(
      h('h2', {}, `#${d.id} `, d.subject || t('noSubject')),
      h('div', { class: 'meta' }, badge(this.text, d.state), ` ${d.campaign} · ${d.source}`, d.history.reopened ? ` · ${t('reopened')}` : ''),
      actions,
      h('h3', {}, t('contact')),
      h('p', {}, h('strong', {}, d.contact)),
      h('ul', { class: 'profiles' }, ...d.profiles.map((p) => h('li', {}, icon(profileIcon(p.source)), ` ${p.source}: `, p.userName ?? p.extId))),
      h('h3', {}, t('history')),
      h('dl', { class: 'dates' }, ...dates.filter(([, v]) => v).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, when(this.text, v))])),
      h(
        'p',
        { class: 'muted' },
        t('messagesLine', this.text.count(d.messages.received, 'message'), d.messages.sent),
        ' · ',
        t('slaLine', compactDuration(d.slaSeconds * 1000), compactDuration(d.handlingMs)),
      ),
      h('h3', {}, t('tags')),
      tags,
      h('div', { class: 'row' }, tagInput, addTag),
      h('div', { class: 'row' }, pullInput, link),
      h('h3', {}, t('notes')),
      this.notesBox,
      note,
      h('div', { class: 'row' }, addNote),
    );
  }

  /** The case's notes, then its queued ones: marked, with the service's words when it refused one, and Copy and Discard. */
  private renderNotes(d: CaseDetails): void {
    const { t } = this.text;
    clear(this.notesBox);
    const queued = this.queued.filter((n) => n.caseId === d.id);
    if (d.notes.length + queued.length === 0) {
      this.notesBox.append(h('p', { class: 'muted' }, t('noNotes')));
      return;
    }
    const button = (label: string, key: string, action: 'copy' | 'discard') => {
      const b = h('vscode-button', { secondary: true }, label);
      b.addEventListener('click', () => this.post({ type: 'queuedNote', key, action }));
      return b;
    };
    this.notesBox.append(
      h(
        'ol',
        { class: 'notes' },
        ...d.notes.map((n) =>
          h(
            'li',
            {},
            h('div', { class: 'muted' }, n.userName, ' · ', when(this.text, { iso: n.date, text: n.date })),
            h('div', { class: 'note-text' }, n.text),
          ),
        ),
        ...queued.map((n) =>
          h(
            'li',
            { class: n.error === undefined ? 'queued' : 'queued refused' },
            h(
              'div',
              { class: 'muted' },
              icon(n.error === undefined ? 'cloud-upload' : 'warning'),
              ' ',
              n.error === undefined ? t('queuedNote') : t('queuedNoteRefused', n.error),
            ),
            h('div', { class: 'note-text' }, n.text),
            h('div', { class: 'row' }, button(t('copyNote'), n.key, 'copy'), button(t('discardNote'), n.key, 'discard')),
          ),
        ),
      ),
    );
  }
}

function profileIcon(source: string): string {
  return source === 'email' ? 'mail' : source === 'twitter' || source === 'facebook' ? 'comment-discussion' : 'account';
}

function stateLabel(text: Text, s: CaseStateName): string {
  return text.t(s === 'Arrived' ? 'stateArrived' : s === 'Open' ? 'stateOpen' : 'stateClosed');
}

function badge(text: Text, s: CaseStateName): HTMLElement {
  return h('span', { class: `badge state-${s.toLowerCase()}` }, stateLabel(text, s));
}

/** A date shown relative, with the exact time (and the service's own text) on hover. */
function when(text: Text, d: DateStamp | null): HTMLElement | string {
  if (!d) return '—';
  return h('time', { datetime: d.iso, title: `${text.exact(d.iso)} (${d.text})` }, text.relative(d.iso));
}
