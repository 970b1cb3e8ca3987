// Writes test/support/spec-inventory.json: every endpoint row of the three
// service documents (method, path, document, section), as data the project
// keeps. The documents are not part of this repository: give the folder that
// holds them as the first argument. Run it by hand when the documents change
// (`node scripts/spec-inventory.mjs <folder>`) and commit the result; no test
// and no build step runs it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!process.argv[2]) {
  console.error('usage: node scripts/spec-inventory.mjs <folder with the services\' documents>');
  process.exit(2);
}
const specDir = path.resolve(process.argv[2]);
const out = path.join(root, 'test', 'support', 'spec-inventory.json');

const DOCUMENTS = {
  'v3-conventions-auth-webhooks.md': 'Hosting service v3: conventions, authentication, OAuth tokens and webhooks',
  'v3-repository-resources.md': 'Hosting service v3: repository resources',
  'v2-engagement.md': 'Engagement service v2: authentication, contacts and cases',
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

/** `<contact_id>` and `:id` alike become `:name`; the OAuth pages' `{auth_url}` prefix is dropped (they are on the web address). */
function normalPath(written) {
  return written.replace(/^\{auth_url\}/, '').replace(/<([A-Za-z_][A-Za-z0-9_]*)>/g, ':$1');
}

/**
 * The rows of one document: `| METHOD | /path | …` in every table, the
 * method-less statistics table (all GET, document 2) and the two steps of the
 * OAuth web flow (`| 1. Ask the user | GET {auth_url}/login/oauth/authorize |`,
 * document 1). Other tables (fields, parameters, state transitions) are not
 * endpoint rows.
 */
function readRows(document) {
  const text = fs.readFileSync(path.join(specDir, document), 'utf8');
  const rows = [];
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^#{2,4}\s+(.*)$/.exec(line);
    if (heading) {
      section = heading[1].trim();
      continue;
    }
    if (!line.startsWith('|')) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const [first = '', second = ''] = cells;
    const step = /^([A-Z]+) (\{auth_url\}\/\S*)$/.exec(second);
    if (METHODS.has(first) && second.startsWith('/')) rows.push({ method: first, written: second });
    else if (section === 'Statistics' && first.startsWith('/repos/')) rows.push({ method: 'GET', written: first });
    else if (section === 'Web application flow' && step && METHODS.has(step[1])) rows.push({ method: step[1], written: step[2] });
    else continue;
    const row = rows[rows.length - 1];
    rows[rows.length - 1] = { document, section, method: row.method, path: normalPath(row.written) };
  }
  return rows;
}

// The spec's README settles behaviour the documents leave out ("not shown"),
// in prose rather than tables; these are the endpoints it names, transcribed
// by hand (its `.../hooks/:id` shorthand written out).
const README_SECTION = 'Where the documents say "not shown"';
const README_ROWS = [
  ['GET', '/hooks'],
  ['POST', '/repos/:owner/:repo/hooks'],
  ['GET', '/repos/:owner/:repo/hooks'],
  ['GET', '/repos/:owner/:repo/hooks/:id'],
  ['PATCH', '/repos/:owner/:repo/hooks/:id'],
  ['DELETE', '/repos/:owner/:repo/hooks/:id'],
  ['POST', '/repos/:owner/:repo/hooks/:id/tests'],
  ['POST', '/repos/:owner/:repo/hooks/:id/pings'],
  ['POST', '/repos/:owner/:repo/git/blobs'],
  ['GET', '/repos/:owner/:repo/git/blobs/:sha'],
  ['POST', '/repos/:owner/:repo/pulls'],
  ['GET', '/repos/:owner/:repo/pulls/:number/files'],
  ['GET', '/repos/:owner/:repo/pulls/:number/commits'],
  ['POST', '/api/v2/contact/:contact_id/tags'],
  ['POST', '/api/v2/case/:case_id/tags'],
  ['POST', '/api/v2/contact/:contact_id/profiles/add'],
  ['POST', '/api/v2/contact/:contact_id/profiles/remove'],
  ['POST', '/api/v2/message'],
].map(([method, p]) => ({ document: 'README.md', section: README_SECTION, method, path: p }));

if (!fs.existsSync(specDir)) {
  console.error(`No service documents at ${specDir}; give their folder as the first argument.`);
  process.exit(1);
}
const rows = [...Object.keys(DOCUMENTS).flatMap(readRows), ...README_ROWS];
const inventory = {
  about: [
    'Every endpoint row of the three service documents (hosting v3: conventions and tokens, repository resources; engagement v2),',
    'plus the endpoints the specification README settles in prose (document "README.md").',
    'Paths use :name parameters. Written once by scripts/spec-inventory.mjs from the documents; tests read only this file.',
  ].join(' '),
  documents: { ...DOCUMENTS, 'README.md': 'Specification README: behaviour the documents leave out' },
  rows,
};
// One row a line, so that a change of the documents reads as a diff of rows.
const json = JSON.stringify({ ...inventory, rows: [] }, null, 2)
  .replace('"rows": []', `"rows": [\n${rows.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ]`);
fs.writeFileSync(out, `${json}\n`);
const counts = Object.fromEntries(Object.keys(inventory.documents).map((d) => [d, rows.filter((r) => r.document === d).length]));
console.log(`${path.relative(root, out)}: ${rows.length} rows`, counts);
