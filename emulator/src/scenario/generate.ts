// A repository's `generate` entry: a long history (hundreds of commits) made
// by a seeded generator instead of listed commit by commit. Commits fall in
// working hours of their author's zone, fewer at weekends, over the weeks
// before `until`; each changes one to three of the listed files by adding
// and removing generated lines (files stay short, so git has little to
// pack). The same entry and seed time give the same commits, hence the same
// SHAs. Pure: planned here, written by the history's fast-import stream.
import type { ScenarioGenerate } from './schema';

const DAY = 86_400;
const WEEK = 7 * DAY;

/** Words of the generated lines and verbs of the subjects when the entry gives none. */
const DEFAULT_WORDS = [
  'wheel',
  'column',
  'figure',
  'carry',
  'sector',
  'axis',
  'lever',
  'cam',
  'gear',
  'tabulate',
  'difference',
  'polynomial',
  'printer',
  'stereotype',
];
const DEFAULT_SUBJECTS = [
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

interface GeneratedCommit {
  branch: string;
  /** Marks (1-based, in this list) of the parents; undefined: the tip of the default branch before the history. */
  parents: number[] | undefined;
  author: string;
  message: string;
  seconds: number;
  zone: string;
  files: Record<string, string>;
}

interface GeneratedTag {
  name: string;
  mark: number;
  /** Annotated when given. */
  message?: string | undefined;
  tagger: string;
  seconds: number;
  zone: string;
}

interface GeneratedNote {
  mark: number;
  text: string;
  message: string;
  author: string;
  seconds: number;
  zone: string;
}

export interface GeneratedHistory {
  commits: GeneratedCommit[];
  tags: GeneratedTag[];
  notes: GeneratedNote[];
}

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

/** `+0530` → seconds east of UTC. */
function zoneSeconds(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(3, 5)) * 60);
}

type Author = ScenarioGenerate['authors'][number];

interface Slot {
  author: Author;
  zone: string;
  seconds: number;
}

/** Commit times: working hours (8 to 22) in the author's own zone, 70 % of weekend days skipped, before `end`, oldest first. */
function planTimes(random: () => number, g: ScenarioGenerate, end: number): Slot[] {
  const total = g.authors.reduce((s, a) => s + a.weight, 0);
  const pickAuthor = (): Author => {
    let r = random() * total;
    for (const a of g.authors) if ((r -= a.weight) < 0) return a;
    return g.authors[0]!;
  };
  const firstDay = Math.floor((end - (g.weeks - 1) * WEEK) / DAY) + 1;
  const days = Math.floor(end / DAY) - firstDay;
  const planned: Slot[] = [];
  while (planned.length < g.commits) {
    const author = pickAuthor();
    const zone = author.zones[Math.floor(random() * author.zones.length)]!;
    const day = firstDay + Math.floor(random() * days);
    const weekday = (day + 4) % 7;
    if ((weekday === 0 || weekday === 6) && random() < 0.7) continue;
    const localSeconds = (8 + Math.floor(random() * 14)) * 3600 + Math.floor(random() * 3600);
    const seconds = day * DAY + localSeconds - zoneSeconds(zone);
    if (seconds >= end) continue;
    planned.push({ author, zone, seconds });
  }
  return planned.sort((a, b) => a.seconds - b.seconds);
}

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** Expands a checked `generate` entry (marks and branches in range, see references.ts) ending before `end` (Unix seconds). */
export function generateHistory(g: ScenarioGenerate, defaultBranch: string, end: number): GeneratedHistory {
  const random = prng(g.seed);
  const words = g.words ?? DEFAULT_WORDS;
  const subjects = g.subjects ?? DEFAULT_SUBJECTS;
  const contents = new Map<string, string[]>(g.files.map((f) => [f, []]));
  const word = () => words[Math.floor(random() * words.length)]!;
  let lineNo = 0;

  const change = (): Record<string, string> => {
    const touched = new Set<string>();
    const n = 1 + Math.floor(random() * 3);
    while (touched.size < n) touched.add(g.files[Math.floor(random() * g.files.length)]!);
    const files: Record<string, string> = {};
    for (const path of touched) {
      const lines = contents.get(path)!;
      const removals = Math.min(lines.length, Math.floor(random() * (lines.length > 60 ? 14 : 5)));
      for (let i = 0; i < removals; i++) lines.splice(Math.floor(random() * lines.length), 1);
      const additions = 1 + Math.floor(random() * 12);
      for (let i = 0; i < additions; i++)
        lines.splice(Math.floor(random() * (lines.length + 1)), 0, `${path.endsWith('.md') ? '-' : '//'} ${word()} ${word()} ${++lineNo}`);
      files[path] = `${lines.join('\n')}\n`;
    }
    return files;
  };

  const commits: GeneratedCommit[] = [];
  const slots = planTimes(random, g, end);
  slots.forEach((slot, i) => {
    const path = g.files[Math.floor(random() * g.files.length)]!;
    const subject = `${subjects[Math.floor(random() * subjects.length)]} ${path}`;
    const first = i === 0 ? g.first_commit : undefined;
    const message = first?.body ? `${subject}\n\n${withNewline(first.body)}` : `${subject}\n`;
    const files = { ...change(), ...first?.files };
    commits.push({
      branch: defaultBranch,
      parents: i === 0 ? undefined : [i],
      author: slot.author.login,
      message,
      seconds: slot.seconds,
      zone: slot.zone,
      files,
    });
  });
  for (const b of g.branches) {
    const base = slots[b.from - 1]!;
    for (let i = 0; i < b.commits; i++) {
      const author = g.authors[(b.from + i) % g.authors.length]!;
      commits.push({
        branch: b.name,
        parents: [i === 0 ? b.from : commits.length],
        author: author.login,
        message: `Work on ${b.name} (${i + 1})\n`,
        seconds: base.seconds + (i + 1) * 3600,
        zone: author.zones[0]!,
        files: change(),
      });
    }
  }
  const by = g.authors[0]!.login;
  const tags = g.tags.map((t) => ({
    name: t.name,
    mark: t.at,
    message: t.message === undefined ? undefined : withNewline(t.message),
    tagger: by,
    seconds: slots[t.at - 1]!.seconds + 600,
    zone: '+0000',
  }));
  const notes = g.notes.map((n) => ({
    mark: n.at,
    text: withNewline(n.text),
    message: withNewline(n.message ?? 'Notes added by the scenario'),
    author: by,
    seconds: slots[n.at - 1]!.seconds + 900,
    zone: '+0000',
  }));
  return { commits, tags, notes };
}
