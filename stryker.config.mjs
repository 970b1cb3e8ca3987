// Mutation testing of the pure modules (docs/TESTING.md, "Mutation testing").
// Stryker changes one expression at a time in a copy of the repository
// (.stryker-tmp/) and runs the in-process unit suite against it: a mutant
// that no test notices is a behaviour no test pins down.
//
//   npm run test:mutation                              every module below (hours)
//   npm run test:mutation:changed                      the changed modules, incrementally
//   npm run test:mutation:changed -- src/hosting/core.ts   one file, incrementally
//
// The emulator's conformance suite (emulator/test) runs the built server as a
// separate process, where Stryker cannot see a mutant killed: only the unit
// suites count here, the extension's and the emulator package's
// (emulator/test/unit).

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'mocha',
  mochaOptions: {
    // The unit suite's own settings (the tsx/cjs loader), and both unit suites' files.
    config: 'test/unit/.mocharc.json',
    spec: ['test/unit/**/*.test.ts', 'emulator/test/unit/**/*.test.ts'],
  },
  // The extension's tests reach the emulator by its package name; this condition maps it to its TypeScript source.
  testRunnerNodeArgs: ['--conditions=development'],
  // Only the tests that execute a mutant run against it.
  coverageAnalysis: 'perTest',
  mutate: [
    // The v3 client.
    'src/hosting/**/*.ts',
    // The v2 client.
    'src/engagement/**/*.ts',
    // Pure modules of the extension.
    'src/gitdata/**/*.ts',
    'src/util/**/*.ts',
    // The features' pure models (src/features/<name>/model).
    'src/features/*/model/**/*.ts',
    'src/features/review/*/model/**/*.ts',
    // What the threads and the overview draw of the pending review and the queued comments.
    'src/features/review/stores/draftsShown.ts',
    'src/listings/**/*.ts',
    // Suggestions and viewed files, shared by the threads, the views and the overview.
    'src/reviewing/**/*.ts',
    // The OAuth web flow's callback check and the browser build's chunk loader.
    'src/oauth/callbackQuery.ts',
    'src/platform/chunkLoader.ts',
    // The emulator's conventions: pagination, conditional requests, rate limit, scopes, errors.
    'emulator/src/hosting/conventions/{conventions,pagination,rate-limit,scopes,errors,response-cache}.ts',
    // Git data and tree building, review placement and diff mapping, statistics.
    'emulator/src/git/**/*.ts',
    'emulator/src/hosting/pulls/{review-placement,diff}.ts',
    // The message editor's store: its paths and what outlives a reload.
    'src/features/shared/messageEditor/messageStore.ts',
    // The overview's kept pages, a page's drawing for the next, and the page every webview starts from.
    'src/features/pullOverview/keptPages.ts',
    'src/features/shared/webview/drawnPage.ts',
    'src/features/shared/panels/webviewHtml.ts',
    // The vendor routes' path and compare rules (outside the documents, --vendor github).
    'emulator/src/hosting/vendor-github/rules.ts',
    'emulator/src/stats/**/*.ts',
    // The emulator's v2 conventions.
    'emulator/src/engagement/{dates,params}.ts',
    // Scenario files: their history plan, checks and loader.
    'emulator/src/scenario/{history,problems,references,load,dates,generate}.ts',
    // Re-exports only.
    '!src/**/index.ts',
    '!emulator/src/**/index.ts',
    // Its type import carries an import attribute (`with { 'resolution-mode': 'import' }`) that Stryker 8.7's
    // parser (Babel 7.25) cannot read; the engagement client's tests still run against the rest.
    '!src/engagement/transport.ts',
  ],
  // The sandbox copy needs the sources, the tests and their fixtures, nothing built or downloaded.
  // docs/ stays: a lint test checks that the code's citations name its sections.
  ignorePatterns: ['/dist', '/emulator/dist', '/out', '/.vscode-test', '/test-results', '/.data', '/reports', '/test/e2e', '/test/integration', '/media'],
  // Two cores shared with others: override with --concurrency.
  concurrency: 2,
  // The in-process emulator makes some tests slow on a loaded machine.
  timeoutMS: 20000,
  dryRunTimeoutMinutes: 20,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 85, low: 70, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
