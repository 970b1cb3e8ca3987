// Command-line options of the emulator: `node dist/emulator.js --port <n>
// --data <dir> [--seed demo] [--host <h>] [--base-url <url>]`.
import { parseArgs } from 'node:util';
import path from 'node:path';

export interface EmulatorOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind; loopback by default so nothing is exposed. */
  host: string;
  /** Folder holding the SQLite database and the bare git repositories. */
  dataDir: string;
  /** Name of a seed to load into an empty data folder. */
  seed?: 'demo' | undefined;
  /** Public base URL used in every `*_url`; defaults to http://host:port. */
  baseUrl?: string | undefined;
  /** Log one line per request to stdout. */
  logRequests: boolean;
}

export const DEFAULT_PORT = 7480;

export const USAGE = `Usage: node dist/emulator.js [--port <n>] --data <dir> [--seed demo] [--host <h>] [--base-url <url>] [--quiet]

  --port <n>        port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --data <dir>      folder for the SQLite database and the bare git repositories
  --seed demo       load the demo data set when the data folder is empty
  --host <h>        interface to bind (default 127.0.0.1)
  --base-url <url>  public base URL written into every *_url (default http://<host>:<port>)
  --quiet           no per-request log lines
`;

export class UsageError extends Error {}

export function parseOptions(argv: string[]): EmulatorOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      seed: { type: 'string' },
      'base-url': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) throw new UsageError(USAGE);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, got "${values.port}"\n\n${USAGE}`);
  if (!values.data) throw new UsageError(`--data <dir> is required\n\n${USAGE}`);
  if (values.seed !== undefined && values.seed !== 'demo') throw new UsageError(`unknown seed "${values.seed}" (known: demo)\n\n${USAGE}`);
  if (values['base-url'] !== undefined) {
    try {
      new URL(values['base-url']);
    } catch {
      throw new UsageError(`--base-url must be an absolute URL, got "${values['base-url']}"`);
    }
  }
  return {
    port,
    host: values.host ?? '127.0.0.1',
    dataDir: path.resolve(values.data),
    seed: values.seed as 'demo' | undefined,
    baseUrl: values['base-url']?.replace(/\/+$/, ''),
    logRequests: !values.quiet,
  };
}
