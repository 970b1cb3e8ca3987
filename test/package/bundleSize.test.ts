// What the bundles weigh against docs/BENCHMARKS.md's goals ("Start-up: what
// activation loads", "The browser build: bundle size", "Insights: the
// webview bundle's size"), after a production build. A bundle past its
// goal fails here rather than in a start-up nobody measured: move what
// activation does not need into a chunk loaded on first use
// (docs/ARCHITECTURE.md, "What activation loads").
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const size = (f: string) => fs.statSync(path.join(root, f)).size;

// The goal of each: < 250 KB (250,000 bytes).
const GOAL = 250_000;

describe('bundle sizes (docs/BENCHMARKS.md)', function () {
  this.timeout(180_000);

  before(() => {
    // npm test's build stage made this very build already (scripts/test-all.mjs says so): not built twice.
    if (!process.env.REPODESK_PRODUCTION_BUILT) execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'pipe' });
  });

  it('what the Node host reads at activation (dist/extension.js + dist/main/extension.js) is under 250 KB', () => {
    const bytes = size('dist/extension.js') + size('dist/main/extension.js');
    console.log(`      activation (Node): ${bytes} bytes`);
    assert.ok(bytes < GOAL, `${bytes} bytes at activation, goal < ${GOAL}`);
  });

  it('what a web worker host reads at activation (dist/web/extension.js) is under 250 KB', () => {
    const bytes = size('dist/web/extension.js');
    console.log(`      activation (browser): ${bytes} bytes`);
    assert.ok(bytes < GOAL, `${bytes} bytes at activation, goal < ${GOAL}`);
  });

  it('the Insights webview (dist/webview/insights.js) is under 250 KB: Chart.js without the scales it never registers', () => {
    const bytes = size('dist/webview/insights.js');
    console.log(`      dist/webview/insights.js: ${bytes} bytes`);
    assert.ok(bytes < GOAL, `${bytes} bytes, goal < ${GOAL}`);
    assert.doesNotMatch(fs.readFileSync(path.join(root, 'dist/webview/insights.js'), 'utf8'), /static id="(logarithmic|radialLinear|timeseries)"/);
  });
});
