// The endpoint rows of the service documents as the project keeps them:
// spec-inventory.json, written once by scripts/spec-inventory.mjs. Tests read
// this file, never the documents.
import inventory from './spec-inventory.json';

export interface SpecRow {
  /** The service document (or `README.md`, where the services' documentation records what it leaves out) the row is in. */
  document: string;
  /** Its section heading. */
  section: string;
  method: string;
  /** The path with `:name` parameters. */
  path: string;
}

export const SPEC_ROWS: readonly SpecRow[] = inventory.rows;

/** `METHOD /path`, as the rows are named in test titles and messages. */
export function endpointOf(row: SpecRow): string {
  return `${row.method} ${row.path}`;
}
