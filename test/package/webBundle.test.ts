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
  outputs: Record<string, { bytes: number; imports: { path: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
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

describe('the browser build (dist/web/)', function () {
  this.timeout(180_000);
  let extension: Metafile;
  let server: Metafile;

  before(() => {
    execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'pipe' });
    extension = JSON.parse(fs.readFileSync(path.join(root, 'dist/web/meta.json'), 'utf8')) as Metafile;
    server = JSON.parse(fs.readFileSync(path.join(root, 'dist/web/language-server.meta.json'), 'utf8')) as Metafile;
    const kb = (f: string) => (fs.statSync(path.join(root, f)).size / 1024).toFixed(1);
    console.log(`      dist/web/extension.js: ${kb('dist/web/extension.js')} KB, dist/web/language-server.js: ${kb('dist/web/language-server.js')} KB`);
  });

  it('is what package.json names as the browser entry, a single file', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { browser?: string };
    assert.equal(manifest.browser, './dist/web/extension.js');
    assert.deepEqual(
      Object.keys(extension.outputs).filter((f) => f.endsWith('.js')),
      ['dist/web/extension.js'],
    );
  });

  it('imports no Node built-in (no node:*, fs, child_process, http, net, os, crypto…)', () => {
    assert.deepEqual(nodeImports(extension), []);
  });

  it('leaves only `vscode` for the extension host to provide', () => {
    const external = extension.outputs['dist/web/extension.js']!.imports.filter((i) => i.external).map((i) => i.path);
    assert.deepEqual([...new Set(external)], ['vscode']);
  });

  it('takes the web variant of each Node-only module (loopback receiver, folder reader, language server transport, digest, machine, cross-origin, host)', () => {
    const inputs = Object.keys(extension.outputs['dist/web/extension.js']!.inputs);
    for (const f of [
      'src/oauth/loopback',
      'src/gitdata/folderFiles',
      'src/features/language/serverClient',
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
