// Mocha reporter: the spec reporter's output, plus the run's totals written
// as JSON to $REPODESK_STATS_FILE so that scripts/test-all.mjs can print one
// closing "N passed, N failed" line for the whole suite.
const fs = require('node:fs');
const Mocha = require('mocha');

class StatsReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const file = process.env.REPODESK_STATS_FILE;
      if (!file) return;
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      fs.appendFileSync(file, JSON.stringify({ passes, failures, pending }) + '\n');
    });
  }
}
module.exports = StatsReporter;
