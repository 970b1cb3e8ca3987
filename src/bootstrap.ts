// What VS Code loads first (dist/extension.js): it requires the extension,
// split so that features load on first use (dist/main/, see esbuild.mjs),
// and forwards activate/deactivate to it.
type Main = { activate(context: unknown, loaderAt?: number): Promise<unknown>; deactivate(): void };
let main: Main | undefined;
// Built beside this file by esbuild.mjs (a path, not a module TypeScript resolves).
const MAIN = './main/extension.js';

export async function activate(context: unknown): Promise<unknown> {
  // The first phase of the start-up benchmark: before the module graph is read.
  const loaderAt = Date.now();
  // `require`, not `import()`: read in one go, with no turn of the event loop
  // for the other extensions starting beside this one (esbuild.mjs says why).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file beside this bundle, not a module to bundle
  main = require(MAIN) as Main;
  return main.activate(context, loaderAt);
}

export function deactivate(): void {
  main?.deactivate();
}
