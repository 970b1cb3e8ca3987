// Mocha reporter: the spec reporter's output, plus the run's totals and each
// test's duration written as JSON to $REPODESK_STATS_FILE so that
// scripts/test-all.mjs can print one closing "N passed, N failed" line for the
// whole suite, list the slowest tests, and name the failed ones at the end.
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

class StatsReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const tests = [];
    const failed = [];
    runner.on('fail', (test, err) => {
      failed.push({ title: test.fullTitle(), file: test.file ? path.relative(process.cwd(), test.file) : '', reason: firstLine(err) });
    });
    runner.on('test end', (test) => {
      if (test.duration !== undefined)
        tests.push({ title: test.fullTitle(), file: test.file ? path.relative(process.cwd(), test.file) : '', ms: test.duration });
    });
    runner.once('end', () => {
      const file = process.env.REPODESK_STATS_FILE;
      if (!file) return;
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      fs.appendFileSync(file, JSON.stringify({ passes, failures, pending, tests, failed }) + '\n');
    });
  }
}
/** What a failure says, on one line: CI shows the end of the output, where the failed tests are named again. */
function firstLine(err) {
  const text = String((err && err.message) || err || '').trim();
  return text.split('\n')[0].slice(0, 300);
}
module.exports = StatsReporter;
