// Starts the emulator in-process on a free port with a fresh data folder, for
// tests that talk to it over real HTTP (the package's testing entry).
//
// `startEmulator({ seed: 'demo' })` starts on a copy of a data folder the demo
// was seeded into once per test process, instead of seeding it again: the
// seed takes seconds (accounts, repositories through git, their history, pull
// requests), a copy milliseconds, and ~40 files start this way. The copy is
// what a restart on a seeded folder serves: the same data, the seed's dates
// (relative ones, `-3h`, counted from the first seed, minutes earlier at most).
// Only that exact call is served so: any other option may change what the
// seed writes (a clock, a base URL) and seeds afresh, as `startFreshEmulator`
// does for the tests of the seed itself (demo-seed.test.ts, and the rest of
// the seed's tests start their own).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestEmulator, type EmulatorOptions, type TestEmulator } from '../../src/testing';

export { startTestEmulator as startFreshEmulator, manualClock, type TestEmulator } from '../../src/testing';

type Overrides = Partial<EmulatorOptions> & { keepData?: boolean };

let demoFolder: Promise<string> | undefined;

/** The folder the demo was seeded into (once per process), closed so that it can be copied. */
function seededDemoFolder(): Promise<string> {
  demoFolder ??= (async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-test-demo-'));
    process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const seeded = await startTestEmulator({ seed: 'demo', dataDir, keepData: true });
    await seeded.dispose();
    return dataDir;
  })();
  return demoFolder;
}

/** A new data folder holding the demo as seeded once per process: an emulator started on it with `seed: 'demo'` serves it without seeding. */
export async function copyOfSeededDemo(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-test-'));
  fs.cpSync(await seededDemoFolder(), dataDir, { recursive: true });
  return dataDir;
}

export async function startEmulator(overrides: Overrides = {}): Promise<TestEmulator> {
  const keys = Object.keys(overrides);
  if (keys.length !== 1 || overrides.seed !== 'demo') return startTestEmulator(overrides);
  return startTestEmulator({ seed: 'demo', dataDir: await copyOfSeededDemo() });
}
