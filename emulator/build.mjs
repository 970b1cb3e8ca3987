// Builds the emulator package: dist/main.js (the `repodesk-emulator` command),
// dist/index.js (`startEmulator`) and dist/testing.js (the white-box entry),
// CommonJS for Node 20. The package's dependencies stay external: npm installs
// them beside it. Not minified, so stack traces stay readable.
//   node build.mjs [--watch]      (the repository's `npm run build` runs it too)
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * dist/scenarios/demo.json: the demo (scenarios/demo.yaml) as JSON, which the
 * emulator reads in a fraction of the time the YAML takes (src/scenario/demo.ts).
 * A YAML that does not parse gets no copy: the emulator then reports it with its lines.
 */
const demoJson = {
  name: 'demo-scenario-json',
  setup(build) {
    build.onEnd(() => {
      const target = path.join(here, 'dist', 'scenarios', 'demo.json');
      fs.rmSync(target, { force: true });
      let data;
      try {
        data = parse(fs.readFileSync(path.join(here, 'scenarios', 'demo.yaml'), 'utf8'), { uniqueKeys: true });
      } catch {
        return;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, JSON.stringify(data));
    });
  },
};

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
  plugins: [demoJson],
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const run = process.argv.includes('--watch') ? esbuild.context(emulatorBuild).then((c) => c.watch()) : esbuild.build(emulatorBuild);
  run.catch(() => process.exit(1));
}
