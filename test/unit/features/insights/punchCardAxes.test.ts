// The punch card's axes as Chart.js lays them out (its own tick generation,
// run in Node on a canvas that only measures text): the days of the week
// down the side and the hours along the bottom, not blank.
import assert from 'node:assert/strict';
import { Chart } from 'chart.js';
import { chartConfig } from '../../../../src/features/insights/webview/charts';
import { makeText } from '../../../../src/features/insights/webview/text';

/** Enough of a 2D context for Chart.js to lay out a chart (nothing is drawn). */
function fakeCanvas(): HTMLCanvasElement {
  const target: Record<string | symbol, unknown> = { measureText: (s: string) => ({ width: s.length * 6 }) };
  const ctx = new Proxy(target, { get: (t, key) => (key in t ? t[key] : () => undefined), set: () => true });
  const canvas = { width: 800, height: 300, style: {}, getContext: () => ctx };
  target.canvas = canvas;
  return canvas as unknown as HTMLCanvasElement;
}

const theme = { foreground: '#ccc', muted: '#999', grid: '#444', palette: ['#3794ff'], highContrast: false };
const text = makeText({ commits: 'Commits' }, 'en');

function axisLabels(): { x: string[]; y: string[] } {
  const grid = Array.from({ length: 7 }, (_, day) => Array.from({ length: 24 }, (_, hour) => (day + hour) % 5));
  const config = chartConfig({ chart: 'punchCard', grid, max: 4, total: 100 }, { everyone: false, allWeeks: false, week: null }, theme, text);
  const chart = new Chart(fakeCanvas(), { ...config, options: { ...config.options, responsive: false } });
  try {
    const labels = (id: string) => chart.scales[id]!.ticks.map((t) => String(t.label ?? '')).filter((l) => l !== '');
    return { x: labels('x'), y: labels('y') };
  } finally {
    chart.destroy();
  }
}

describe("Insights: the punch card's axes (day × hour)", () => {
  it('the vertical axis names the seven days, Sunday first', () => {
    assert.deepEqual(axisLabels().y, ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('the horizontal axis names the hours every three hours, 0:00 to 21:00', () => {
    assert.deepEqual(axisLabels().x, ['0:00', '3:00', '6:00', '9:00', '12:00', '15:00', '18:00', '21:00']);
  });
});
