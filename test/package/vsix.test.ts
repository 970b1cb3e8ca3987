// The packaged extension: `npm run package` builds
// repodesk-<version>.vsix offline, and it holds only what runs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const { version, scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
const vsix = path.join(root, `repodesk-${version}.vsix`);

describe('the packaged .vsix', function () {
  this.timeout(180_000);
  let entries: string[];

  before(() => {
    fs.rmSync(vsix, { force: true });
    // `npm run package` builds, then packs; under `npm test` the build stage has just built (REPODESK_PRODUCTION_BUILT),
    // so only the packing runs: the same vsce command, read from package.json.
    const packOnly = /^npm run build && (vsce .*)$/.exec(scripts.package ?? '')?.[1];
    if (process.env.REPODESK_PRODUCTION_BUILT && packOnly) execFileSync('npx', packOnly.split(' '), { cwd: root, stdio: 'pipe' });
    else execFileSync('npm', ['run', 'package', '--silent'], { cwd: root, stdio: 'pipe' });
    // A .vsix is a zip archive; unzip -Z1 lists one entry a line.
    entries = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n').filter(Boolean);
    console.log(`      ${path.basename(vsix)}: ${(fs.statSync(vsix).size / 1024).toFixed(0)} KiB, ${entries.length} entries`);
  });

  it('is named repodesk-<version>.vsix', () => {
    assert.ok(fs.existsSync(vsix));
  });

  it('holds the bundle that runs (the extension) with its manifest, icon and documents', () => {
    for (const f of [
      'extension/package.json',
      'extension/dist/extension.js',
      'extension/media/repodesk.svg',
      'extension/readme.md',
      'extension/LICENSE.txt',
      'extension/changelog.md',
    ]) {
      assert.ok(entries.includes(f), `${f} is missing from the package`);
    }
  });

  it("holds the extension's split bundle: the entry that dist/extension.js requires and every chunk required from it, at activation or on first use", () => {
    assert.ok(entries.includes('extension/dist/main/extension.js'), 'extension/dist/main/extension.js is missing from the package');
    const seen = new Set<string>();
    const pending = ['dist/main/extension.js'];
    while (pending.length) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      assert.ok(entries.includes(`extension/${file}`), `${file} is imported but missing from the package`);
      const text = execFileSync('unzip', ['-p', vsix, `extension/${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      for (const m of text.matchAll(/require\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g)) pending.push(path.posix.join(path.posix.dirname(file), m[1]!));
    }
    // The language client, the webview hosts, markdown and the commit engine are chunks of their own.
    assert.ok(seen.size > 5, `only ${seen.size} modules reached from the entry`);
  });

  it('holds the Insights webview: its bundle, stylesheet and the codicon font', () => {
    for (const f of [
      'extension/dist/webview/insights.js',
      'extension/dist/webview/insights.css',
      'extension/dist/webview/codicon.css',
      'extension/dist/webview/codicon.ttf',
    ]) {
      assert.ok(entries.includes(f), `${f} is missing from the package`);
    }
  });

  it('holds the pull request overview webview: its bundle, stylesheet and tab icons', () => {
    for (const f of [
      'extension/dist/webview/pullOverview.js',
      'extension/dist/webview/pullOverview.css',
      'extension/media/pull-request-light.svg',
      'extension/media/pull-request-dark.svg',
    ]) {
      assert.ok(entries.includes(f), `${f} is missing from the package`);
    }
  });

  it('holds the Create Pull Request form: its bundle and stylesheet', () => {
    for (const f of ['extension/dist/webview/createPullForm.js', 'extension/dist/webview/createPullForm.css']) {
      assert.ok(entries.includes(f), `${f} is missing from the package`);
    }
  });

  it("its client parses the service's JSON with JSON itself: @octokit/request's json-with-bigint is replaced in the bundle", () => {
    // The build that packaging ran describes its inputs (esbuild's metafile).
    const meta = JSON.parse(fs.readFileSync(path.join(root, 'dist/meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
    const inputs = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    assert.ok(inputs.includes('src/hosting/plainJson.ts'), 'src/hosting/plainJson.ts is not in the bundle');
    assert.deepEqual(
      inputs.filter((i) => i.includes('json-with-bigint')),
      [],
    );
  });

  it('holds the review comment language server (dist/language-server.js), which the extension starts over IPC', () => {
    assert.ok(entries.includes('extension/dist/language-server.js'), 'extension/dist/language-server.js is missing from the package');
  });

  it('holds the localization bundles: package.nls.json and l10n/bundle.l10n.json', () => {
    for (const f of ['extension/package.nls.json', 'extension/l10n/bundle.l10n.json']) assert.ok(entries.includes(f), `${f} is missing from the package`);
  });

  it("holds the browser build (package.json's browser entry) and its language server web worker", () => {
    for (const f of ['extension/dist/web/extension.js', 'extension/dist/web/language-server.js'])
      assert.ok(entries.includes(f), `${f} is missing from the package`);
    // Its chunks, which the entry reads on first use.
    const chunks = fs.readdirSync(path.join(root, 'dist/web')).filter((f) => /^chunk-.*\.js$/.test(f));
    assert.ok(chunks.length > 0, 'the browser build has no chunks');
    for (const f of chunks) assert.ok(entries.includes(`extension/dist/web/${f}`), `extension/dist/web/${f} is missing from the package`);
  });

  it('holds no source, tests, emulator, source maps or node_modules', () => {
    const offending = entries.filter(
      (e) =>
        /^extension\/(src|test|out|scripts|docs|\.vscode-test|test-results|\.ci)\//.test(e) ||
        e.includes('node_modules/') ||
        /^extension\/(emulator\/|dist\/emulator)/.test(e) ||
        e.endsWith('.map') ||
        e.endsWith('.ts'),
    );
    assert.deepEqual(offending, []);
  });
});
