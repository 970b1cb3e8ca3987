// Builds every bundle of RepoDesk: the extension host entry, the review
// comment language server and the browser webviews; and the emulator package
// (emulator/build.mjs: its command and its API, into emulator/dist/).
// `--production` minifies;
// `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { emulatorBuild } from './emulator/build.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  sourcemap: true,
  minify: production,
  logLevel: 'info',
  legalComments: 'linked',
};

// zod bundles error messages in 50 languages, reached only through
// `z.locales`; RepoDesk shows the service's own messages and uses none of
// them, so `z.locales` holds only English (zod's default).
/** @type {esbuild.Plugin} */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: args.importer, namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from '../locales/en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

// Chart.js ships one ES module whose classes carry static fields (`static
// id = …`, `static defaults = {…}`); esbuild cannot tell that such a class is
// free of side effects, so every scale and controller stayed in the Insights
// bundle, registered or not (the log, radial, time and time-series scales:
// ~19 KB). Each top-level class becomes a class expression in a call marked
// pure: the ones the webview never names are dropped, the others are the same.
/** @type {esbuild.Plugin} */
const chartJsPureClasses = {
  name: 'chartjs-pure-classes',
  setup(build) {
    build.onLoad({ filter: /[\\/]chart\.js[\\/]dist[\\/]chart\.js$/ }, async (args) => ({
      contents: (await fs.promises.readFile(args.path, 'utf8')).replace(
        /^class (\w+)((?: extends \w+)? \{\n[\s\S]*?\n)\}$/gm,
        (_m, name, body) => `const ${name} = /* @__PURE__ */ (() => class ${name}${body}})();`,
      ),
      loader: 'js',
    }));
  },
};

// One module object for `vscode` in the file activation reads. Bundled as
// CommonJS, each of the ~70 modules importing `vscode` became its own
// `__toESM(require("vscode"))`, a copy of every property of the API object:
// 14–42 ms of a starting extension host (its CPU profile,
// `BENCH_PROFILE=1 node test/bench/views.mjs`). Here they all import one
// ES module that re-exports `vscode`: one copy.
/** @type {esbuild.Plugin} */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

// The browser build's one seam: where a module has a sibling `<name>.web.ts`
// (src/platform/, the loopback OAuth receiver, the language server's
// transport, the local folder reader), the browser bundle takes that file
// instead. Everything else is the same code as the Node build.
/** @type {esbuild.Plugin} */
const webVariants = {
  name: 'web-variants',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (!args.resolveDir.includes(`${path.sep}src`) || args.importer.endsWith('.web.ts')) return undefined;
      const variant = `${path.resolve(args.resolveDir, args.path.replace(/\.js$/, ''))}.web.ts`;
      return fs.existsSync(variant) ? { path: variant } : undefined;
    });
  },
};

// Where the split ES module build goes before it becomes dist/main/.
const SPLIT_DIR = 'dist/.split';

// Why CommonJS in the end: Node reads an ES module graph asynchronously, a
// step per level of imports, and a starting extension host runs the other
// extensions' activations between those steps. The same 245 KB graph took
// 30 ms alone and 130–200 ms in a starting extension host (130 ms in plain
// Node beside 15 ms tasks, against 28 ms for one CommonJS file, which
// `require` reads in one go). So the split build becomes:
// - dist/main/extension.js: the entry with every chunk it imports
//   statically, in one file (what activation reads); it also exports each of
//   those chunks' exports as `__c_<hash>`;
// - each chunk imported with `import()` on first use, as a CommonJS file of
//   its own whose `import()`s become a `require` on first use;
// - for each chunk merged into the entry, a one-line file that hands a lazy
//   chunk the entry's copy, so every module still exists once.
async function splitAsCommonJs(metafile) {
  const outputs = metafile.outputs;
  const entry = `${SPLIT_DIR}/extension.js`;
  const atActivation = new Set();
  for (const pending = [entry]; pending.length;) {
    const file = pending.pop();
    if (atActivation.has(file)) continue;
    atActivation.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement' && outputs[i.path]) pending.push(i.path);
  }
  const base = (f) => path.basename(f);
  // By the chunk's hash alone (`chunk-<name>-<hash>.js`): the entry names each merged chunk twice, a hundred names in
  // what activation reads (2 KB as `__chunk_<name>_<hash>_js`).
  const exportName = (f) => `__c_${base(f).replace(/\.js$/, '').split('-').pop()}`;
  const merged = [...atActivation].filter((f) => f !== entry);
  const onFirstUse = Object.keys(outputs).filter((f) => f.endsWith('.js') && !atActivation.has(f));
  fs.rmSync('dist/main', { recursive: true, force: true });
  const cjs = {
    ...common,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    // `import()` of a chunk becomes a `require` on first use: one module system, one copy of each module.
    supported: { 'dynamic-import': false },
  };
  await esbuild.build({
    ...cjs,
    stdin: {
      contents: ["export * from './extension.js';", ...merged.map((f) => `export * as ${exportName(f)} from './${base(f)}';`)].join('\n'),
      resolveDir: SPLIT_DIR,
      sourcefile: 'extension-entry.js',
    },
    bundle: true,
    outfile: 'dist/main/extension.js',
    plugins: [vscodeOnce],
    external: onFirstUse.map((f) => `./${base(f)}`),
  });
  await esbuild.build({ ...cjs, entryPoints: onFirstUse, outdir: 'dist/main', bundle: false });
  for (const f of merged) fs.writeFileSync(`dist/main/${base(f)}`, `"use strict";module.exports=require("./extension.js").${exportName(f)};\n`);
  // What each output holds, for `npm run bench -- bundle` (test/bench/bundle-size.mjs).
  fs.writeFileSync('dist/meta.json', JSON.stringify(metafile));
}

/** @type {esbuild.Plugin} */
const thenCommonJs = {
  name: 'then-commonjs',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length === 0) await splitAsCommonJs(result.metafile);
    });
  },
};

// Where the browser build's split ES modules go before they become dist/web/.
const WEB_SPLIT_DIR = 'dist/.web-split';

// A web worker extension host reads one file: VS Code fetches the `browser`
// entry and runs it as a CommonJS module whose `require` knows only `vscode`
// (its web extension host's `_loadCommonJSModule`). So the browser build
// becomes:
// - dist/web/extension.js: the entry with every chunk it imports statically,
//   in one file (what activation reads), with src/features/shared/web/webChunks.ts, the loader;
// - each chunk imported with `import()` on first use, a CommonJS file that
//   the loader reads with `vscode.workspace.fs` and runs the way VS Code
//   runs the entry, with a `require` that hands it `vscode`, the entry's
//   copy of a chunk merged there, or a lazy chunk loaded before it;
// - every `import("./chunk-….js")` left in them is a call of the loader
//   (`__loadChunk`), which loads the chunk (and the lazy chunks it imports
//   statically, listed by the entry's `__chunkDeps`) once.
async function splitForTheWeb(metafile) {
  const outputs = metafile.outputs;
  const entry = `${WEB_SPLIT_DIR}/extension.js`;
  const staticImports = (f) => outputs[f].imports.filter((i) => i.kind === 'import-statement' && outputs[i.path]).map((i) => i.path);
  const atActivation = new Set();
  for (const pending = [entry]; pending.length;) {
    const file = pending.pop();
    if (atActivation.has(file)) continue;
    atActivation.add(file);
    pending.push(...staticImports(file));
  }
  const base = (f) => path.basename(f);
  const merged = [...atActivation].filter((f) => f !== entry);
  const onFirstUse = Object.keys(outputs).filter((f) => f.endsWith('.js') && !atActivation.has(f));
  // Only the chunks that import others (the loader reads a missing one as none): activation reads this map.
  const chunkDeps = Object.fromEntries(
    onFirstUse
      .map((f) => [
        `./${base(f)}`,
        staticImports(f)
          .filter((d) => !atActivation.has(d))
          .map((d) => `./${base(d)}`),
      ])
      .filter(([, deps]) => deps.length > 0),
  );
  // The last build's chunks (their names carry a hash); the language server worker beside them stays.
  fs.mkdirSync('dist/web', { recursive: true });
  for (const f of fs.readdirSync('dist/web')) if (f.startsWith('chunk-')) fs.rmSync(`dist/web/${f}`);
  // `import()` of a chunk stays `import("./chunk-….js")`, made a loader call below.
  const cjs = { ...common, platform: 'browser', format: 'cjs', target: 'es2022', logLevel: 'warning' };
  const result = await esbuild.build({
    ...cjs,
    stdin: {
      contents: [
        "export * from './extension.js';",
        `export { loadChunk as __loadChunk } from '${path.resolve('src/features/shared/web/webChunks.ts').replace(/\\/g, '/')}';`,
        `import { chunksMergedInEntry } from '${path.resolve('src/features/shared/web/webChunks.ts').replace(/\\/g, '/')}';`,
        ...merged.map((f, i) => `import * as __merged${i} from './${base(f)}';`),
        `chunksMergedInEntry({ ${merged.map((f, i) => `'./${base(f)}': __merged${i}`).join(', ')} }, ${JSON.stringify(chunkDeps)});`,
      ].join('\n'),
      resolveDir: WEB_SPLIT_DIR,
      sourcefile: 'extension-entry.js',
    },
    bundle: true,
    outfile: 'dist/web/extension.js',
    metafile: true,
    plugins: [vscodeOnce],
    external: onFirstUse.map((f) => `./${base(f)}`),
  });
  await esbuild.build({ ...cjs, entryPoints: onFirstUse, outdir: 'dist/web', bundle: false });
  // The entry calls its own export (`module` is the CommonJS module VS Code
  // hands it); a chunk, the `__loadChunk` the loader hands it.
  const asLoaderCall = (file, call) => {
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(
      file,
      text.replace(/\bimport\((["'])(\.\/chunk-[\w.-]+\.js)\1\)/g, (_m, q, p) => `${call}(${q}${p}${q})`),
    );
  };
  // The entry's calls go through a short local (`__lc`) rather than `module.exports.__loadChunk` written out at each
  // of its 50 sites: activation reads the entry whole (1 KB).
  asLoaderCall('dist/web/extension.js', '__lc');
  const entryText = fs.readFileSync('dist/web/extension.js', 'utf8');
  const strict = /^"use strict";\n?/.exec(entryText)?.[0] ?? '';
  fs.writeFileSync('dist/web/extension.js', `${strict}var __lc = (p) => module.exports.__loadChunk(p);\n${entryText.slice(strict.length)}`);
  for (const f of onFirstUse) asLoaderCall(`dist/web/${base(f)}`, '__loadChunk');
  // The split build's metafile (every module, for the Node built-ins check)
  // and the entry's (what activation reads), for test/package/webBundle.test.ts.
  fs.writeFileSync('dist/web/meta.json', JSON.stringify(metafile));
  fs.writeFileSync('dist/web/entry.meta.json', JSON.stringify(result.metafile));
}

/** @type {esbuild.Plugin} */
const thenForTheWeb = {
  name: 'then-for-the-web',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length === 0) await splitForTheWeb(result.metafile);
    });
  },
};

/** Writes a build's metafile (what each output holds) to `file`. */
function writeMetafile(file) {
  return /** @type {esbuild.Plugin} */ ({
    name: 'write-metafile',
    setup(build) {
      build.onEnd((result) => {
        if (result.metafile) fs.writeFileSync(file, JSON.stringify(result.metafile));
      });
    },
  });
}

/** @type {esbuild.BuildOptions[]} */
const builds = [
  {
    ...common,
    // What VS Code loads: a small CommonJS file that requires the split
    // extension below (dist/main/) and hands it the activation.
    entryPoints: { extension: 'src/bootstrap.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['./main/*'],
  },
  {
    ...common,
    // The extension split by esbuild so that the features most sessions
    // never use (the language client, the webview hosts, the commit engine,
    // markdown) are chunks loaded on first use; what every activation needs
    // is the entry chunk and the chunks it imports. esbuild splits only ES
    // modules: this build is an intermediate step, turned into CommonJS
    // below (see `asCommonJs`).
    entryPoints: { extension: 'src/extension.ts' },
    outdir: SPLIT_DIR,
    chunkNames: 'chunk-[name]-[hash]',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Kept in the files for the second pass, which writes them beside the output.
    legalComments: 'eof',
    metafile: true,
    // Served by the extension host to `require` (the CommonJS pass turns the import into one).
    external: ['vscode'],
    // @octokit/request's JSON is `JSON` itself: see src/hosting/plainJson.ts.
    alias: { 'json-with-bigint': './src/hosting/plainJson.ts' },
    plugins: [zodEnglishOnly, thenCommonJs],
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
    // The browser build (package.json's `browser`): the extension for a web
    // worker extension host (VS Code for the Web), split as the Node build
    // is (the language client, the panels, markdown… on first use), then
    // turned into CommonJS files RepoDesk loads itself (see
    // `splitForTheWeb`); Node-only modules swapped by `webVariants`. Its
    // metafile is checked for Node built-ins by test/package/webBundle.test.ts.
    entryPoints: { extension: 'src/extension.ts' },
    outdir: WEB_SPLIT_DIR,
    // Names without the module's: activation reads every lazy chunk's name (the loader's map), 230 of them.
    chunkNames: 'chunk-[hash]',
    splitting: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    legalComments: 'eof',
    external: ['vscode'],
    metafile: true,
    alias: { 'json-with-bigint': './src/hosting/plainJson.ts' },
    plugins: [zodEnglishOnly, webVariants, thenForTheWeb],
  },
  {
    ...common,
    // The review comment language server as a web worker, for the browser build.
    entryPoints: { 'language-server': 'src/language-server/worker.ts' },
    outdir: 'dist/web',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    metafile: true,
    plugins: [writeMetafile('dist/web/language-server.meta.json')],
  },
  // The emulator package, built as it builds itself (never packaged in the .vsix).
  emulatorBuild,
  {
    ...common,
    // The Insights webview: a browser bundle (Chart.js tree-shaken,
    // @vscode-elements/elements) with its stylesheet beside it.
    entryPoints: { insights: 'src/features/insights/webview/main.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    plugins: [chartJsPureClasses],
  },
  {
    ...common,
    // A pull request's overview page: a browser bundle (DOMPurify,
    // @vscode-elements/elements) with its stylesheet beside it.
    entryPoints: { pullOverview: 'src/features/pullOverview/webview/main.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    // The Create Pull Request form: a browser bundle (DOMPurify for its preview) with its stylesheet beside it.
    entryPoints: { createPullForm: 'src/features/createPullForm/webview/main.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
];

// Chunk names carry a hash: drop the last build's.
fs.rmSync(SPLIT_DIR, { recursive: true, force: true });
fs.rmSync(WEB_SPLIT_DIR, { recursive: true, force: true });

// The codicon font and stylesheet, loaded by the webviews from dist/webview/.
fs.mkdirSync('dist/webview', { recursive: true });
for (const f of ['codicon.css', 'codicon.ttf']) fs.copyFileSync(`node_modules/@vscode/codicons/dist/${f}`, `dist/webview/${f}`);

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
