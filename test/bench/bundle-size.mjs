// Benchmark (never a test): what the extension host reads at activation and
// what loads only on first use. Reads dist/meta.json (esbuild's metafile of
// the extension's split build, written by `npm run build`): the activation
// set is the entry and every chunk it imports statically, transitively, which
// the build merges into dist/main/extension.js; every other chunk is a file
// of its own, required on first use (the language client, the webview hosts,
// markdown, the commit engine). Prints the files each set reads and their
// bytes, and the largest inputs of the activation set.
//   npm run build && node test/bench/bundle-size.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const metaFile = path.join(root, 'dist', 'meta.json');
if (!fs.existsSync(metaFile)) {
  console.error('dist/meta.json is missing: run `npm run build` first.');
  process.exit(2);
}
const { outputs } = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
const splitEntry = Object.keys(outputs).find((f) => f.endsWith('/extension.js'));
const bytes = (f) => fs.statSync(path.join(root, f)).size;
// A chunk of the split build and the file VS Code loads for it.
const loaded = (f) => `dist/main/${path.basename(f)}`;

const activation = new Set();
const pending = [splitEntry];
while (pending.length) {
  const f = pending.pop();
  if (activation.has(f)) continue;
  activation.add(f);
  for (const i of outputs[f].imports) if (i.kind === 'import-statement' && outputs[i.path]) pending.push(i.path);
}
const chunks = Object.keys(outputs).filter((f) => f.endsWith('.js'));
const lazy = chunks.filter((f) => !activation.has(f));
const read = ['dist/extension.js', 'dist/main/extension.js'];
const sum = (fs_) => fs_.reduce((n, f) => n + bytes(f), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

console.log(`activation: ${read.length} files, ${sum(read)} bytes (${kb(sum(read))}), ${activation.size} chunks of the split build in one file`);
for (const f of read) console.log(`  ${String(bytes(f)).padStart(8)}  ${f}`);
console.log(`on first use: ${lazy.length} files, ${sum(lazy.map(loaded))} bytes (${kb(sum(lazy.map(loaded)))})`);
for (const f of lazy.sort((a, b) => bytes(loaded(b)) - bytes(loaded(a)))) {
  const top = Object.entries(outputs[f].inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)[0]?.[0] ?? '';
  console.log(`  ${String(bytes(loaded(f))).padStart(8)}  ${loaded(f)}  (largest input: ${top.replace(/^.*node_modules\//, 'node_modules/')})`);
}

// Where the activation set's bytes come from: packages and source folders.
const by = new Map();
for (const f of activation) {
  for (const [input, { bytesInOutput }] of Object.entries(outputs[f].inputs)) {
    const rel = input.replace(/^.*?node_modules\//, 'node_modules/');
    const parts = rel.split('/');
    const key = rel.startsWith('node_modules/')
      ? parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/')
      : parts.slice(0, Math.min(3, parts.length - 1)).join('/');
    by.set(key, (by.get(key) ?? 0) + bytesInOutput);
  }
}
console.log('activation set by source (minified bytes):');
for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${String(v).padStart(8)}  ${k}`);
