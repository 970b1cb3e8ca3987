// Bundles the integration tests (test/integration/**/*.test.ts and the mocha
// entry index.ts) into out/integration/ for the extension host. `vscode` and
// `mocha` stay external: the host provides the first, node_modules the second.
// A new *.test.ts file is picked up without any change here.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './codeServer.mjs';

export const integrationOutDir = path.join(repoRoot, 'out', 'integration');
export const integrationEntry = path.join(integrationOutDir, 'index.js');

function findTests(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return findTests(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}

export async function buildIntegrationTests() {
  const srcDir = path.join(repoRoot, 'test', 'integration');
  const entryPoints = [path.join(srcDir, 'index.ts'), ...findTests(srcDir)];
  fs.rmSync(integrationOutDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints,
    outbase: srcDir,
    outdir: integrationOutDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return integrationEntry;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await buildIntegrationTests();
  console.log(`integration tests bundled into ${path.relative(repoRoot, integrationOutDir)}`);
}
