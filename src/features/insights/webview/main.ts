// The Insights webview: a header with the repository and its open cases, and
// two tabs, Statistics and Cases. It asks the host for everything (it holds
// no token) and keeps its tab, filters, chart options and scroll position in
// the webview state, so a hidden or reloaded panel comes back as it was.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import { NO_FILTER, type CaseFilter } from '../model/caseRows';
import { hostToWebview, TABS, webviewToHost, type HostToWebview, type InsightsTab, type WebviewToHost } from '../model/messages';
import { openChannel } from '../../shared/webview/channel';
import { clear, h, icon } from '../../shared/webview/dom';
import { CasesTab } from './casesTab';
import { StatsTab, type StatsViewState } from './statsTab';
import { makeText, type Text } from './text';
import { onThemeChange } from './theme';
import './insights.css';

interface SavedState {
  tab: InsightsTab;
  filter: CaseFilter;
  openCase: number | null;
  stats: StatsViewState;
  scroll: Partial<Record<InsightsTab, number>>;
}

const channel = openChannel<HostToWebview, WebviewToHost, SavedState>(hostToWebview, webviewToHost);
const app = document.getElementById('app')!;
let ui: { text: Text; stats: StatsTab; cases: CasesTab; tabs: HTMLElement; counts: HTMLElement } | undefined;

function currentTab(): InsightsTab {
  return channel.state().tab ?? 'statistics';
}

function selectTab(tab: InsightsTab): void {
  if (!ui) return;
  ui.tabs.setAttribute('selected-index', String(TABS.indexOf(tab)));
  (ui.tabs as HTMLElement & { selectedIndex: number }).selectedIndex = TABS.indexOf(tab);
  channel.saveState({ tab });
  requestAnimationFrame(() => window.scrollTo(0, channel.state().scroll?.[tab] ?? 0));
}

function start(m: Extract<HostToWebview, { type: 'init' }>): void {
  const text = makeText(m.strings, m.locale);
  const { t } = text;
  const saved = channel.state();
  if (m.focus) channel.saveState({ tab: m.focus.tab, filter: { ...(saved.filter ?? NO_FILTER), pull: m.focus.pull } });
  const state = channel.state();
  clear(app);
  const counts = h('span', { class: 'counts', 'aria-live': 'polite' });
  const header = h('header', { class: 'top' }, h('h1', {}, icon('repo'), ` ${m.repo.owner}/${m.repo.name}`), counts);
  const stats = new StatsTab(
    text,
    state.stats ?? { tables: [], options: { everyone: false, allWeeks: false, week: null } },
    (v) => channel.saveState({ stats: v }),
    () => {
      stats.reset();
      channel.post({ type: 'retryStats' });
    },
    () => channel.post({ type: 'statsDrawn' }),
  );
  const cases = new CasesTab(
    text,
    m.repo,
    state.filter ?? NO_FILTER,
    state.openCase ?? null,
    (msg) => channel.post(msg),
    (filter, openCase) => channel.saveState({ filter, openCase }),
    (c) => {
      counts.textContent = c ? t('openCounts', c.Open, c.Arrived) : '';
    },
  );
  const tabs = h(
    'vscode-tabs',
    { 'selected-index': TABS.indexOf(state.tab ?? 'statistics') },
    h('vscode-tab-header', { slot: 'header' }, icon('graph'), ` ${t('statisticsTab')}`),
    h('vscode-tab-panel', {}, stats.element),
    h('vscode-tab-header', { slot: 'header' }, icon('issues'), ` ${t('casesTab')}`),
    h('vscode-tab-panel', {}, cases.element),
  );
  tabs.addEventListener('vsc-tabs-select', (e) => {
    const index = (e as CustomEvent<{ selectedIndex: number }>).detail.selectedIndex;
    const tab = TABS[index];
    if (tab && tab !== currentTab()) selectTab(tab);
  });
  app.append(header, tabs);
  app.setAttribute('aria-busy', 'false');
  ui = { text, stats, cases, tabs, counts };
  cases.reload();
  selectTab(state.tab ?? 'statistics');
}

channel.onMessage((m) => {
  if (m.type === 'init') {
    performance.mark('repodesk:init');
    start(m);
    performance.mark('repodesk:started');
    return;
  }
  if (!ui) return;
  if (m.type === 'focus') {
    selectTab(m.tab);
    if (m.tab === 'cases') ui.cases.focusPull(m.pull);
    return;
  }
  ui.stats.handle(m);
  ui.cases.handle(m);
});

let scrollTimer: ReturnType<typeof setTimeout> | undefined;
window.addEventListener('scroll', () => {
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => channel.saveState({ scroll: { ...channel.state().scroll, [currentTab()]: window.scrollY } }), 150);
});
onThemeChange(() => ui?.stats.renderAll());
channel.post({ type: 'ready' });
// For the benchmarks: the page's script has run (performance marks are read from the frame).
performance.mark('repodesk:evaluated');
