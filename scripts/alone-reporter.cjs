// The mocha reporter of scripts/alone.mjs's shuffled unit and emulator runs:
// the stats reporter's output and totals, plus each failure (a test or a hook)
// with its file, written to $REPODESK_STATS_FILE as `{ failed: [...] }`: the
// spec reporter's list names no file, and a file that fails only after
// another is what the run looks for.
const fs = require('node:fs');
const path = require('node:path');
const StatsReporter = require('../test/support/stats-reporter.cjs');

class AloneReporter extends StatsReporter {
  constructor(runner, options) {
    super(runner, options);
    const failed = [];
    runner.on('fail', (test, err) => {
      failed.push({
        file: test.file ? path.relative(process.cwd(), test.file) : '',
        title: test.fullTitle(),
        reason: String(err?.message ?? err).split('\n')[0],
      });
    });
    runner.once('end', () => {
      if (process.env.REPODESK_STATS_FILE) fs.appendFileSync(process.env.REPODESK_STATS_FILE, JSON.stringify({ failed }) + '\n');
    });
  }
}
module.exports = AloneReporter;
