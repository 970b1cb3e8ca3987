// Builds every bundle of RepoDesk: the extension host entry, the review
// comment language server, the emulator CLI and the browser webviews.
// `--production` minifies;
// `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import fs from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  sourcemap: true,
  minify: production,
  logLevel: 'info',
  legalComments: 'linked',
};

/** @type {esbuild.BuildOptions[]} */
const builds = [
  {
    ...common,
    entryPoints: { extension: 'src/extension.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  {
    ...common,
    // The review comment language server, a process of its own started by
    // the extension over IPC.
    entryPoints: { 'language-server': 'src/language-server/main.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    ...common,
    // The emulator is a developer tool, never packaged: no minification so
    // its stack traces stay readable.
    minify: false,
    entryPoints: { emulator: 'src/emulator/main.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Native module: loaded from node_modules at run time.
    external: ['better-sqlite3'],
  },
  {
    ...common,
    // The Insights webview: a browser bundle (Chart.js tree-shaken,
    // @vscode-elements/elements) with its stylesheet beside it.
    entryPoints: { insights: 'src/webview/insights/main.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    // A pull request's overview page: a browser bundle (DOMPurify,
    // @vscode-elements/elements) with its stylesheet beside it.
    entryPoints: { pullOverview: 'src/webview/pullOverview/main.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
];

// The codicon font and stylesheet, loaded by the webviews from dist/webview/.
fs.mkdirSync('dist/webview', { recursive: true });
for (const f of ['codicon.css', 'codicon.ttf']) fs.copyFileSync(`node_modules/@vscode/codicons/dist/${f}`, `dist/webview/${f}`);

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
