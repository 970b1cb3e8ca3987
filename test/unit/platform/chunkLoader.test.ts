// The browser build's loader of chunks on first use (src/platform/chunkLoader.ts):
// chunk sources as esbuild.mjs writes them (CommonJS, `require` for `vscode`
// and the other chunks, `__loadChunk` for an `import()`), read from a fake folder.
import assert from 'node:assert/strict';
import { createChunkLoader, type ChunkLoaderOptions } from '../../../src/platform/chunkLoader';

const vscodeApi = { name: 'the vscode API' };

function loaderOver(files: Record<string, string>, more: Partial<ChunkLoaderOptions> = {}) {
  const reads: string[] = [];
  const load = createChunkLoader({
    read: async (file) => {
      reads.push(file);
      const text = files[file];
      if (text === undefined) throw new Error(`no file ${file}`);
      return text;
    },
    external: { vscode: vscodeApi },
    merged: {},
    deps: {},
    sourceUrl: (file) => `https://extension.example/dist/web/${file}`,
    ...more,
  });
  return { load, reads };
}

describe('chunkLoader: the browser build loads its chunks on first use', () => {
  it('runs a chunk as a CommonJS module and returns its exports', async () => {
    const { load } = loaderOver({ 'chunk-a-1.js': 'exports.answer = 42;' });
    assert.deepEqual(await load('./chunk-a-1.js'), { answer: 42 });
  });

  it('returns what the chunk put in module.exports when it replaces exports', async () => {
    const { load } = loaderOver({ 'chunk-a-1.js': 'module.exports = { replaced: true };' });
    assert.deepEqual(await load('./chunk-a-1.js'), { replaced: true });
  });

  it('reads and runs a chunk once, however many ask at the same time or later (one copy of its modules)', async () => {
    const { load, reads } = loaderOver({ 'chunk-a-1.js': 'exports.made = {};' });
    const [first, second] = await Promise.all([load('./chunk-a-1.js'), load('./chunk-a-1.js')]);
    const third = await load('./chunk-a-1.js');
    assert.equal(first, second);
    assert.equal(first, third);
    assert.deepEqual(reads, ['chunk-a-1.js']);
  });

  it("hands require('vscode') the vscode API it was given", async () => {
    const { load } = loaderOver({ 'chunk-a-1.js': 'exports.api = require("vscode");' });
    assert.equal(((await load('./chunk-a-1.js')) as { api: unknown }).api, vscodeApi);
  });

  it("hands a chunk merged into the entry the entry's copy, and loading it reads nothing", async () => {
    const shared = { counter: 1 };
    const { load, reads } = loaderOver({ 'chunk-a-1.js': 'exports.shared = require("./chunk-shared-2.js");' }, { merged: { './chunk-shared-2.js': shared } });
    assert.equal(((await load('./chunk-a-1.js')) as { shared: unknown }).shared, shared);
    assert.equal(await load('./chunk-shared-2.js'), shared);
    assert.deepEqual(reads, ['chunk-a-1.js']);
  });

  it('loads the lazy chunks a chunk imports statically before running it, and shares them with the next chunk', async () => {
    const { load, reads } = loaderOver(
      {
        'chunk-a-1.js': 'exports.dep = require("./chunk-dep-3.js");',
        'chunk-b-2.js': 'exports.dep = require("./chunk-dep-3.js");',
        'chunk-dep-3.js': 'exports.made = {};',
      },
      { deps: { './chunk-a-1.js': ['./chunk-dep-3.js'], './chunk-b-2.js': ['./chunk-dep-3.js'] } },
    );
    const a = (await load('./chunk-a-1.js')) as { dep: { made: object } };
    const b = (await load('./chunk-b-2.js')) as { dep: { made: object } };
    assert.ok(a.dep.made);
    assert.equal(a.dep, b.dep);
    assert.deepEqual([...reads].sort(), ['chunk-a-1.js', 'chunk-b-2.js', 'chunk-dep-3.js']);
  });

  it("gives a chunk's import() of another chunk (__loadChunk) the same loader", async () => {
    const { load, reads } = loaderOver({
      'chunk-a-1.js': 'exports.later = () => __loadChunk("./chunk-later-4.js");',
      'chunk-later-4.js': 'exports.value = "later";',
    });
    const a = (await load('./chunk-a-1.js')) as { later(): Promise<{ value: string }> };
    assert.deepEqual(reads, ['chunk-a-1.js']);
    assert.equal((await a.later()).value, 'later');
    assert.equal(await a.later(), await load('./chunk-later-4.js'));
  });

  it('names the module a chunk requires that is neither in the entry nor loaded before it', async () => {
    const { load } = loaderOver({ 'chunk-a-1.js': 'require("./chunk-missing-9.js");' });
    await assert.rejects(load('./chunk-a-1.js'), /Cannot load module '\.\/chunk-missing-9\.js' from \.\/chunk-a-1\.js/);
  });

  it('refuses a path that is not a chunk of the build, reading nothing', async () => {
    const { load, reads } = loaderOver({});
    await assert.rejects(load('../secrets.js'), /Not a chunk of RepoDesk's browser build: \.\.\/secrets\.js/);
    await assert.rejects(load('./chunk-a-1.js/../../x.js'), /Not a chunk/);
    // A chunk's name in another folder is not one of the build's.
    await assert.rejects(load('../chunk-a-1.js'), /Not a chunk/);
    assert.deepEqual(reads, []);
  });

  it('tries a failed read again on the next use (a network blip is not remembered)', async () => {
    const files: Record<string, string> = {};
    const { load, reads } = loaderOver(files);
    await assert.rejects(load('./chunk-a-1.js'), /no file chunk-a-1\.js/);
    files['chunk-a-1.js'] = 'exports.ok = true;';
    assert.deepEqual(await load('./chunk-a-1.js'), { ok: true });
    assert.deepEqual(reads, ['chunk-a-1.js', 'chunk-a-1.js']);
  });

  it("names the chunk's file in its stack traces (the sourceURL)", async () => {
    const { load } = loaderOver({ 'chunk-a-1.js': 'exports.fail = () => { throw new Error("inside"); };' });
    const a = (await load('./chunk-a-1.js')) as { fail(): void };
    assert.throws(a.fail, (err: Error) => (err.stack ?? '').includes('https://extension.example/dist/web/chunk-a-1.js'));
  });
});
