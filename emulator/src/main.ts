#!/usr/bin/env node
// CLI entry of the emulator: the `repodesk-emulator` command (dist/main.js).
import './young-generation'; // first: see there
import { parseOptions, UsageError } from './options';
import { ScenarioError } from './scenario/problems';
import { startEmulator } from './start';

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(e as Error).message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const started = performance.now();
  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  const emulator = await startEmulator({ ...options, log });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    emulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // SIGUSR2 toggles refusing connections (a test of a service that is down, run as a process).
  let refusing = false;
  process.on('SIGUSR2', () => {
    refusing = !refusing;
    (refusing ? emulator.pause() : emulator.resume()).then(
      () => log(refusing ? 'SIGUSR2: refusing connections' : 'SIGUSR2: accepting connections again'),
      (err: unknown) => log(`SIGUSR2: ${String(err)}`),
    );
  });
  // Announced only once the signal handlers are in place: a caller may stop us right after.
  log(
    `RepoDesk emulator listening on ${emulator.url}${options.pathPrefix ? ` (v3 API at ${emulator.apiUrl})` : ''} (data: ${emulator.dataDir}${options.memory ? ', removed on exit' : ''}) in ${Math.round(performance.now() - started)} ms`,
  );
}

main().catch((err: unknown) => {
  // A bad scenario file is the caller's input: its problems, not a stack trace.
  if (err instanceof ScenarioError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`emulator failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
