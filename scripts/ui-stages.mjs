// The UI stages, each a window of its own (code-server or VS Code with its own emulator), as `npm test` and
// `npm run test:stress` run them: UI_WINDOWS at a time. On the 2-core machine each window waits on its page most of
// the time (under half a core of CPU over its wall time), so the three run side by side. Four windows (the e2e files
// split in two) were slower on that machine, and a fresh window whose first webviews were the create form and then an
// overview once left the overview blank for 30 s (1 of 5 stress runs): the e2e files share one window.
export const UI_WINDOWS = 3;

export const uiStages = [
  { name: 'integration', script: 'test/harness/run-integration.mjs' },
  { name: 'e2e', script: 'test/harness/run-e2e.mjs' },
  // The browser build (dist/web/) in code-server's web worker extension host.
  { name: 'web', script: 'test/harness/run-web.mjs' },
];
