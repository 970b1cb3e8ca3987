// Builds the emulator package: dist/main.js (the `repodesk-emulator` command),
// dist/index.js (`startEmulator`) and dist/testing.js (the white-box entry),
// CommonJS for Node 20. The package's dependencies stay external: npm installs
// them beside it. Not minified, so stack traces stay readable.
//   node build.mjs [--watch]      (the repository's `npm run build` runs it too)
import * as esbuild from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** @type {esbuild.BuildOptions} */
export const emulatorBuild = {
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts', index: 'src/index.ts', testing: 'src/testing.ts' },
  outdir: 'dist',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const run = process.argv.includes('--watch') ? esbuild.context(emulatorBuild).then((c) => c.watch()) : esbuild.build(emulatorBuild);
  run.catch(() => process.exit(1));
}
