// Starts the emulator in-process on a free port with a fresh data folder, for
// tests that talk to it over real HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmulator, useModules, type Emulator } from '../../src/server';
import { allModules } from '../../src/modules';
import type { EmulatorOptions } from '../../src/options';

export interface TestEmulator extends Emulator {
  dataDir: string;
  /** Closes the server and removes its data folder. */
  dispose(): Promise<void>;
}

export async function startEmulator(overrides: Partial<EmulatorOptions> & { keepData?: boolean } = {}): Promise<TestEmulator> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-test-'));
  useModules(allModules);
  const emulator = await createEmulator({ port: 0, host: '127.0.0.1', dataDir, logRequests: false, ...overrides });
  return Object.assign(emulator, {
    dataDir,
    async dispose() {
      await emulator.close();
      if (!overrides.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
