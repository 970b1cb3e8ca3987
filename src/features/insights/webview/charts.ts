// The five charts of the Statistics tab with Chart.js (only the parts used
// are registered, so the bundle carries no more), each with a one-sentence
// summary and a data table that can be shown instead of the chart.
import { BarController, BarElement, BubbleController, CategoryScale, Chart, LinearScale, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';
import type { ChartData } from '../model/messages';
import { contributorsView, summaryFigures, type ContributorsSeries } from '../model/statsSeries';
import { h } from '../../shared/webview/dom';
import type { ChartTheme } from './theme';
import type { Text } from './text';

// Bars and bubbles only, and the legends are HTML (chartLegend): Chart.js's
// line chart and legend plugin would add ~26 KB to the webview bundle.
Chart.register(BarController, BarElement, BubbleController, CategoryScale, LinearScale, PointElement, Tooltip);

export interface ChartOptions {
  /** Contributors: everyone instead of the top five; the whole history instead of the last 52 weeks. */
  everyone: boolean;
  allWeeks: boolean;
  /** Commit activity: the week (index) whose days are shown. */
  week: number | null;
}

const TOP_CONTRIBUTORS = 5;

/** The punch card's axis ticks: every third hour, every day (Sunday is 0, as the statistics count). */
const PUNCH_HOURS = [0, 3, 6, 9, 12, 15, 18, 21];
const PUNCH_DAYS = [0, 1, 2, 3, 4, 5, 6];

export function contributorsShown(data: ContributorsSeries, o: ChartOptions) {
  return contributorsView(data, { lastWeeks: o.allWeeks ? undefined : 52, top: o.everyone ? undefined : TOP_CONTRIBUTORS });
}

const base = (theme: ChartTheme, stacked = false): ChartConfiguration['options'] => ({
  animation: false,
  responsive: true,
  maintainAspectRatio: false,
  color: theme.foreground,
  plugins: { tooltip: { intersect: false, mode: 'index' } },
  scales: {
    x: { stacked, ticks: { color: theme.muted, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 }, grid: { color: theme.grid, display: false } },
    y: { stacked, beginAtZero: true, ticks: { color: theme.muted, precision: 0 }, grid: { color: theme.grid } },
  },
});

export function chartConfig(data: ChartData, o: ChartOptions, theme: ChartTheme, text: Text): ChartConfiguration {
  switch (data.chart) {
    case 'contributors':
      return contributorsChart(data, o, theme, text);
    case 'commitActivity':
      return activityChart(data, o, theme, text);
    case 'codeFrequency':
      return frequencyChart(data, theme, text);
    case 'participation':
      return participationChart(data, theme, text);
    case 'punchCard':
      return punchCardChart(data, theme, text);
  }
}

/** The palette's colour of series `i` (round again past its end). */
const colourOf =
  (theme: ChartTheme) =>
  (i: number): string =>
    theme.palette[i % theme.palette.length]!;

/** Contributors: each one's commits a week, stacked. */
function contributorsChart(data: Extract<ChartData, { chart: 'contributors' }>, o: ChartOptions, theme: ChartTheme, text: Text): ChartConfiguration {
  const colour = colourOf(theme);
  const v = contributorsShown(data, o);
  return {
    type: 'bar',
    data: {
      labels: v.weeks.map(text.week),
      datasets: v.contributors.map((c, i) => ({
        label: c.login,
        data: c.commits,
        backgroundColor: colour(i),
        borderWidth: theme.highContrast ? 1 : 0,
        borderColor: theme.foreground,
      })),
    },
    options: base(theme, true),
  };
}

/** Commit activity: the commits a week, or one week's a day. */
function activityChart(data: Extract<ChartData, { chart: 'commitActivity' }>, o: ChartOptions, theme: ChartTheme, text: Text): ChartConfiguration {
  const colour = colourOf(theme);
  const weeks = data.weeks.slice(-52);
  if (o.week !== null && data.days[data.weeks.length - weeks.length + o.week]) {
    const days = data.days[data.weeks.length - weeks.length + o.week]!;
    return {
      type: 'bar',
      data: { labels: text.weekdays, datasets: [{ label: text.t('commitsOfWeek', text.week(weeks[o.week]!)), data: days, backgroundColor: colour(1) }] },
      options: base(theme),
    };
  }
  return {
    type: 'bar',
    data: { labels: weeks.map(text.week), datasets: [{ label: text.t('commits'), data: data.totals.slice(-52), backgroundColor: colour(0) }] },
    options: base(theme),
  };
}

/** Code frequency: the lines added and deleted a week. */
function frequencyChart(data: Extract<ChartData, { chart: 'codeFrequency' }>, theme: ChartTheme, text: Text): ChartConfiguration {
  const colour = colourOf(theme);
  return {
    type: 'bar',
    data: {
      labels: data.weeks.map(text.week),
      datasets: [
        { label: text.t('additions'), data: data.additions, backgroundColor: colour(2) },
        { label: text.t('deletions'), data: data.deletions, backgroundColor: colour(4) },
      ],
    },
    options: {
      ...base(theme, true),
      scales: { ...base(theme, true)!.scales, y: { stacked: true, ticks: { color: theme.muted, precision: 0 }, grid: { color: theme.grid } } },
    },
  };
}

/** Participation: the owner's commits a week in front of everyone's. */
function participationChart(data: Extract<ChartData, { chart: 'participation' }>, theme: ChartTheme, text: Text): ChartConfiguration {
  const colour = colourOf(theme);
  const labels = data.weeks.map(text.week);
  // The owner's commits are part of everyone's: one bar in front of the other (order 0 is drawn last).
  return {
    type: 'bar',
    data: {
      labels,
      datasets: [
        {
          label: text.t('owner'),
          data: data.owner,
          backgroundColor: colour(1),
          borderWidth: theme.highContrast ? 1 : 0,
          borderColor: theme.foreground,
          order: 0,
        },
        { label: text.t('everyone'), data: data.all, backgroundColor: colour(0), order: 1 },
      ],
    },
    options: { ...base(theme), datasets: { bar: { grouped: false } } },
  };
}

/** Punch card: the commits by weekday and hour. */
function punchCardChart(data: Extract<ChartData, { chart: 'punchCard' }>, theme: ChartTheme, text: Text): ChartConfiguration {
  const colour = colourOf(theme);
  const points = data.grid.flatMap((row, day) =>
    row.map((count, hour) => ({ x: hour, y: day, r: count === 0 ? 0 : 2 + 10 * Math.sqrt(count / Math.max(1, data.max)), count })),
  );
  const opts = base(theme)!;
  return {
    type: 'bubble',
    data: {
      datasets: [
        {
          label: text.t('commits'),
          data: points.filter((p) => p.count > 0),
          backgroundColor: colour(0),
          borderColor: theme.highContrast ? theme.foreground : colour(0),
        },
      ],
    },
    options: {
      ...opts,
      plugins: {
        tooltip: {
          callbacks: {
            label: (ctx) =>
              text.t(
                'punchTooltip',
                text.weekdays[(ctx.raw as { y: number }).y] ?? '',
                (ctx.raw as { x: number }).x,
                text.count((ctx.raw as { count: number }).count, 'commit'),
              ),
          },
        },
      },
      scales: {
        // The ticks are set, not generated: Chart.js starts them at `min` (-0.5, the half cell
        // that keeps the bubbles of hour 0 and Sunday inside), so none fell on an hour or a day.
        x: {
          type: 'linear',
          min: -0.5,
          max: 23.5,
          afterBuildTicks: (scale) => void (scale.ticks = PUNCH_HOURS.map((value) => ({ value }))),
          ticks: { color: theme.muted, autoSkip: false, callback: (v) => `${Number(v)}:00` },
          grid: { color: theme.grid },
        },
        y: {
          type: 'linear',
          min: -0.5,
          max: 6.5,
          reverse: true,
          afterBuildTicks: (scale) => void (scale.ticks = PUNCH_DAYS.map((value) => ({ value }))),
          ticks: { color: theme.muted, autoSkip: false, callback: (v) => text.weekdays[Number(v)] ?? '' },
          grid: { color: theme.grid },
        },
      },
    },
  };
}

/** The legend of a chart with several series, in HTML (colours by palette index, as chartConfig uses them); null when one series says it all. */
export function chartLegend(data: ChartData, text: Text): HTMLElement | null {
  const items: Array<[string, number]> =
    data.chart === 'codeFrequency'
      ? [
          [text.t('additions'), 2],
          [text.t('deletions'), 4],
        ]
      : data.chart === 'participation'
        ? [
            [text.t('owner'), 1],
            [text.t('everyone'), 0],
          ]
        : [];
  if (items.length === 0) return null;
  return h(
    'ul',
    { class: 'totals legend' },
    ...items.map(([label, i]) => h('li', {}, h('span', { class: `swatch swatch-${i}`, 'aria-hidden': 'true' }), label)),
  );
}

/** The sentence a screen reader (or anyone) reads instead of the chart. */
export function chartSummary(data: ChartData, o: ChartOptions, text: Text): string {
  const { t } = text;
  switch (data.chart) {
    case 'contributors': {
      const v = contributorsShown(data, o);
      const top = v.contributors[0];
      return top
        ? t('contributorsSummary', text.count(v.contributors.length + v.hidden, 'contributor'), top.login, text.count(top.totalCommits, 'commit'))
        : t('noCommitsInRange');
    }
    case 'commitActivity': {
      const f = summaryFigures.commitActivity(data);
      return t(
        'activitySummary',
        text.count(f.total, 'commit'),
        f.busiestWeek === undefined ? '' : text.week(f.busiestWeek),
        text.count(f.busiestCommits, 'commit'),
      );
    }
    case 'codeFrequency': {
      const f = summaryFigures.codeFrequency(data);
      return t('frequencySummary', text.count(f.additions, 'line'), text.count(f.deletions, 'line'), text.count(f.weeks, 'week'));
    }
    case 'participation': {
      const f = summaryFigures.participation(data);
      return t('participationSummary', f.owner, text.count(f.all, 'commit'));
    }
    case 'punchCard': {
      const f = summaryFigures.punchCard(data);
      return t('punchSummary', text.weekdays[f.day] ?? '', f.hour, f.commits, text.count(f.total, 'commit'));
    }
  }
}

function table(caption: string, head: string[], rows: Array<Array<string | number>>): HTMLTableElement {
  return h(
    'table',
    { class: 'data' },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, String(c)) : h('td', {}, String(c))))))),
  );
}

/** The chart's data as a table. */
export function chartTable(data: ChartData, o: ChartOptions, text: Text, caption: string): HTMLTableElement {
  const { t } = text;
  switch (data.chart) {
    case 'contributors': {
      const v = contributorsShown(data, o);
      return table(
        caption,
        [t('contributor'), t('commits'), t('additions'), t('deletions')],
        v.contributors.map((c) => [c.login, c.totalCommits, c.totalAdditions, c.totalDeletions]),
      );
    }
    case 'commitActivity':
      return table(
        caption,
        [t('week'), t('commits'), ...text.weekdays],
        data.weeks.slice(-52).map((w, i) => [text.week(w), data.totals.slice(-52)[i] ?? 0, ...(data.days.slice(-52)[i] ?? [])]),
      );
    case 'codeFrequency':
      return table(
        caption,
        [t('week'), t('additions'), t('deletions')],
        data.weeks.map((w, i) => [text.week(w), data.additions[i] ?? 0, Math.abs(data.deletions[i] ?? 0)]),
      );
    case 'participation':
      return table(
        caption,
        [t('week'), t('owner'), t('everyone')],
        data.all.map((n, i) => [text.week(data.weeks[i] ?? 0), data.owner[i] ?? 0, n]),
      );
    case 'punchCard':
      return table(
        caption,
        [t('day'), ...Array.from({ length: 24 }, (_, i) => String(i))],
        data.grid.map((row, d) => [text.weekdays[d] ?? '', ...row]),
      );
  }
}
