/* global requestAnimationFrame */
// The one VS Code window the e2e suites share. run-e2e.mjs fills it in a root
// hook before any test runs; test/e2e/*.e2e.mjs import it.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './codeServer.mjs';

export const resultsDir = path.join(repoRoot, 'test-results');

export const session = {
  /** @type {import('playwright-core').Page} */
  page: /** @type {any} */ (undefined),
  /** Base URL of the emulator the extension is configured with. */
  emulatorUrl: '',
  emulatorDataDir: '',
  /** Base URL of the second emulator (the enterprise form: its API under /api/v3). */
  enterpriseUrl: '',
  /** The workbench's user settings file (a journey that configures services writes it, as a person edits it). */
  userSettingsFile: '',
  codeServerUrl: '',
  /** The browser build's tests: a second emulator that allows no cross-origin request. */
  noCorsUrl: '',
  /** Copies RepoDesk's log of the window to `file`; returns its last lines (none in the browser build). */
  keepExtensionLog: /** @type {(file: string) => string[]} */ (() => []),
  /** The folder the window has open (a plain folder, not a git repository). */
  workspaceDir: '',
  /** Makes the emulator refuse connections (`true`, a service that is down) or accept them again. */
  refuseConnections: /** @type {(on: boolean) => Promise<void>} */ (
    async () => {
      throw new Error('this run has no emulator that can refuse connections');
    }
  ),
};

/** Saves a full-window screenshot as test-results/<name>.png and returns its path. */
export async function screenshot(name) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.png`);
  await session.page.screenshot({ path: file });
  return file;
}

/**
 * Resolves once the document of `target` (the page, or a locator in a
 * webview's frame) has drawn two more frames: what was just changed in it
 * (a scroll, a tooltip hidden, a list drawn) is on screen, for a screenshot.
 */
export async function drawn(target = session.page) {
  await target.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The element of a view container, e.g. `workbench.view.extension.repodesk`. */
export function viewContainer(id) {
  return session.page.locator(`[id="${id}"]`);
}
