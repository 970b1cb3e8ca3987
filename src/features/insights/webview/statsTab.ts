// The Statistics tab: one card per chart. A card shows "computing…" with the
// try it is on while the service answers 202, the chart as soon as its data
// arrives, why it could not be drawn (with a retry), or that there is nothing
// to draw. Every chart has its summary sentence and a table view.
import { Chart } from 'chart.js';
import { CHARTS, type ChartData, type ChartName, type HostToWebview } from '../model/messages';
import { isEmpty } from '../model/statsSeries';
import type { StringKey } from '../model/strings';
import { clear, h, icon } from '../../shared/webview/dom';
import { chartConfig, chartLegend, chartSummary, chartTable, contributorsShown, type ChartOptions } from './charts';
import type { Text } from './text';
import { readTheme } from './theme';

const TITLES: Record<ChartName, StringKey> = {
  contributors: 'contributorsTitle',
  commitActivity: 'activityTitle',
  codeFrequency: 'frequencyTitle',
  participation: 'participationTitle',
  punchCard: 'punchTitle',
};

type CardState =
  { kind: 'waiting' } | { kind: 'pending'; attempt: number; maxAttempts: number } | { kind: 'data'; data: ChartData } | { kind: 'error'; message: string };

export interface StatsViewState {
  tables: ChartName[];
  options: ChartOptions;
}

export class StatsTab {
  readonly element = h('div', { class: 'stats' });
  private readonly banner = h('div', { class: 'banner', role: 'status', 'aria-live': 'polite' });
  private readonly cards = new Map<ChartName, { root: HTMLElement; body: HTMLElement; summary: HTMLElement; tools: HTMLElement; chart?: Chart }>();
  private readonly states = new Map<ChartName, CardState>();

  constructor(
    private readonly text: Text,
    private view: StatsViewState,
    private readonly onViewChange: (v: StatsViewState) => void,
    private readonly retry: () => void,
    /** Told once every card shows its chart, table, error or emptiness (again after a retry). */
    private readonly onSettled: () => void = () => undefined,
  ) {
    const grid = h('div', { class: 'cards' });
    for (const chart of CHARTS) {
      const tools = h('div', { class: 'tools' });
      const summary = h('p', { class: 'summary' });
      const body = h('div', { class: 'card-body' });
      const title = h('h2', { id: `title-${chart}` }, text.t(TITLES[chart]));
      const root = h('section', { class: `card card-${chart}`, 'aria-labelledby': `title-${chart}` }, h('header', {}, title, tools), summary, body);
      grid.append(root);
      this.cards.set(chart, { root, body, summary, tools });
      this.states.set(chart, { kind: 'waiting' });
    }
    this.element.append(this.banner, grid);
    this.renderAll();
  }

  handle(m: HostToWebview): void {
    if (m.type === 'statsPending') this.states.set(m.chart, { kind: 'pending', attempt: m.attempt, maxAttempts: m.maxAttempts });
    else if (m.type === 'chart') this.states.set(m.data.chart, { kind: 'data', data: m.data });
    else if (m.type === 'chartError') this.states.set(m.chart, { kind: 'error', message: m.message });
    else return;
    this.render(m.type === 'chart' ? m.data.chart : m.chart);
    this.renderBanner();
    if ([...this.states.values()].every((s) => s.kind === 'data' || s.kind === 'error')) this.onSettled();
  }

  /** Starts over (a retry): every card waits again. */
  reset(): void {
    for (const chart of CHARTS) this.states.set(chart, { kind: 'waiting' });
    this.renderAll();
  }

  renderAll(): void {
    for (const chart of CHARTS) this.render(chart);
    this.renderBanner();
  }

  private renderBanner(): void {
    const states = [...this.states.values()];
    clear(this.banner);
    const pending = states.filter((s) => s.kind === 'pending').length;
    const dataStates = states.filter((s): s is Extract<CardState, { kind: 'data' }> => s.kind === 'data');
    if (pending > 0) {
      this.banner.append(h('vscode-progress-ring', { class: 'ring' }), h('span', {}, this.text.t('computingStatistics')));
    } else if (dataStates.length === CHARTS.length && dataStates.every((s) => emptyData(s.data))) {
      this.banner.append(icon('info'), h('span', {}, this.text.t('emptyRepository')));
    }
    this.banner.hidden = this.banner.childNodes.length === 0;
  }

  private render(chart: ChartName): void {
    const card = this.cards.get(chart)!;
    const state = this.states.get(chart)!;
    card.chart?.destroy();
    card.chart = undefined;
    clear(card.body);
    clear(card.tools);
    clear(card.summary);
    card.root.setAttribute('aria-busy', String(state.kind === 'waiting' || state.kind === 'pending'));
    const { t } = this.text;
    if (state.kind === 'waiting') {
      card.body.append(h('div', { class: 'status' }, h('vscode-progress-ring', { class: 'ring' }), t('loading')));
      return;
    }
    if (state.kind === 'pending') {
      card.body.append(h('div', { class: 'status' }, h('vscode-progress-ring', { class: 'ring' }), t('computingTry', state.attempt + 1, state.maxAttempts)));
      return;
    }
    if (state.kind === 'error') {
      const button = h('vscode-button', { secondary: true }, t('retry'));
      button.addEventListener('click', () => this.retry());
      card.body.append(h('div', { class: 'status error', role: 'alert' }, icon('warning'), h('span', {}, t('chartFailed', state.message)), button));
      return;
    }
    const data = state.data;
    if (emptyData(data)) {
      card.body.append(h('div', { class: 'status' }, icon('graph'), t('noData')));
      return;
    }
    this.renderTools(chart, data, card.tools);
    card.summary.textContent = chartSummary(data, this.view.options, this.text);
    if (this.view.tables.includes(chart)) {
      card.body.append(h('div', { class: 'table-wrap', tabindex: 0 }, chartTable(data, this.view.options, this.text, t(TITLES[chart]))));
    } else {
      const canvas = h('canvas', { role: 'img', 'aria-label': card.summary.textContent });
      const legend = chartLegend(data, this.text);
      if (legend) card.body.append(legend);
      card.body.append(h('div', { class: `canvas-wrap canvas-${chart}` }, canvas));
      const config = chartConfig(data, this.view.options, readTheme(), this.text);
      if (chart === 'commitActivity' && this.view.options.week === null) {
        config.options = { ...config.options, onClick: (_e, elements) => elements[0] && this.setOptions({ week: elements[0].index }) };
      }
      // The labels Chart.js put on the axes, on the canvas (a picture to the page): the UI tests read them there.
      const axisTicks = {
        id: 'repodeskAxisTicks',
        afterUpdate: (c: Chart) => {
          for (const [id, scale] of Object.entries(c.scales))
            canvas.setAttribute(
              `data-${id}-ticks`,
              scale.ticks
                .map((tick) => String(tick.label ?? ''))
                .filter(Boolean)
                .join('|'),
            );
        },
      };
      card.chart = new Chart(canvas, { ...config, plugins: [...(config.plugins ?? []), axisTicks] });
      // For the benchmarks: when each chart was drawn (read from the frame's performance marks).
      performance.mark(`repodesk:chart:${chart}`);
    }
    if (chart === 'contributors') card.body.append(this.contributorTotals(data));
  }

  /** Each shown contributor's totals in the range: commits, additions, deletions. */
  private contributorTotals(data: ChartData): HTMLElement {
    if (data.chart !== 'contributors') return h('div');
    const v = contributorsShown(data, this.view.options);
    const theme = readTheme();
    const list = h(
      'ul',
      { class: 'totals', 'aria-label': this.text.t('contributorTotals') },
      ...v.contributors.map((c, i) => {
        const swatch = h('span', { class: `swatch swatch-${i % theme.palette.length}`, 'aria-hidden': 'true' });
        return h(
          'li',
          {},
          swatch,
          h('strong', {}, c.login),
          ' ',
          this.text.t('contributorLine', this.text.count(c.totalCommits, 'commit'), c.totalAdditions, c.totalDeletions),
        );
      }),
    );
    if (v.hidden > 0) list.append(h('li', { class: 'muted' }, this.text.t('moreContributors', v.hidden)));
    return list;
  }

  private renderTools(chart: ChartName, data: ChartData, tools: HTMLElement): void {
    const { t } = this.text;
    const o = this.view.options;
    const toggle = (label: string, pressed: boolean, onClick: () => void) => {
      const b = h('vscode-button', { secondary: true, 'aria-pressed': String(pressed) }, label);
      b.addEventListener('click', onClick);
      tools.append(b);
    };
    if (chart === 'contributors') {
      toggle(o.everyone ? t('topFive') : t('everyoneButton'), o.everyone, () => this.setOptions({ everyone: !o.everyone }));
      toggle(o.allWeeks ? t('lastYear') : t('wholeHistory'), o.allWeeks, () => this.setOptions({ allWeeks: !o.allWeeks }));
    }
    if (chart === 'commitActivity' && data.chart === 'commitActivity') {
      const weeks = data.weeks.slice(-52);
      const select = h(
        'select',
        { 'aria-label': t('chooseWeek') },
        h('option', { value: '' }, t('allWeeks')),
        ...weeks.map((w, i) => h('option', { value: i, selected: o.week === i }, this.text.week(w))),
      );
      select.addEventListener('change', () => this.setOptions({ week: select.value === '' ? null : Number(select.value) }));
      tools.append(select);
    }
    const asTable = this.view.tables.includes(chart);
    toggle(asTable ? t('showChart') : t('showTable'), asTable, () => {
      this.view = { ...this.view, tables: asTable ? this.view.tables.filter((c) => c !== chart) : [...this.view.tables, chart] };
      this.onViewChange(this.view);
      this.render(chart);
    });
  }

  private setOptions(patch: Partial<ChartOptions>): void {
    this.view = { ...this.view, options: { ...this.view.options, ...patch } };
    this.onViewChange(this.view);
    this.render('contributors');
    this.render('commitActivity');
  }
}

function emptyData(data: ChartData): boolean {
  switch (data.chart) {
    case 'contributors':
      return isEmpty.contributors(data);
    case 'commitActivity':
      return isEmpty.commitActivity(data);
    case 'codeFrequency':
      return isEmpty.codeFrequency(data);
    case 'participation':
      return isEmpty.participation(data);
    case 'punchCard':
      return isEmpty.punchCard(data);
  }
}
