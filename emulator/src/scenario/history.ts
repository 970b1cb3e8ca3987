// A scenario repository's git history, planned without git: which commit
// each id names, the parents and file tree of every commit, the branch tips,
// tags and notes, what is wrong with the history (a parent named before it
// exists, a branch without commits…), and the `git fast-import` stream that
// writes it in one process. Commits are numbered from 1, as fast-import
// marks: the `generate` entry's commits first, then `commits` in file order.
// Mark 0 is the auto_init commit, when the repository has one.
import { dateSeconds, zoneOf } from './dates';
import { generateHistory } from './generate';
import type { Problem } from './problems';
import type { ScenarioRepository } from './schema';

export interface Identity {
  name: string;
  email: string;
}

interface PlannedCommit {
  branch: string;
  author: string;
  message: string;
  files: Record<string, string | null>;
}

interface PlannedTag {
  name: string;
  mark: number;
  /** Annotated when given. */
  message?: string | undefined;
  tagger: string;
  seconds: number;
  zone: string;
}

interface PlannedNote {
  mark: number;
  text: string;
  message: string;
  author: string;
  seconds: number;
  zone: string;
}

export interface PlannedHistory {
  /** The commits, per mark (index 0: the auto_init commit, or none). */
  commits: PlannedCommit[];
  /** Mark of each commit id. */
  ids: Map<string, number>;
  /** Parents' marks, per mark. */
  parents: number[][];
  /** File contents, per mark, after the commit (the auto_init files' contents are not known here: ''). */
  trees: Array<Map<string, string>>;
  /** Branch name → mark of its tip (commits' branches, then `branches`). */
  tips: Map<string, number>;
  /** Commit time of each mark (Unix seconds) and its zone (+hhmm). */
  times: Array<{ seconds: number; zone: string }>;
  tags: PlannedTag[];
  notes: PlannedNote[];
  problems: Problem[];
}

/** Time of a repository's first commit when the file gives none. */
export const FIRST_COMMIT_TIME = Date.parse('2026-01-01T09:00:00Z') / 1000;
const HOUR = 3600;

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** The files of an auto_init commit, as the API's create writes them. */
function initialTree(repo: ScenarioRepository): Map<string, string> {
  if (!repo.auto_init) return new Map();
  const tree = new Map([['README.md', '']]);
  if (repo.gitignore_template) tree.set('.gitignore', '');
  if (repo.license_template) tree.set('LICENSE', '');
  return tree;
}

/** Plans the history of a repository whose `generate` entry is checked (references.ts); `now` is the seed time (Unix seconds). */
export function planHistory(repo: ScenarioRepository, now: number): PlannedHistory {
  const plan: PlannedHistory = {
    commits: [{ branch: repo.default_branch, author: '', message: '', files: {} }],
    ids: new Map(),
    parents: [[]],
    trees: [initialTree(repo)],
    tips: new Map(),
    // The auto_init commit is made at the seed time.
    times: [{ seconds: repo.auto_init ? now : 0, zone: '+0000' }],
    tags: [],
    notes: [],
    problems: [],
  };
  if (repo.auto_init) plan.tips.set(repo.default_branch, 0);
  const problem = (path: Array<string | number>, message: string) => plan.problems.push({ path, message });
  const add = (c: PlannedCommit, parents: number[], seconds: number, zone: string, at: Array<string | number>) => {
    const mark = plan.commits.length;
    const tree = new Map(parents.length ? plan.trees[parents[0]!] : []);
    for (const [path, content] of Object.entries(c.files)) {
      if (content === null) {
        if (!tree.delete(path)) problem([...at, 'files', path], `file "${path}" does not exist before this commit, so it cannot be deleted`);
      } else tree.set(path, content);
    }
    plan.commits.push(c);
    plan.parents.push(parents);
    plan.trees.push(tree);
    plan.times.push({ seconds, zone });
    plan.tips.set(c.branch, mark);
    return mark;
  };
  const tipOf = (branch: string) => {
    const tip = plan.tips.get(branch);
    return tip === undefined ? [] : [tip];
  };

  if (repo.generate) {
    const g = repo.generate;
    const generated = generateHistory(g, repo.default_branch, g.until === undefined ? now : dateSeconds(g.until, now));
    const offset = plan.commits.length - 1;
    const before = tipOf(repo.default_branch);
    for (const c of generated.commits) {
      const parents = c.parents === undefined ? before : c.parents.map((m) => m + offset);
      add({ branch: c.branch, author: c.author, message: c.message, files: c.files }, parents, c.seconds, c.zone, ['generate']);
    }
    for (const t of generated.tags) plan.tags.push({ ...t, mark: t.mark + offset });
    for (const n of generated.notes) plan.notes.push({ ...n, mark: n.mark + offset });
  }

  repo.commits.forEach((c, i) => {
    const at = ['commits', i];
    const branch = c.branch ?? repo.default_branch;
    const idTaken = c.id !== undefined && plan.ids.has(c.id);
    if (idTaken) problem([...at, 'id'], `commit id "${c.id}" is already used by an earlier commit`);
    let parents: number[];
    if (c.parents) {
      parents = [];
      c.parents.forEach((p, j) => {
        // A commit id first, then a branch's tip at this point.
        const m = plan.ids.get(p) ?? plan.tips.get(p);
        if (m === undefined) problem([...at, 'parents', j], `"${p}" is neither a commit defined before this commit nor a branch`);
        else parents.push(m);
      });
    } else parents = tipOf(branch);
    const mark = plan.commits.length;
    const previous = plan.times[mark - 1]!;
    const seconds = c.date !== undefined ? dateSeconds(c.date, now) : mark === 1 ? FIRST_COMMIT_TIME : previous.seconds + HOUR;
    add({ branch, author: c.author, message: withNewline(c.message), files: c.files }, parents, seconds, c.date !== undefined ? zoneOf(c.date) : '+0000', at);
    // Set after the parents: a commit is not its own parent.
    if (c.id !== undefined && !idTaken) plan.ids.set(c.id, mark);
  });
  for (const [name, id] of Object.entries(repo.branches)) {
    const mark = plan.ids.get(id);
    if (plan.tips.has(name)) problem(['branches', name], `branch "${name}" is already made by the commits`);
    else if (mark === undefined) problem(['branches', name], `commit "${id}" does not exist`);
    else plan.tips.set(name, mark);
  }
  if (plan.commits.length > 1 && !plan.tips.has(repo.default_branch)) {
    problem(['default_branch'], `branch "${repo.default_branch}" has no commit (give a commit with no branch, or branch: ${repo.default_branch})`);
  }
  const tagNames = new Set(plan.tags.map((t) => t.name));
  repo.tags.forEach((t, i) => {
    if (tagNames.has(t.name)) problem(['tags', i, 'name'], `tag "${t.name}" is already defined`);
    tagNames.add(t.name);
    const mark = plan.ids.get(t.commit);
    if (mark === undefined) return problem(['tags', i, 'commit'], `commit "${t.commit}" does not exist`);
    const commitTime = plan.times[mark]!;
    plan.tags.push({
      name: t.name,
      mark,
      message: t.message === undefined ? undefined : withNewline(t.message),
      tagger: t.tagger ?? plan.commits[mark]!.author,
      seconds: t.date !== undefined ? dateSeconds(t.date, now) : commitTime.seconds + 60,
      zone: t.date !== undefined ? zoneOf(t.date) : commitTime.zone,
    });
  });
  repo.notes.forEach((n, i) => {
    const mark = plan.ids.get(n.commit);
    if (mark === undefined) return problem(['notes', i, 'commit'], `commit "${n.commit}" does not exist`);
    const commitTime = plan.times[mark]!;
    plan.notes.push({
      mark,
      text: withNewline(n.text),
      message: withNewline(n.message),
      author: n.author,
      seconds: n.date !== undefined ? dateSeconds(n.date, now) : commitTime.seconds + 60,
      zone: n.date !== undefined ? zoneOf(n.date) : commitTime.zone,
    });
  });
  return plan;
}

/** Marks of the commits reachable from `mark` (itself included). */
export function ancestors(plan: PlannedHistory, mark: number): Set<number> {
  const seen = new Set<number>();
  const todo = [mark];
  while (todo.length) {
    const m = todo.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    todo.push(...plan.parents[m]!);
  }
  return seen;
}

/** Commits of a pull request: reachable from head, not from base; oldest first. */
export function pullCommits(plan: PlannedHistory, headMark: number, baseMark: number): number[] {
  const base = ancestors(plan, baseMark);
  return [...ancestors(plan, headMark)].filter((m) => !base.has(m)).sort((a, b) => a - b);
}

/** A fast-import `data` block (its length in bytes). */
function data(text: string): string {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

/**
 * The fast-import stream of a planned history (valid plans only): commits,
 * extra branches, tags, notes. `initial` is the SHA of the auto_init commit
 * (mark 0), when the repository has one.
 */
export function historyStream(repo: ScenarioRepository, plan: PlannedHistory, identity: (login: string) => Identity, initial?: string): string {
  const out: string[] = [];
  const who = (login: string, seconds: number, zone: string) => {
    const { name, email } = identity(login);
    return `${name} <${email}> ${seconds} ${zone}`;
  };
  const ref = (mark: number) => (mark === 0 ? initial! : `:${mark}`);
  for (let mark = 1; mark < plan.commits.length; mark++) {
    const c = plan.commits[mark]!;
    const t = plan.times[mark]!;
    const branch = `refs/heads/${c.branch}`;
    const [from, ...merges] = plan.parents[mark]!;
    // Without `from`, fast-import would continue the branch: a root commit starts from a reset.
    if (from === undefined) out.push(`reset ${branch}\n\n`);
    let ops = '';
    for (const [path, content] of Object.entries(c.files)) ops += content === null ? `D ${path}\n` : `M 100644 inline ${path}\n${data(content)}`;
    out.push(
      `commit ${branch}\nmark :${mark}\nauthor ${who(c.author, t.seconds, t.zone)}\ncommitter ${who(c.author, t.seconds, t.zone)}\n${data(c.message)}` +
        `${from !== undefined ? `from ${ref(from)}\n` : ''}${merges.map((m) => `merge ${ref(m)}\n`).join('')}${ops}\n`,
    );
  }
  for (const [name, id] of Object.entries(repo.branches)) out.push(`reset refs/heads/${name}\nfrom :${plan.ids.get(id)}\n\n`);
  for (const t of plan.tags) {
    if (t.message === undefined) out.push(`reset refs/tags/${t.name}\nfrom ${ref(t.mark)}\n\n`);
    else out.push(`tag ${t.name}\nfrom ${ref(t.mark)}\ntagger ${who(t.tagger, t.seconds, t.zone)}\n${data(t.message)}`);
  }
  for (const n of plan.notes) {
    out.push(`commit refs/notes/commits\ncommitter ${who(n.author, n.seconds, n.zone)}\n${data(n.message)}N inline ${ref(n.mark)}\n${data(n.text)}\n`);
  }
  return out.join('');
}
