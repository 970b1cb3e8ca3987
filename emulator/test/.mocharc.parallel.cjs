// The emulator suite as `npm test` runs it (its emulator stage) and as
// `npm test -w @repodesk/emulator` does: test/.mocharc.json's files and
// options, in 2 worker processes (one per core of the 2-core machine the suite
// is timed on). The files are independent: each starts its own emulators on
// port 0, in folders of its own from mkdtemp; the package's test packs a copy
// of the package, so no file rewrites dist/ while another spawns dist/main.js.
// Mocha hands the files to the workers in this list's order: the longest go
// first (the soak's fixed stretch of traffic, the SIGKILL rounds, npm pack),
// so that no worker is left with one of them at the end while the other
// idles; the rest follow in name order. test/.mocharc.json stays the serial
// run (scripts/alone.mjs runs its files shuffled, to find order dependences).
const fs = require('node:fs');
const path = require('node:path');
const serial = require('./.mocharc.json');

const LONGEST_FIRST = [
  'soak.test.ts',
  'seed-crash.test.ts',
  'package/scratch-project.test.ts',
  'hosting-git-data-smart-http-memory.test.ts',
  'write-crash.test.ts',
  'hosting-octokit-workflows.test.ts',
  'scenario-seed.test.ts',
  'fuzz-routes.test.ts',
  'interruptions.test.ts',
  'hosting-durability.test.ts',
];

// test/.mocharc.json's spec, test/**/*.test.ts, as a list (mocha runs a file given twice twice).
if (JSON.stringify(serial.spec) !== JSON.stringify(['test/**/*.test.ts']))
  throw new Error('test/.mocharc.parallel.cjs: update its file list to test/.mocharc.json spec');
const files = fs
  .readdirSync(__dirname, { recursive: true })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
const ordered = [...LONGEST_FIRST.filter((f) => files.includes(f)), ...files.filter((f) => !LONGEST_FIRST.includes(f))];

module.exports = { ...serial, parallel: true, jobs: 2, spec: ordered.map((f) => path.join(__dirname, f)) };
