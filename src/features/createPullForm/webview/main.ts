// The Create Pull Request form: base and head, how far apart they are, the
// title and description (suggested from the commits between them until the
// user writes their own, with the workspace's template), a Write / Preview
// toggle, the labels, and Create. It asks the host for everything (it holds
// no token) and keeps what was typed in the webview state, so a hidden or
// reloaded form comes back as it was. The service's refusal is shown here,
// the text kept, and kept with it.
import { hostToWebview, webviewToHost, type FormLabel, type FormTemplate, type HostToWebview, type WebviewToHost } from '../model/messages';
import { fill, type StringKey } from '../model/strings';
import { readiness, swapTemplate, withTemplate, type Readiness } from '../../../reviewing/newPull';
import { openChannel } from '../../shared/webview/channel';
import { clear, h } from '../../shared/webview/dom';
import { markdownBlock } from '../../shared/webview/markdownView';
import './createPullForm.css';

interface SavedState {
  base: string;
  head: string;
  title: string;
  body: string;
  /** The user wrote the title or description: suggestions no longer replace it. */
  titleEdited: boolean;
  bodyEdited: boolean;
  labels: string[];
  /** The template chosen ('' for none). */
  template: string;
  mode: 'write' | 'preview';
  /** The service's last refusal, in its words, until the branches change or Create is pressed again. */
  refusal: string;
}

interface Offer {
  repository: string;
  branches: string[];
  labels: FormLabel[];
  templates: FormTemplate[];
}

type Compared = Extract<HostToWebview, { type: 'compared' }>;

const channel = openChannel<HostToWebview, WebviewToHost, SavedState>(hostToWebview, webviewToHost);
const app = document.getElementById('app')!;
const send = (m: WebviewToHost) => channel.post(m);
let strings: Record<string, string> = {};
const t = (key: StringKey, ...args: ReadonlyArray<string | number>) => fill(strings[key] ?? key, ...args);
let offer: Offer | undefined;
let compared: Compared | undefined;
let sending = false;
let previewRequest = 0;
let previewHtml: string | undefined;

const state = (): SavedState => {
  const s = channel.state();
  return {
    base: s.base ?? '',
    head: s.head ?? '',
    title: s.title ?? '',
    body: s.body ?? '',
    titleEdited: s.titleEdited ?? false,
    bodyEdited: s.bodyEdited ?? false,
    labels: s.labels ?? [],
    template: s.template ?? '',
    mode: s.mode ?? 'write',
    refusal: s.refusal ?? '',
  };
};
const save = (patch: Partial<SavedState>) => channel.saveState(patch);

const templateOf = (path: string) => offer?.templates.find((tp) => tp.path === path);
const comparedNow = () => {
  const s = state();
  return compared && compared.base === s.base && compared.head === s.head ? compared : undefined;
};

function aheadOf(): number | 'counting' | 'unknown' {
  const c = comparedNow();
  if (!c) return 'counting';
  return c.ahead ?? 'unknown';
}

function compare(): void {
  const s = state();
  if (s.head && s.base && s.head !== s.base && !comparedNow()) send({ type: 'compare', base: s.base, head: s.head });
}

/** The suggestion (and the template) in the title and description the user has not written. */
function suggest(): void {
  const c = comparedNow();
  const s = state();
  const patch: Partial<SavedState> = {};
  if (c && !c.error && !s.titleEdited) patch.title = c.title;
  if (!s.bodyEdited) patch.body = withTemplate(c && !c.error ? c.body : '', templateOf(s.template)?.text);
  save(patch);
}

function status(text: string, role: 'status' | 'alert' = 'status'): void {
  clear(app);
  app.append(h('div', { class: 'status', role }, text));
  app.setAttribute('aria-busy', 'false');
}

function compareLine(s: SavedState, ready: Readiness): HTMLElement {
  const c = comparedNow();
  const line = h('p', { class: 'compare', id: 'compare', role: 'status', 'aria-live': 'polite' });
  if (!s.head) line.textContent = t('noHead');
  else if (ready === 'sameBranches') line.textContent = t('sameBranches');
  else if (!c) line.textContent = t('counting');
  else if (c.error) {
    line.textContent = t('compareFailed', c.error);
    line.classList.add('error');
  } else if (c.ahead === 0) {
    line.textContent = t('nothingToMerge', s.head, s.base);
    line.classList.add('warning');
  } else if (c.ahead === null || c.behind === null) line.textContent = t('tooFarToCount');
  else line.textContent = t('aheadBehind', s.head, s.base, c.ahead, c.behind);
  return line;
}

function branchSelect(id: string, value: string, branches: readonly string[], empty: string | undefined, onChange: (v: string) => void): HTMLSelectElement {
  const select = h('select', { id });
  if (empty !== undefined) select.append(h('option', { value: '' }, empty));
  for (const b of branches) select.append(h('option', { value: b }, b));
  select.value = branches.includes(value) ? value : '';
  select.addEventListener('change', () => onChange(select.value));
  return select;
}

function render(): void {
  if (!offer) return;
  const s = state();
  const ready = readiness({ head: s.head, base: s.base, title: s.title, ahead: aheadOf() });
  const focused = document.activeElement?.id;
  const selection =
    document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement
      ? [document.activeElement.selectionStart, document.activeElement.selectionEnd]
      : undefined;
  clear(app);
  app.setAttribute('aria-busy', 'false');

  const base = branchSelect('base', s.base, offer.branches, undefined, (v) => {
    save({ base: v, refusal: '' });
    suggest();
    compare();
    render();
  });
  const head = branchSelect('head', s.head, offer.branches, t('chooseHead'), (v) => {
    save({ head: v, refusal: '' });
    suggest();
    compare();
    render();
  });

  const title = h('input', { id: 'title', type: 'text', value: s.title, autocomplete: 'off', spellcheck: 'true' });
  title.value = s.title;
  title.addEventListener('input', () => {
    save({ title: title.value, titleEdited: true });
    updateCreate();
  });

  const writeTab = h(
    'button',
    { type: 'button', role: 'tab', id: 'tab-write', 'aria-selected': String(s.mode === 'write'), 'aria-controls': 'body-panel' },
    t('write'),
  );
  const previewTab = h(
    'button',
    { type: 'button', role: 'tab', id: 'tab-preview', 'aria-selected': String(s.mode === 'preview'), 'aria-controls': 'body-panel' },
    t('preview'),
  );
  const setMode = (mode: SavedState['mode']) => {
    save({ mode });
    if (mode === 'preview') requestPreview();
    render();
    document.getElementById(mode === 'write' ? 'tab-write' : 'tab-preview')?.focus();
  };
  writeTab.addEventListener('click', () => setMode('write'));
  previewTab.addEventListener('click', () => setMode('preview'));
  const tabs = h('div', { class: 'tabs', role: 'tablist', 'aria-label': t('description') }, writeTab, previewTab);
  tabs.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') setMode(state().mode === 'write' ? 'preview' : 'write');
  });

  const bodyPanel = h('div', { id: 'body-panel', role: 'tabpanel', 'aria-labelledby': s.mode === 'write' ? 'tab-write' : 'tab-preview' });
  if (s.mode === 'write') {
    const body = h('textarea', { id: 'body', rows: 14, 'aria-labelledby': 'body-label' });
    body.value = s.body;
    body.addEventListener('input', () => save({ body: body.value, bodyEdited: true }));
    bodyPanel.append(body);
  } else {
    bodyPanel.append(previewHtml === undefined ? h('p', { class: 'muted' }, '…') : markdownBlock(previewHtml, t('noPreview')));
  }

  const templates = offer.templates.length
    ? (() => {
        const select = h('select', { id: 'template' });
        select.append(h('option', { value: '' }, t('noTemplate')));
        for (const tp of offer.templates) select.append(h('option', { value: tp.path }, tp.path));
        select.value = templateOf(s.template) ? s.template : '';
        // Another template: in place of the earlier one, what the user wrote kept.
        select.addEventListener('change', () => {
          const now = state();
          if (now.bodyEdited) save({ body: swapTemplate(now.body, templateOf(now.template)?.text, templateOf(select.value)?.text) });
          save({ template: select.value });
          suggest();
          if (state().mode === 'preview') requestPreview();
          render();
        });
        return h('div', { class: 'field inline' }, h('label', { for: 'template' }, t('template')), select);
      })()
    : null;
  const cut = templateOf(s.template)?.cut;
  const cutNote = cut ? h('p', { class: 'warning', role: 'note' }, t(cut === 'tooLarge' ? 'templateTooLarge' : 'templateNotUtf8', s.template)) : null;

  const labels = offer.labels.length
    ? h(
        'div',
        { class: 'labels' },
        ...offer.labels.map((l, i) => {
          const box = h('input', { type: 'checkbox', id: `label-${i}`, value: l.name, checked: s.labels.includes(l.name) });
          box.addEventListener('change', () => {
            const now = state().labels.filter((n) => n !== l.name);
            save({ labels: box.checked ? [...now, l.name] : now });
          });
          return h('label', { for: `label-${i}`, class: 'label' }, box, h('span', { class: 'swatch', 'data-color': l.color }), l.name);
        }),
      )
    : h('p', { class: 'muted' }, t('noLabels'));
  // Colours through CSSOM (no inline style attribute under the page's policy).
  for (const sw of labels.querySelectorAll<HTMLElement>('.swatch')) {
    const color = sw.dataset.color ?? '';
    if (/^[0-9a-f]{6}$/i.test(color)) sw.style.backgroundColor = `#${color}`;
  }

  const create = h('button', { type: 'button', id: 'create', class: 'primary' }, sending ? t('creating') : t('create'));
  create.addEventListener('click', () => {
    const now = state();
    if (sending || readiness({ head: now.head, base: now.base, title: now.title, ahead: aheadOf() }) !== 'ready') return;
    sending = true;
    save({ refusal: '' });
    send({ type: 'create', base: now.base, head: now.head, title: now.title.trim(), body: now.body, labels: now.labels });
    render();
  });
  const why = h('span', { id: 'why', class: 'muted' });
  const refused = h('div', { id: 'refusal', class: 'error', role: 'alert' }, state().refusal);

  app.append(
    h('h1', {}, t('heading', offer.repository)),
    h(
      'div',
      { class: 'branches' },
      h('div', { class: 'field' }, h('label', { for: 'base' }, t('base')), base),
      h('span', { class: 'arrow', 'aria-hidden': 'true' }, '←'),
      h('div', { class: 'field' }, h('label', { for: 'head' }, t('head')), head),
    ),
    compareLine(s, ready),
    h('div', { class: 'field' }, h('label', { for: 'title' }, t('title')), title),
    h('div', { class: 'field' }, h('span', { id: 'body-label', class: 'field-label' }, t('description')), templates, cutNote, tabs, bodyPanel),
    h('fieldset', { class: 'field' }, h('legend', {}, t('labels')), labels),
    refused,
    h('div', { class: 'actions' }, create, why),
  );
  updateCreate();
  if (focused) {
    const el = document.getElementById(focused);
    el?.focus();
    if (selection && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) el.setSelectionRange(selection[0] ?? null, selection[1] ?? null);
  }
}

/** Create enabled only when the form may be sent; the reason beside it when not. */
function updateCreate(): void {
  const create = document.getElementById('create') as HTMLButtonElement | null;
  const why = document.getElementById('why');
  if (!create || !why) return;
  const s = state();
  const ready = readiness({ head: s.head, base: s.base, title: s.title, ahead: aheadOf() });
  create.disabled = sending || ready !== 'ready';
  why.textContent = sending ? '' : ready === 'ready' ? '' : ready === 'nothingToMerge' ? t('nothingToMerge', s.head, s.base) : t(ready);
}

function requestPreview(): void {
  previewHtml = undefined;
  send({ type: 'preview', request: ++previewRequest, text: state().body });
}

channel.onMessage((m) => {
  switch (m.type) {
    case 'init':
      strings = m.strings;
      if (!offer) status(t('loading'));
      return;
    case 'repository': {
      offer = { repository: m.repository, branches: m.branches, labels: m.labels, templates: m.templates };
      const s = state();
      const fresh = !s.base;
      const patch: Partial<SavedState> = {};
      if (fresh || !m.branches.includes(s.base)) patch.base = m.base;
      if (m.given || fresh) patch.head = m.head ?? '';
      // The first template, as a new form's description starts with it.
      if (fresh && m.templates[0]) patch.template = m.templates[0].path;
      save(patch);
      if (fresh || m.given) suggest();
      compare();
      if (state().mode === 'preview') requestPreview();
      render();
      return;
    }
    case 'loadFailed':
      if (!offer) status(t('loadFailed', m.message), 'alert');
      return;
    case 'compared': {
      const s = state();
      if (m.base !== s.base || m.head !== s.head) return;
      compared = m;
      suggest();
      render();
      return;
    }
    case 'previewed':
      if (m.request !== previewRequest) return;
      previewHtml = m.html;
      if (state().mode === 'preview') render();
      return;
    case 'refused':
      sending = false;
      save({ refusal: m.message });
      render();
      return;
  }
});
send({ type: 'ready' });
