// The programmatic API behind `startEmulator` and the `repodesk-emulator`
// command: the options of the command line as an object, a data folder or a
// throw-away one (`memory`), the server listening once the promise resolves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmulator, useModules, type Emulator } from './server';
import { allModules } from './modules';
import type { EmulatorOptions } from './options';

/** The options of `startEmulator`: those of the command line, with defaults for a test. */
export interface StartOptions extends Partial<Omit<EmulatorOptions, 'dataDir'>> {
  /** Folder for the SQLite database and the bare git repositories; kept after `close()`. */
  dataDir?: string | undefined;
  /** A throw-away data folder (in the system's temporary folder), removed by `close()`. Excludes `dataDir`. */
  memory?: boolean | undefined;
  /** Receives the emulator's log lines (never a secret); none by default. */
  log?: ((line: string) => void) | undefined;
}

/** A running emulator. */
export interface RunningEmulator {
  /** Base URL of both APIs, without a trailing slash (e.g. http://127.0.0.1:41234). */
  url: string;
  /** Base URL of the v3 API: `url`, or `url` and `/api/v3` with `pathPrefix`. */
  apiUrl: string;
  /** The data folder in use (the throw-away one with `memory`). */
  dataDir: string;
  /**
   * Refuses connections until `resume()`, as a service that is down: the port
   * is closed and open connections are dropped; the data and the URL stay.
   */
  pause(): Promise<void>;
  /** Answers again, on the same port, after `pause()`. */
  resume(): Promise<void>;
  /** Stops the server; with `memory`, removes the data folder too. */
  close(): Promise<void>;
}

/** Starts the emulator with every module; for white-box tests the result also holds the server's internals. */
export async function launch(options: StartOptions): Promise<Emulator & { dataDir: string }> {
  const { memory, log, dataDir: givenDir, ...rest } = options;
  if (memory && givenDir) throw new Error('startEmulator: give either dataDir or memory: true, not both');
  if (!memory && !givenDir) throw new Error('startEmulator: give dataDir (a folder for the data) or memory: true (a throw-away one)');
  const dataDir = givenDir ? path.resolve(givenDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-emulator-'));
  const removeData = () => {
    if (memory) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  useModules(allModules);
  let emulator: Emulator;
  try {
    emulator = await createEmulator({ ...rest, port: rest.port ?? 0, host: rest.host ?? '127.0.0.1', logRequests: rest.logRequests ?? false, dataDir }, log);
  } catch (err) {
    removeData();
    throw err;
  }
  const closeServer = emulator.close.bind(emulator);
  return Object.assign(emulator, {
    dataDir,
    async close() {
      await closeServer();
      removeData();
    },
  });
}

/** Starts the emulator; resolves once it listens with its seed loaded. */
export async function startEmulator(options: StartOptions): Promise<RunningEmulator> {
  const emulator = await launch(options);
  return {
    url: emulator.url,
    apiUrl: emulator.apiUrl,
    dataDir: emulator.dataDir,
    pause: () => emulator.pause(),
    resume: () => emulator.resume(),
    close: () => emulator.close(),
  };
}
