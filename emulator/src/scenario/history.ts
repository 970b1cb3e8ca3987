// A scenario repository's git history, planned without git: which commit
// each id names, the parents and file tree of every commit, the branch tips,
// what is wrong with the history (a parent named before it exists, a branch
// without commits…), and the `git fast-import` stream that writes it in one
// process. Commits are numbered from 1 in file order, as fast-import marks.
import type { ScenarioRepository } from './schema';
import type { Problem } from './problems';

export interface Identity {
  name: string;
  email: string;
}

export interface PlannedHistory {
  /** Mark of each commit id. */
  ids: Map<string, number>;
  /** Parents' marks, per mark (index 0 unused). */
  parents: number[][];
  /** File contents, per mark, after the commit. */
  trees: Array<Map<string, string>>;
  /** Branch name → mark of its tip (commits' branches, then `branches`). */
  tips: Map<string, number>;
  /** Commit time of each mark (Unix seconds) and its zone (+hhmm). */
  times: Array<{ seconds: number; zone: string }>;
  problems: Problem[];
}

/** Time of a repository's first commit when the file gives none. */
export const FIRST_COMMIT_TIME = Date.parse('2026-01-01T09:00:00Z') / 1000;
const HOUR = 3600;

/** `2026-01-05T10:00:00+05:30` → its zone as git writes it (`+0530`); `Z` is `+0000`. */
export function zoneOf(iso: string): string {
  const m = /([+-])(\d\d):?(\d\d)$/.exec(iso);
  return m ? `${m[1]}${m[2]}${m[3]}` : '+0000';
}

export function planHistory(repo: ScenarioRepository): PlannedHistory {
  const plan: PlannedHistory = { ids: new Map(), parents: [[]], trees: [new Map()], tips: new Map(), times: [{ seconds: 0, zone: '+0000' }], problems: [] };
  const problem = (path: Array<string | number>, message: string) => plan.problems.push({ path, message });
  repo.commits.forEach((c, i) => {
    const mark = i + 1;
    const at = ['commits', i];
    const branch = c.branch ?? repo.default_branch;
    if (c.id !== undefined) {
      if (plan.ids.has(c.id)) problem([...at, 'id'], `commit id "${c.id}" is already used by an earlier commit`);
      else plan.ids.set(c.id, mark);
    }
    let parents: number[];
    if (c.parents) {
      parents = [];
      c.parents.forEach((p, j) => {
        const m = plan.ids.get(p);
        if (m === undefined || m === mark) problem([...at, 'parents', j], `commit "${p}" is not defined before this commit`);
        else parents.push(m);
      });
    } else {
      const tip = plan.tips.get(branch);
      parents = tip === undefined ? [] : [tip];
    }
    const tree = new Map(parents.length ? plan.trees[parents[0]!] : []);
    for (const [path, content] of Object.entries(c.files)) {
      if (content === null) {
        if (!tree.delete(path)) problem([...at, 'files', path], `file "${path}" does not exist before this commit, so it cannot be deleted`);
      } else tree.set(path, content);
    }
    const previous = plan.times[mark - 1]!;
    const seconds = c.date !== undefined ? Math.floor(Date.parse(c.date) / 1000) : mark === 1 ? FIRST_COMMIT_TIME : previous.seconds + HOUR;
    plan.parents.push(parents);
    plan.trees.push(tree);
    plan.times.push({ seconds, zone: c.date !== undefined ? zoneOf(c.date) : '+0000' });
    plan.tips.set(branch, mark);
  });
  for (const [name, id] of Object.entries(repo.branches)) {
    const mark = plan.ids.get(id);
    if (plan.tips.has(name)) problem(['branches', name], `branch "${name}" is already made by the commits`);
    else if (mark === undefined) problem(['branches', name], `commit "${id}" does not exist`);
    else plan.tips.set(name, mark);
  }
  if (repo.commits.length > 0 && !plan.tips.has(repo.default_branch)) {
    problem(['default_branch'], `branch "${repo.default_branch}" has no commit (give a commit with no branch, or branch: ${repo.default_branch})`);
  }
  const tagNames = new Set<string>();
  repo.tags.forEach((t, i) => {
    if (tagNames.has(t.name)) problem(['tags', i, 'name'], `tag "${t.name}" is already defined`);
    tagNames.add(t.name);
    if (!plan.ids.has(t.commit)) problem(['tags', i, 'commit'], `commit "${t.commit}" does not exist`);
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

/** The fast-import stream of a planned history (valid plans only): commits, extra branches, tags. */
export function historyStream(repo: ScenarioRepository, plan: PlannedHistory, identity: (login: string) => Identity): string {
  const out: string[] = [];
  const who = (login: string, mark: number, extra = 0) => {
    const { name, email } = identity(login);
    const t = plan.times[mark]!;
    return `${name} <${email}> ${t.seconds + extra} ${t.zone}`;
  };
  repo.commits.forEach((c, i) => {
    const mark = i + 1;
    const ref = `refs/heads/${c.branch ?? repo.default_branch}`;
    const [from, ...merges] = plan.parents[mark]!;
    // Without `from`, fast-import would continue the branch: a root commit starts from a reset.
    if (from === undefined) out.push(`reset ${ref}\n\n`);
    let ops = '';
    for (const [path, content] of Object.entries(c.files)) ops += content === null ? `D ${path}\n` : `M 100644 inline ${path}\n${data(content)}`;
    const message = c.message.endsWith('\n') ? c.message : `${c.message}\n`;
    out.push(
      `commit ${ref}\nmark :${mark}\nauthor ${who(c.author, mark)}\ncommitter ${who(c.author, mark)}\n${data(message)}` +
        `${from !== undefined ? `from :${from}\n` : ''}${merges.map((m) => `merge :${m}\n`).join('')}${ops}\n`,
    );
  });
  for (const [name, id] of Object.entries(repo.branches)) out.push(`reset refs/heads/${name}\nfrom :${plan.ids.get(id)}\n\n`);
  for (const t of repo.tags) {
    const mark = plan.ids.get(t.commit)!;
    if (t.message === undefined) out.push(`reset refs/tags/${t.name}\nfrom :${mark}\n\n`);
    else {
      const tagger = t.tagger ?? repo.commits[mark - 1]!.author;
      const message = t.message.endsWith('\n') ? t.message : `${t.message}\n`;
      out.push(`tag ${t.name}\nfrom :${mark}\ntagger ${who(tagger, mark, 60)}\n${data(message)}`);
    }
  }
  return out.join('');
}
