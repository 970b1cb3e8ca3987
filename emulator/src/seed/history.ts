// The demo repository's history, for the statistics: 520 commits by the five
// demo users over the 52 weeks before the seed time, in their own time zones,
// plus branches, lightweight and annotated tags and a note; the first commit
// also writes the README. Generated from a seeded PRNG, so it is the same for
// a given seed time, and written by one `git fast-import` process (500
// commit-tree calls would take far longer).
import { runGitText, type GitEnvironment } from '../git';
import { DEMO_README } from './demo-readme';

export interface HistoryAuthor {
  login: string;
  name: string;
  email: string;
  /** Offsets the author commits from (a traveller has several). */
  zones: string[];
  /** Relative share of the commits. */
  weight: number;
}

export const HISTORY_AUTHORS: HistoryAuthor[] = [
  { login: 'ada', name: 'Ada Lovelace', email: 'ada@analytical-engines.test', zones: ['+0000'], weight: 30 },
  { login: 'charles', name: 'Charles Babbage', email: 'charles@analytical-engines.test', zones: ['+0000', '+0530'], weight: 25 },
  { login: 'luigi', name: 'Luigi Menabrea', email: 'luigi@analytical-engines.test', zones: ['+0100'], weight: 20 },
  { login: 'mary', name: 'Mary Somerville', email: 'mary@analytical-engines.test', zones: ['+0000'], weight: 15 },
  { login: 'grace', name: 'Grace Hopper', email: 'grace@analytical-engines.test', zones: ['-0500'], weight: 10 },
];

const HISTORY_COMMITS = 520;
/** Where the tags of the demo history point (indexes into the main line, 1-based marks). */
const HISTORY_TAGS = {
  annotated: { 'v0.1.0': 60, 'v1.0.0': 350 },
  lightweight: { 'v0.9.0': 300, 'v1.1.0-rc.1': 480 },
} as const;
const HISTORY_BRANCHES = { 'gear-train': { from: 500, commits: 3 }, 'docs/notation': { from: 510, commits: 2 } } as const;

const DAY = 86_400;
const WEEK = 7 * DAY;

/** mulberry32: small, fast and the same everywhere. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function zoneSeconds(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(3, 5)) * 60);
}

const FILES = [
  'src/engine/column.js',
  'src/engine/carriage.js',
  'src/engine/adder.js',
  'src/engine/table.js',
  'src/printer/stereotype.js',
  'src/printer/typeset.js',
  'src/difference.js',
  'src/index.js',
  'docs/method-of-differences.md',
  'docs/notation.md',
  'test/column.test.js',
  'test/table.test.js',
];
const WORDS = ['wheel', 'column', 'figure', 'carry', 'sector', 'axis', 'lever', 'cam', 'gear', 'tabulate', 'difference', 'polynomial', 'printer', 'stereotype'];
const SUBJECTS = [
  'Tabulate',
  'Fix the carry in',
  'Document',
  'Tidy',
  'Speed up',
  'Test',
  'Simplify',
  'Rename a variable in',
  'Handle negative figures in',
  'Correct a typo in',
];

interface PlannedCommit {
  author: HistoryAuthor;
  zone: string;
  time: number;
}

/** Commit times: working hours in the author's own zone, fewer at weekends, oldest first. */
function planCommits(random: () => number, end: number, count: number): PlannedCommit[] {
  const total = HISTORY_AUTHORS.reduce((s, a) => s + a.weight, 0);
  const pickAuthor = () => {
    let r = random() * total;
    for (const a of HISTORY_AUTHORS) if ((r -= a.weight) < 0) return a;
    return HISTORY_AUTHORS[0]!;
  };
  const firstDay = Math.floor((end - 51 * WEEK) / DAY) + 1;
  const days = Math.floor(end / DAY) - firstDay;
  const planned: PlannedCommit[] = [];
  while (planned.length < count) {
    const author = pickAuthor();
    const zone = author.zones[Math.floor(random() * author.zones.length)]!;
    const day = firstDay + Math.floor(random() * days);
    const weekday = (day + 4) % 7;
    if ((weekday === 0 || weekday === 6) && random() < 0.7) continue;
    const localSeconds = (8 + Math.floor(random() * 14)) * 3600 + Math.floor(random() * 3600);
    const time = day * DAY + localSeconds - zoneSeconds(zone);
    if (time >= end) continue;
    planned.push({ author, zone, time });
  }
  return planned.sort((a, b) => a.time - b.time);
}

/** A fast-import `data` block (lengths in bytes). */
function data(text: string): string {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

function ident(a: HistoryAuthor, time: number, zone: string): string {
  return `${a.name} <${a.email}> ${time} ${zone}`;
}

/**
 * The fast-import stream of the demo history on top of `parent` (master's
 * tip; '' for a root), ending `end` (Unix seconds). Same inputs, same
 * stream, same SHAs. `count` main-line commits (the benchmark asks for more).
 */
export function historyStream(parent: string, end: number, seed = 1842, count = HISTORY_COMMITS): string {
  const random = prng(seed);
  const files = new Map<string, string[]>(FILES.map((f) => [f, []]));
  const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const out: string[] = [];
  let lineNo = 0;

  const change = (): string => {
    const touched = new Set<string>();
    const n = 1 + Math.floor(random() * 3);
    while (touched.size < n) touched.add(FILES[Math.floor(random() * FILES.length)]!);
    let ops = '';
    for (const path of touched) {
      const lines = files.get(path)!;
      // Files stay short (about 60 lines) so that fast-import has little to pack.
      const removals = Math.min(lines.length, Math.floor(random() * (lines.length > 60 ? 14 : 5)));
      for (let i = 0; i < removals; i++) lines.splice(Math.floor(random() * lines.length), 1);
      const additions = 1 + Math.floor(random() * 12);
      for (let i = 0; i < additions; i++)
        lines.splice(Math.floor(random() * (lines.length + 1)), 0, `${path.endsWith('.md') ? '-' : '//'} ${word()} ${word()} ${++lineNo}`);
      ops += `M 100644 inline ${path}\n${data(lines.join('\n') + '\n')}`;
    }
    return ops;
  };
  const commit = (ref: string, mark: number, c: PlannedCommit, message: string, from?: string, extra = '') => {
    out.push(
      `commit ${ref}\nmark :${mark}\nauthor ${ident(c.author, c.time, c.zone)}\ncommitter ${ident(c.author, c.time, c.zone)}\n${data(message)}${from ? `from ${from}\n` : ''}${change()}${extra}\n`,
    );
  };

  const plan = planCommits(random, end - 3 * 3600, count);
  plan.forEach((c, i) => {
    const path = FILES[Math.floor(random() * FILES.length)]!;
    const subject = `${SUBJECTS[Math.floor(random() * SUBJECTS.length)]} ${path}`;
    // The first commit also writes the README (auto_init leaves it empty).
    if (i === 0)
      commit(
        'refs/heads/master',
        1,
        c,
        `${subject}\n\nDescribe the engine in the README.\n`,
        parent || undefined,
        `M 100644 inline README.md\n${data(DEMO_README)}`,
      );
    else commit('refs/heads/master', i + 1, c, `${subject}\n`);
  });
  let mark = count;
  for (const [branch, { from, commits }] of Object.entries(HISTORY_BRANCHES)) {
    const base = plan[from - 1]!;
    for (let i = 0; i < commits; i++) {
      const author = HISTORY_AUTHORS[(from + i) % HISTORY_AUTHORS.length]!;
      commit(
        `refs/heads/${branch}`,
        ++mark,
        { author, zone: author.zones[0]!, time: base.time + (i + 1) * 3600 },
        `Work on ${branch} (${i + 1})\n`,
        i === 0 ? `:${from}` : undefined,
      );
    }
  }
  for (const [tag, at] of Object.entries(HISTORY_TAGS.lightweight)) out.push(`reset refs/tags/${tag}\nfrom :${at}\n\n`);
  for (const [tag, at] of Object.entries(HISTORY_TAGS.annotated)) {
    const c = plan[at - 1]!;
    out.push(`tag ${tag}\nfrom :${at}\ntagger ${ident(HISTORY_AUTHORS[0]!, c.time + 600, '+0000')}\n${data(`Release ${tag}\n`)}`);
  }
  const noted = plan[HISTORY_TAGS.annotated['v1.0.0'] - 1]!;
  out.push(
    `commit refs/notes/commits\nmark :${++mark}\ncommitter ${ident(HISTORY_AUTHORS[0]!, noted.time + 900, '+0000')}\n${data('Notes added by the release\n')}N inline :${HISTORY_TAGS.annotated['v1.0.0']}\n${data('Verified against the printed tables of 1834.\n')}\n`,
  );
  return out.join('');
}

/** Writes the demo history into a bare repository on top of its `master`; returns the new tip. */
export async function writeHistory(environment: GitEnvironment, gitPath: string, end: number): Promise<string> {
  const parent = (await runGitText(environment, gitPath, ['rev-parse', '--verify', 'refs/heads/master^{commit}'])).trim();
  await runGitText(environment, gitPath, ['fast-import', '--quiet'], { input: historyStream(parent, end) });
  return (await runGitText(environment, gitPath, ['rev-parse', 'refs/heads/master'])).trim();
}
