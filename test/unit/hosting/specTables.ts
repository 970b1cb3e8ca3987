// Reads the endpoint rows of the spec's v3 documents (../shared/spec relative
// to the repository root) so tests can walk them.
import fs from 'node:fs';
import path from 'node:path';

export const SPEC_DIR = path.resolve(__dirname, '../../..', '../shared/spec');

export interface SpecRow {
  document: string;
  section: string;
  endpoint: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

/** Rows `| METHOD | /path | ...` of every table, plus the method-less statistics table (all GET). */
export function readSpecRows(document: string): SpecRow[] {
  const text = fs.readFileSync(path.join(SPEC_DIR, document), 'utf8');
  const rows: SpecRow[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^#{2,4}\s+(.*)$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      continue;
    }
    if (!line.startsWith('|')) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const [first = '', second = ''] = cells;
    if (METHODS.has(first) && second.startsWith('/')) rows.push({ document, section, endpoint: `${first} ${second}` });
    else if (section === 'Statistics' && first.startsWith('/repos/')) rows.push({ document, section, endpoint: `GET ${first}` });
  }
  return rows;
}
