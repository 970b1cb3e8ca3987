// The browser build's chunks, loaded on first use (esbuild.mjs,
// `splitForTheWeb`): a web worker extension host gives an extension one file,
// so RepoDesk reads each further chunk itself and runs it as a CommonJS
// module, as VS Code's web extension host runs the entry (`new Function`
// around the fetched source, with `module`, `exports` and `require`).
// Pure: reading a file and the host's own modules are handed in.

/** A chunk's file name as the bundles name it: `./chunk-<name>-<hash>.js`. */
type ChunkPath = string;

export interface ChunkLoaderOptions {
  /** The text of a chunk file in dist/web/ (`chunk-….js`, no `./`). */
  read(file: string): Promise<string>;
  /** The modules the host provides, by the id a chunk requires them with (the editor's API). */
  external: Readonly<Record<string, unknown>>;
  /** The chunks esbuild put in the entry: their one copy, by path. */
  merged: Readonly<Record<ChunkPath, unknown>>;
  /** Each lazy chunk's static imports of other lazy chunks (loaded before it). */
  deps: Readonly<Record<ChunkPath, readonly ChunkPath[]>>;
  /** Where a chunk's source says it came from, for stack traces and the debugger. */
  sourceUrl(file: string): string;
}

export type LoadChunk = (path: ChunkPath) => Promise<unknown>;

type ChunkFunction = (module: { exports: unknown }, exports: unknown, require: (id: string) => unknown, loadChunk: LoadChunk) => void;

/** Returns `load(path)`: the chunk's exports, read and run once however many ask. */
export function createChunkLoader(o: ChunkLoaderOptions): LoadChunk {
  const ready = new Map<ChunkPath, unknown>();
  const loading = new Map<ChunkPath, Promise<unknown>>();

  const requireInChunk =
    (from: ChunkPath) =>
    (id: string): unknown => {
      if (Object.hasOwn(o.external, id)) return o.external[id];
      if (Object.hasOwn(o.merged, id)) return o.merged[id];
      if (ready.has(id)) return ready.get(id);
      throw new Error(`Cannot load module '${id}' from ${from}: it is neither in the extension's entry nor loaded before it`);
    };

  const load: LoadChunk = (path) => {
    if (Object.hasOwn(o.merged, path)) return Promise.resolve(o.merged[path]);
    let pending = loading.get(path);
    if (!pending) {
      pending = (async () => {
        if (!/^\.\/chunk-[\w-]+\.js$/.test(path)) throw new Error(`Not a chunk of RepoDesk's browser build: ${path}`);
        // Its own static imports first, at the same time as its source.
        const file = path.slice(2);
        const [source] = await Promise.all([o.read(file), ...(o.deps[path] ?? []).map(load)]);
        // How VS Code's web extension host itself runs an extension's CommonJS file (its `_loadCommonJSModule`).
        const run = new Function('module', 'exports', 'require', '__loadChunk', `${source}\n//# sourceURL=${o.sourceUrl(file)}`) as ChunkFunction;
        const exports = {};
        const module = { exports: exports as unknown };
        run(module, exports, requireInChunk(path), load);
        ready.set(path, module.exports);
        return module.exports;
      })();
      loading.set(path, pending);
      // A failed read may succeed later (a network blip): the next use tries again.
      pending.catch(() => loading.delete(path));
    }
    return pending;
  };
  return load;
}
