// Builds every bundle of RepoDesk: the extension host entry, the review
// comment language server, the emulator CLI and the browser webviews.
// `--production` minifies;
// `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  sourcemap: true,
  minify: production,
  logLevel: 'info',
  legalComments: 'linked',
};

// The extension host hands `vscode` to `require` calls only (it patches
// Module._load), so an ES module must reach it through `require`.
/** @type {esbuild.Plugin} */
const vscodeThroughRequire = {
  name: 'vscode-through-require',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-require' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-require' });
    build.onLoad({ filter: /.*/, namespace: 'vscode-require' }, () => ({ contents: "module.exports = require('vscode');", loader: 'js' }));
  },
};

// zod bundles error messages in 50 languages, reached only through
// `z.locales`; RepoDesk shows the service's own messages and uses none of
// them, so `z.locales` holds only English (zod's default).
/** @type {esbuild.Plugin} */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: args.importer, namespace: 'zod-locales' } : undefined);
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from '../locales/en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/** @type {esbuild.BuildOptions[]} */
const builds = [
  {
    ...common,
    // What VS Code loads: a CommonJS file (VS Code ^1.95 loads no ESM
    // extension) that imports the ES module graph below and hands it the
    // activation. Only it is read before activate() runs.
    entryPoints: { extension: 'src/bootstrap.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['./main/*'],
  },
  {
    ...common,
    // The extension as ES modules so that esbuild can split it: the features
    // that most sessions never use (the language client, the webview hosts,
    // the commit engine, markdown) are chunks loaded by `import()` on first
    // use; what every activation needs is the entry chunk.
    entryPoints: { extension: 'src/extension.ts' },
    outdir: 'dist/main',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[name]-[hash]',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS dependencies (and `vscode`, which the extension host serves
    // only to `require`) need a `require` in ES module scope.
    banner: { js: "import { createRequire as __repodeskRequire } from 'node:module'; const require = __repodeskRequire(import.meta.url);" },
    plugins: [vscodeThroughRequire, zodEnglishOnly],
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

// Chunk names carry a hash: drop the last build's.
fs.rmSync('dist/main', { recursive: true, force: true });

// The codicon font and stylesheet, loaded by the webviews from dist/webview/.
fs.mkdirSync('dist/webview', { recursive: true });
for (const f of ['codicon.css', 'codicon.ttf']) fs.copyFileSync(`node_modules/@vscode/codicons/dist/${f}`, `dist/webview/${f}`);

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build({ ...b, metafile: true })));
  // What each output holds, for `npm run bench -- bundle` (test/bench/bundle-size.mjs).
  fs.writeFileSync('dist/meta.json', JSON.stringify(results[1].metafile));
}
