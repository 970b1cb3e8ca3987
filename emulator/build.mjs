// Builds the emulator package: dist/main.js (the `repodesk-emulator` command),
// dist/index.js (`startEmulator`) and dist/testing.js (the white-box entry),
// CommonJS for Node 20, and dist/scenario.schema.json (the scenario format). The package's dependencies stay external: npm installs
// them beside it. Not minified, so stack traces stay readable.
//   node build.mjs [--watch]      (the repository's `npm run build` runs it too)
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * dist/scenario.schema.json: the scenario format (src/scenario/schema.ts) as a
 * JSON Schema, for editors and other projects' checks (a YAML file can name it
 * with `# yaml-language-server: $schema=...`). What a file may hold (`io: 'input'`).
 */
const scenarioSchemaJson = {
  name: 'scenario-schema-json',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length) return;
      const bundled = await esbuild.build({
        absWorkingDir: here,
        entryPoints: ['src/scenario/schema.ts'],
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'cjs',
        write: false,
        logLevel: 'silent',
      });
      const module = { exports: {} };
      new Function('module', 'exports', 'require', bundled.outputFiles[0].text)(module, module.exports, createRequire(path.join(here, 'package.json')));
      const { z } = createRequire(path.join(here, 'package.json'))('zod');
      const schema = z.toJSONSchema(module.exports.scenarioSchema, { io: 'input', unrepresentable: 'any' });
      const document = { ...schema, title: 'RepoDesk emulator scenario (repodesk-emulator --seed <file>)' };
      fs.mkdirSync(path.join(here, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(here, 'dist', 'scenario.schema.json'), `${JSON.stringify(document, null, 2)}\n`);
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
  plugins: [demoJson, scenarioSchemaJson],
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const run = process.argv.includes('--watch') ? esbuild.context(emulatorBuild).then((c) => c.watch()) : esbuild.build(emulatorBuild);
  run.catch(() => process.exit(1));
}
