// Debian's Chromium driven by playwright-core, with the flags that keep it
// from reaching out to the network (the machines this runs on have no network beyond the package registries).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export async function launchBrowser({ viewport = { width: 1400, height: 900 } } = {}) {
  const executablePath = CANDIDATES.find((p) => p && fs.existsSync(p));
  if (!executablePath) throw new Error('Chromium is not installed: apt-get install -y chromium');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
