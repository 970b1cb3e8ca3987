// Mocha entry for the extension host: VS Code calls run() when it is given
// as extensionTestsPath (code-server's payload or @vscode/test-electron). It
// runs every bundled *.test.js next to it (or those REPODESK_INTEGRATION_FILES names) and logs one REPODESK_STATS line
// that the runner turns into the suite's totals.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';

export const STATS_PREFIX = 'REPODESK_STATS ';
/** Tells the runner that what follows is the tests' output, not start-up noise. */
export const START_MARKER = 'REPODESK_MOCHA_START';

function findTests(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return findTests(full);
    return e.name.endsWith('.test.js') ? [full] : [];
  });
}

/**
 * The bundled test files, or with REPODESK_INTEGRATION_FILES=<a,b> only those whose name
 * (test/integration's, `views-pulls.test.ts`) has one of the words; a word that names no file is an error, not an empty run.
 */
function selectedTests(): string[] {
  const all = findTests(__dirname).sort();
  const words = (process.env.REPODESK_INTEGRATION_FILES ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0) return all;
  const sourceName = (file: string) => path.relative(__dirname, file).replace(/\.js$/, '.ts');
  const chosen = all.filter((file) => words.some((w) => sourceName(file).includes(w)));
  if (chosen.length === 0) throw new Error(`REPODESK_INTEGRATION_FILES=${words.join(',')} names no file of test/integration`);
  console.log(`integration files: ${chosen.map(sourceName).join(', ')}`);
  return chosen;
}

export function run(): Promise<void> {
  // REPODESK_INTEGRATION_GREP=<text> runs only the tests whose title has it (while working on one).
  const grep = process.env.REPODESK_INTEGRATION_GREP;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec', ...(grep ? { grep } : {}) });
  process.setSourceMapsEnabled(true); // stack traces name test/integration/*.ts
  console.log(START_MARKER);
  return new Promise((resolve, reject) => {
    try {
      for (const file of selectedTests()) mocha.addFile(file);
      // Each test's duration: npm test lists the slowest of the whole run.
      const tests: { title: string; file: string; ms: number }[] = [];
      const failed: { title: string; file: string; reason: string }[] = [];
      const runner = mocha.run((failures) => {
        const { passes = 0, pending = 0 } = runner.stats ?? {};
        console.log(STATS_PREFIX + JSON.stringify({ passes, failures, pending }));
        // The durations go straight to npm test's stats file (the host's environment is the runner's): a log line that long could be cut.
        if (process.env.REPODESK_STATS_FILE) fs.appendFileSync(process.env.REPODESK_STATS_FILE, JSON.stringify({ tests, failed }) + '\n');
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
      runner.on('fail', (test, err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        failed.push({
          title: test.fullTitle(),
          file: path.basename(test.file ?? '').replace(/\.js$/, '.ts'),
          reason: (message.trim().split('\n')[0] ?? '').slice(0, 300),
        });
      });
      runner.on('test end', (test) => {
        if (test.duration !== undefined)
          tests.push({ title: test.fullTitle(), file: path.basename(test.file ?? '').replace(/\.js$/, '.ts'), ms: test.duration });
      });
    } catch (err) {
      console.error(err);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
