// Builds every bundle of RepoDesk: the extension host entry, the language
// server, the browser webviews and the emulator CLI. `--production` minifies;
// `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { cp, mkdir } from 'node:fs/promises';

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
    entryPoints: { 'language-server': 'src/language-server/server.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    ...common,
    entryPoints: { insights: 'src/webview/insights/main.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
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
];

async function copyAssets() {
  await mkdir('dist/webview', { recursive: true });
  await cp('node_modules/@vscode/codicons/dist/codicon.css', 'dist/webview/codicon.css');
  await cp('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/webview/codicon.ttf');
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await copyAssets();
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
  await copyAssets();
}
