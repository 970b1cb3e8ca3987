// What VS Code loads first (dist/extension.js, CommonJS): it imports the
// extension's ES module graph (dist/main/, split so that features load on
// first use) and forwards activate/deactivate to it.
type Main = { activate(context: unknown, loaderAt?: number): Promise<unknown>; deactivate(): void };
let main: Main | undefined;
// Built beside this file by esbuild.mjs (a path, not a module TypeScript resolves).
const MAIN = './main/extension.mjs';

export async function activate(context: unknown): Promise<unknown> {
  // The first phase of the start-up benchmark: before the module graph is read.
  const loaderAt = Date.now();
  main = (await import(MAIN)) as Main;
  return main.activate(context, loaderAt);
}

export function deactivate(): void {
  main?.deactivate();
}
