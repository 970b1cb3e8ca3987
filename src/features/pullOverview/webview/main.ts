// A pull request's overview page: the header (state, author, branches,
// dates, actions, labels, counts, mergeability) and three tabs,
// Conversation, Commits and Files changed. It asks the host for everything
// (it holds no token) and keeps its tab, scroll position and the text being
// written in the webview state, so a hidden or reloaded page comes back as it was.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import type { HostToWebview, PageModel, WebviewToHost } from '../model/messages';
import { openChannel } from '../../shared/webview/channel';
import { clear, h, icon } from '../../shared/webview/dom';
import { drawingOf, goOnTyping, sendDrawing, typedInto } from '../../shared/webview/drawnPage';
import { Conversation, type Drafts } from './conversation';
import { renderHeader } from './header';
import { renderCommits, renderFiles } from './lists';
import { makeText, type Text } from './text';
import './pullOverview.css';

const TABS = ['conversation', 'commits', 'files'] as const;
type Tab = (typeof TABS)[number];

interface SavedState extends Drafts {
  tab: Tab;
  scroll: number;
}

// Marks of the page's opening (performance.mark), read by the overview benchmark.
performance.mark('repodesk:evaluated');
// Unchecked here (see channel.ts): the host checks what the page sends.
const channel = openChannel<HostToWebview, WebviewToHost, SavedState>();
const app = document.getElementById('app')!;
const send = (m: WebviewToHost) => channel.post(m);
let text: Text | undefined;
let conversation: Conversation | undefined;
let model: PageModel | undefined;
let restoredScroll = false;
// The whole page drawn (its conversation read and drawn): the host keeps a copy for the next page's first paint.
const drawn = sendDrawing(
  () => drawingOf(app),
  (html) => send({ type: 'drawing', html }),
);

/** Shows `node` in place of the page, under the heading the host wrote into the HTML (webviewHtml.ts) if there is one. */
function showUnderHeading(node: Node): void {
  const early = app.querySelector(':scope > .early');
  clear(app);
  if (early) app.append(early);
  app.append(node);
}

function status(content: Node): void {
  showUnderHeading(h('div', { class: 'status', role: 'status' }, content));
}

/** The comment box at the end of the conversation, in the page or in the drawing shown before the script drew. */
const commentBox = () => app.querySelector<HTMLTextAreaElement>('.composer textarea');

function render(m: PageModel): void {
  if (!text) return;
  const { t } = text;
  const state = channel.state();
  const tab = state.tab ?? 'conversation';
  // The reader's place in the comment box, drawn again below. At the first render the box is the drawing's (the page
  // as last drawn, shown before this script ran), and what was typed into it goes on in the page's own.
  const typing = typedInto(commentBox(), document.activeElement);
  if (!conversation && typing?.text) channel.saveState({ draft: typing.text });
  conversation ??= new Conversation(text, { draft: channel.state().draft ?? '', editing: state.editing ?? null }, send, (d) => channel.saveState(d));
  const conversationDrawn = conversation.render(m);
  const scrollY = restoredScroll ? window.scrollY : (channel.state().scroll ?? 0);
  const tabHeader = (label: string, codicon: string, n?: number) =>
    h('vscode-tab-header', { slot: 'header' }, icon(codicon), ` ${label}`, n === undefined ? null : h('span', { class: 'tab-count' }, text!.num(n)));
  const tabs = h(
    'vscode-tabs',
    { 'selected-index': TABS.indexOf(tab) },
    // The pull request's own count of comments: a long conversation shows some of them.
    tabHeader(t('conversationTab'), 'comment-discussion', m.counts.comments),
    h('vscode-tab-panel', {}, conversation.element),
    // The pull request's own counts: the tabs read a page at a time.
    tabHeader(t('commitsTab'), 'git-commit', m.counts.commits),
    h('vscode-tab-panel', {}, renderCommits(m, text, send)),
    tabHeader(t('filesTab'), 'files', m.counts.changedFiles),
    h('vscode-tab-panel', {}, renderFiles(m, text, send)),
  );
  tabs.addEventListener('vsc-tabs-select', (e) => {
    const next = TABS[(e as CustomEvent<{ selectedIndex: number }>).detail.selectedIndex];
    if (next) channel.saveState({ tab: next });
  });
  clear(app);
  app.append(
    renderHeader(
      m,
      text,
      (action) => send({ type: 'action', action }),
      () => send({ type: 'refresh' }),
      (action) => send({ type: 'review', action }),
      localFiles,
    ),
    tabs,
  );
  goOnTyping(commentBox(), typing);
  app.setAttribute('aria-busy', 'false');
  let scrolledTo: number | undefined;
  requestAnimationFrame(() => {
    window.scrollTo(0, scrollY);
    scrolledTo = window.scrollY;
  });
  // A long conversation drawn in slices may have been too short to reach the place: once all of it is
  // there, go on to it, unless the reader scrolled meanwhile.
  void conversationDrawn.then((all) => {
    if (all && scrolledTo !== undefined && scrolledTo < scrollY && window.scrollY === scrolledTo) window.scrollTo(0, scrollY);
    if (all && !m.conversation.loading) drawn();
  });
  restoredScroll = true;
}

/** Whether Checkout is offered: not in the browser build, which has no local git (the host says so in `init`). */
let localFiles = true;

channel.onMessage((m) => {
  switch (m.type) {
    case 'init':
      text = makeText(m.strings, m.locale);
      localFiles = m.localFiles;
      document.documentElement.lang = m.locale;
      return;
    case 'loading':
      if (text && !model) status(h('span', {}, h('vscode-progress-ring', { class: 'ring' }), ` ${text.t('loading')}`));
      return;
    case 'model':
      model = m.model;
      performance.mark('repodesk:model');
      render(m.model);
      performance.mark('repodesk:drawn');
      return;
    case 'failed': {
      if (!text) return;
      const retry = h('vscode-button', { icon: 'refresh' }, text.t('retry'));
      retry.addEventListener('click', () => send({ type: 'refresh' }));
      const notice = h('div', { class: 'notice', role: 'alert' }, icon('error'), h('span', {}, text.t('failed', m.message)), retry);
      if (model) {
        app.querySelector('.notice')?.remove();
        app.prepend(notice);
      } else {
        showUnderHeading(notice);
        app.setAttribute('aria-busy', 'false');
      }
      return;
    }
    case 'commentDone':
      return conversation?.done(m.request, m.ok, m.message);
  }
});

let scrollTimer: ReturnType<typeof setTimeout> | undefined;
window.addEventListener('scroll', () => {
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => channel.saveState({ scroll: window.scrollY }), 150);
});
send({ type: 'ready' });
performance.mark('repodesk:ready');
