// The browser build (package.json's `browser`, dist/web/): what esbuild put
// in it, read from the metafile the build writes. A web worker extension host
// has no Node: a Node built-in in the bundle fails there at activation or on
// first use, never on this machine.
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Metafile {
  inputs: Record<string, { bytes: number; imports: { path: string; external?: boolean }[] }>;
  outputs: Record<string, { bytes: number; imports: { path: string; kind?: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Node built-ins a metafile's inputs import, or that a package's `browser` field turned into empty stand-ins. */
function nodeImports(meta: Metafile): string[] {
  const found = new Set<string>();
  for (const [file, input] of Object.entries(meta.inputs)) {
    if (file.startsWith('(disabled):')) found.add(`${file} (a package's browser field emptied it)`);
    for (const i of input.imports) if (NODE_BUILTINS.has(i.path) || i.path.startsWith('node:')) found.add(`${i.path} (imported by ${file})`);
  }
  return [...found].sort();
}

/** The bytes of a file of the build. */
const size = (f: string) => fs.statSync(path.join(root, f)).size;

describe('the browser build (dist/web/)', function () {
  this.timeout(180_000);
  // The split build (every module, in the chunks esbuild made) and the entry made from it (what activation reads).
  let extension: Metafile;
  let entry: Metafile;
  let server: Metafile;

  before(() => {
    // npm test's build stage made this very build already (scripts/test-all.mjs says so): not built twice.
    if (!process.env.REPODESK_PRODUCTION_BUILT) execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'pipe' });
    extension = JSON.parse(fs.readFileSync(path.join(root, 'dist/web/meta.json'), 'utf8')) as Metafile;
    entry = JSON.parse(fs.readFileSync(path.join(root, 'dist/web/entry.meta.json'), 'utf8')) as Metafile;
    server = JSON.parse(fs.readFileSync(path.join(root, 'dist/web/language-server.meta.json'), 'utf8')) as Metafile;
    console.log(
      `      dist/web/extension.js: ${size('dist/web/extension.js')} bytes, dist/web/language-server.js: ${size('dist/web/language-server.js')} bytes`,
    );
  });

  /** The split build's chunks that dist/web/extension.js holds (the entry and what it imports statically). */
  const inEntry = () => new Set(Object.keys(entry.outputs['dist/web/extension.js']!.inputs));
  /** The split build's chunks loaded on first use: each a file of its own in dist/web/. */
  const lazyChunks = () => Object.keys(extension.outputs).filter((f) => f.endsWith('.js') && !inEntry().has(f));

  it('is what package.json names as the browser entry', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { browser?: string };
    assert.equal(manifest.browser, './dist/web/extension.js');
    assert.ok(fs.existsSync(path.join(root, 'dist/web/extension.js')));
  });

  it('imports no Node built-in (no node:*, fs, child_process, http, net, os, crypto…)', () => {
    assert.deepEqual(nodeImports(extension), []);
    assert.deepEqual(nodeImports(entry), []);
  });

  it('leaves only `vscode` for the extension host to provide: the entry imports no chunk statically', () => {
    const output = entry.outputs['dist/web/extension.js']!;
    const statically = output.imports.filter((i) => i.kind !== 'dynamic-import' && i.external).map((i) => i.path);
    assert.deepEqual([...new Set(statically)], ['vscode']);
  });

  it('has each chunk loaded on first use as a file of its own in dist/web/, the language client and markdown-it among them', () => {
    const lazy = lazyChunks();
    for (const f of lazy) assert.ok(fs.existsSync(path.join(root, 'dist/web', path.basename(f))), `${path.basename(f)} is missing from dist/web/`);
    const holding = (input: RegExp) => lazy.filter((f) => Object.keys(extension.outputs[f]!.inputs).some((i) => input.test(i)));
    assert.ok(holding(/node_modules\/vscode-languageclient\//).length > 0, 'the language client is not on a chunk loaded on first use');
    assert.ok(holding(/node_modules\/markdown-it\//).length > 0, 'markdown-it is not on a chunk loaded on first use');
    const entryInputs = Object.keys(extension.outputs)
      .filter((f) => inEntry().has(f))
      .flatMap((f) => Object.keys(extension.outputs[f]!.inputs));
    assert.deepEqual(
      entryInputs.filter((i) => /node_modules\/(vscode-languageclient|vscode-jsonrpc|markdown-it)\//.test(i)),
      [],
    );
  });

  it('leaves no import() in the files: each is a call of the loader (src/features/shared/web/webChunks.ts), which the host would not resolve', () => {
    for (const f of ['dist/web/extension.js', ...lazyChunks().map((c) => `dist/web/${path.basename(c)}`)]) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      assert.doesNotMatch(text, /\bimport\(\s*["']\.\/chunk-/, `${f} still imports a chunk with import()`);
    }
    // The language client, a chunk of its own, loaded by the entry on first use (through its local `__lc`).
    const client = lazyChunks().find((c) => Object.keys(extension.outputs[c]!.inputs).some((i) => i.includes('vscode-languageclient')));
    assert.ok(client, 'a lazy chunk holds the language client');
    assert.match(fs.readFileSync(path.join(root, 'dist/web/extension.js'), 'utf8'), new RegExp(`__lc\\("\\./${path.basename(client)}"\\)`));
  });

  it('takes the web variant of each Node-only module (loopback receiver, folder reader, language server transport, digest, machine, cross-origin, host)', () => {
    // Every module the build read (a constant-only module such as crossOrigin.web.ts is inlined, in no output).
    const inputs = Object.keys(extension.inputs);
    for (const f of [
      'src/oauth/loopback',
      'src/gitdata/folderFiles',
      'src/features/review/commentBox/serverClient',
      'src/platform/digest',
      'src/platform/machine',
      'src/platform/crossOrigin',
      'src/platform/host',
    ]) {
      assert.ok(inputs.includes(`${f}.web.ts`), `${f}.web.ts is not in the bundle`);
      assert.ok(!inputs.includes(`${f}.ts`), `${f}.ts (Node) is in the bundle`);
    }
  });

  it('has a language server web worker with no Node built-in and nothing external', () => {
    assert.deepEqual(nodeImports(server), []);
    assert.deepEqual(
      server.outputs['dist/web/language-server.js']!.imports.filter((i) => i.external),
      [],
    );
  });
});
