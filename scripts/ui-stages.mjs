// The UI stages, each a window of its own (code-server or VS Code with its own emulator), as `npm test` and
// `npm run test:stress` run them: UI_WINDOWS at a time, the next in this list starting when one ends. On the
// 2-core machine each window waits on its page most of the time (under half a core of CPU over its wall time),
// so three run side by side; a fourth at once made all of them slower. The e2e files take two windows: the
// journeys that reload the window run in the second one, which starts when the web stage (the shortest) ends,
// so the three windows end at about the same time.
export const UI_WINDOWS = 3;

// Word lists as REPODESK_E2E_FILES takes them (a file is picked when its name has one of the words).
const reloadJourneys = ['workflows-journey-commit-merge', 'workflows-journey-pending-review'].join(',');

export const uiStages = [
  { name: 'integration', script: 'test/harness/run-integration.mjs' },
  { name: 'e2e', script: 'test/harness/run-e2e.mjs', env: { REPODESK_E2E_EXCEPT: reloadJourneys } },
  // The browser build (dist/web/) in code-server's web worker extension host.
  { name: 'web', script: 'test/harness/run-web.mjs' },
  { name: 'e2e-reloads', script: 'test/harness/run-e2e.mjs', env: { REPODESK_E2E_FILES: reloadJourneys } },
];
