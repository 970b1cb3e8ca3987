// Checks what the field checks cannot: that every name a scenario entry uses
// exists (a login, a branch, a commit id, a label, a contact), that names are
// not defined twice, and that a pull request has commits to show. Runs
// before anything is written, so that a bad file leaves the data folder as it
// was. Returns the problems with their paths; the histories' plans are kept
// for the seed.
import { gitignoreText, licenseText } from '../hosting/repos/templates';
import { ancestors, planHistory, pullCommits, type PlannedHistory } from './history';
import type { Problem } from './problems';
import type { Scenario, ScenarioRepository } from './schema';

export interface CheckedScenario {
  problems: Problem[];
  /** The planned history of each repository, by index. */
  histories: PlannedHistory[];
}

type Path = Array<string | number>;

/** Names used twice in a list: a problem at each later one. */
function unique<T>(
  items: readonly T[],
  key: (item: T) => string,
  at: (i: number) => Path,
  what: (item: T) => string,
  problem: (path: Path, message: string) => void,
): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) problem(at(i), `${what(item)} is already defined`);
    seen.add(k);
  });
}

/** The `generate` entry's own checks (positions in range, names not reused); the generator runs only on an entry without problems. */
function checkGenerate(r: ScenarioRepository, problem: (path: Path, message: string) => void, needUser: (path: Path, login: string) => void): boolean {
  const g = r.generate;
  if (!g) return true;
  let ok = true;
  const fail = (path: Path, message: string) => {
    ok = false;
    problem(['generate', ...path], message);
  };
  g.authors.forEach((a, i) => needUser(['generate', 'authors', i, 'login'], a.login));
  unique(
    g.files,
    (f) => f,
    (i) => ['files', i],
    (f) => `file "${f}"`,
    fail,
  );
  const inRange = (path: Path, at: number) => {
    if (at > g.commits) fail(path, `is after the last generated commit (${g.commits})`);
  };
  const branches = new Set([r.default_branch]);
  g.branches.forEach((b, i) => {
    if (branches.has(b.name)) fail(['branches', i, 'name'], `branch "${b.name}" is already defined`);
    branches.add(b.name);
    inRange(['branches', i, 'from'], b.from);
  });
  unique(
    g.tags,
    (t) => t.name,
    (i) => ['tags', i, 'name'],
    (t) => `tag "${t.name}"`,
    fail,
  );
  g.tags.forEach((t, i) => inRange(['tags', i, 'at'], t.at));
  g.notes.forEach((n, i) => inRange(['notes', i, 'at'], n.at));
  unique(
    g.notes,
    (n) => String(n.at),
    (i) => ['notes', i, 'at'],
    (n) => `a note on commit ${n.at}`,
    fail,
  );
  return ok;
}

/** What every step of the check shares: the problems found, and the accounts defined. */
interface Checker {
  problem(path: Path, message: string): void;
  /** A login of a user or an organization already defined. */
  taken(login: string): boolean;
  needUser(path: Path, login: string): void;
  users: Set<string>;
  orgs: Set<string>;
}

function newChecker(problems: Problem[]): Checker {
  const users = new Set<string>();
  const orgs = new Set<string>();
  const problem = (path: Path, message: string) => problems.push({ path, message });
  return {
    problem,
    taken: (login) => users.has(login.toLowerCase()) || orgs.has(login.toLowerCase()),
    needUser: (path, login) => {
      if (!users.has(login.toLowerCase())) problem(path, `user "${login}" is not in users`);
    },
    users,
    orgs,
  };
}

/** `now`: the seed time (Unix seconds), for dates given relative to it. */
export function checkReferences(s: Scenario, now = Math.floor(Date.now() / 1000)): CheckedScenario {
  const problems: Problem[] = [];
  const checker = newChecker(problems);
  checkAccounts(s, checker);
  const repoNames = checkRepositoryNames(s, checker);
  checkTeams(s, checker, repoNames);
  const deployKeys = new Set<string>();
  const histories = s.repositories.map((r, i) => checkRepository(r, ['repositories', i], checker, now, deployKeys));
  checkGists(s, checker);
  checkEngagement(s, checker);
  return { problems, histories };
}

/** Users and organizations: logins and tokens used once. */
function checkAccounts(s: Scenario, { problem, taken, users, orgs }: Checker): void {
  const tokens = new Set<string>();
  s.users.forEach((u, i) => {
    if (taken(u.login)) problem(['users', i, 'login'], `login "${u.login}" is already used`);
    users.add(u.login.toLowerCase());
    u.tokens.forEach((t, j) => {
      if (tokens.has(t.token)) problem(['users', i, 'tokens', j, 'token'], 'token is already used by another entry');
      tokens.add(t.token);
    });
  });
  s.organizations.forEach((o, i) => {
    if (taken(o.login)) problem(['organizations', i, 'login'], `login "${o.login}" is already used`);
    orgs.add(o.login.toLowerCase());
  });
}

/** Each repository's owner exists and its full name is defined once; the full names, in lower case. */
function checkRepositoryNames(s: Scenario, { problem, taken }: Checker): Set<string> {
  const repoNames = new Set<string>();
  s.repositories.forEach((r, i) => {
    const full = `${r.owner}/${r.name}`.toLowerCase();
    if (!taken(r.owner)) problem(['repositories', i, 'owner'], `account "${r.owner}" is not in users or organizations`);
    if (repoNames.has(full)) problem(['repositories', i, 'name'], `repository "${r.owner}/${r.name}" is already defined`);
    repoNames.add(full);
  });
  return repoNames;
}

/** Teams: names once per organization, members are users, repositories the organization's; public members are team members. */
function checkTeams(s: Scenario, { problem, needUser }: Checker, repoNames: Set<string>): void {
  s.organizations.forEach((o, i) => {
    const members = new Set<string>();
    const teamNames = new Set<string>();
    o.teams.forEach((t, j) => {
      const at = ['organizations', i, 'teams', j];
      if (teamNames.has(t.name.toLowerCase())) problem([...at, 'name'], `team "${t.name}" is already defined`);
      teamNames.add(t.name.toLowerCase());
      t.members.forEach((m, k) => {
        needUser([...at, 'members', k], m);
        members.add(m.toLowerCase());
      });
      t.repositories.forEach((name, k) => {
        if (!repoNames.has(`${o.login}/${name}`.toLowerCase())) problem([...at, 'repositories', k], `repository "${o.login}/${name}" is not in repositories`);
      });
    });
    o.public_members.forEach((m, k) => {
      if (!members.has(m.toLowerCase())) problem(['organizations', i, 'public_members', k], `"${m}" is not a member of a team of "${o.login}"`);
    });
  });
}

/** One repository: its history's plan (returned), and every name its entries use. */
function checkRepository(r: ScenarioRepository, at: Path, checker: Checker, now: number, deployKeys: Set<string>): PlannedHistory {
  const { problem, needUser } = checker;
  const rel = (path: Path, message: string) => problem([...at, ...path], message);
  const generateOk = checkGenerate(r, rel, (path, login) => needUser([...at, ...path], login));
  const plan = planHistory(generateOk ? r : { ...r, generate: undefined }, now);
  for (const p of plan.problems) problem([...at, ...p.path], p.message);
  r.commits.forEach((c, j) => needUser([...at, 'commits', j, 'author'], c.author));
  r.tags.forEach((t, j) => {
    if (t.tagger !== undefined) needUser([...at, 'tags', j, 'tagger'], t.tagger);
  });
  r.notes.forEach((n, j) => needUser([...at, 'notes', j, 'author'], n.author));
  if (r.created_by !== undefined) needUser([...at, 'created_by'], r.created_by);
  if (r.gitignore_template !== undefined && gitignoreText(r.gitignore_template) === undefined)
    problem([...at, 'gitignore_template'], `"${r.gitignore_template}" is not a .gitignore template of the service`);
  if (r.license_template !== undefined && licenseText(r.license_template, 2000, r.owner) === undefined)
    problem([...at, 'license_template'], `"${r.license_template}" is not a license template of the service`);
  if (!r.auto_init && (r.gitignore_template !== undefined || r.license_template !== undefined))
    problem(
      [...at, r.gitignore_template !== undefined ? 'gitignore_template' : 'license_template'],
      'needs auto_init: true (the templates go in the initial commit)',
    );
  const labels = checkRepositoryLists(r, at, checker, deployKeys);
  checkPulls(r, at, checker, plan, labels);
  checkIssues(r, at, checker, labels);
  checkReleases(r, at, checker, plan);
  return plan;
}

/** Forks, milestones, downloads, deploy keys and labels: defined once; the labels' names, in lower case. */
function checkRepositoryLists(r: ScenarioRepository, at: Path, { problem, needUser }: Checker, deployKeys: Set<string>): Set<string> {
  r.forks.forEach((f, j) => {
    needUser([...at, 'forks', j], f);
    if (f.toLowerCase() === r.owner.toLowerCase()) problem([...at, 'forks', j], 'a repository cannot be forked into its own account');
  });
  unique(
    r.forks,
    (f) => f.toLowerCase(),
    (j) => [...at, 'forks', j],
    (f) => `a fork by "${f}"`,
    problem,
  );
  unique(
    r.milestones,
    (m) => m.title.toLowerCase(),
    (j) => [...at, 'milestones', j, 'title'],
    (m) => `milestone "${m.title}"`,
    problem,
  );
  unique(
    r.downloads,
    (d) => d.name,
    (j) => [...at, 'downloads', j, 'name'],
    (d) => `download "${d.name}"`,
    problem,
  );
  r.deploy_keys.forEach((k, j) => {
    const key = k.key.split(' ').slice(0, 2).join(' ');
    if (deployKeys.has(key)) problem([...at, 'deploy_keys', j, 'key'], 'key is already used by another deploy key');
    deployKeys.add(key);
  });
  const labels = new Set<string>();
  r.labels.forEach((l, j) => {
    if (labels.has(l.name.toLowerCase())) problem([...at, 'labels', j, 'name'], `label "${l.name}" is already defined`);
    labels.add(l.name.toLowerCase());
  });
  return labels;
}

/** Pull requests: branches with commits to show, known labels and users, review comments on the pull request's commits and files. */
function checkPulls(r: ScenarioRepository, at: Path, { problem, needUser }: Checker, plan: PlannedHistory, labels: Set<string>): void {
  r.pulls.forEach((p, j) => {
    const pat = [...at, 'pulls', j];
    needUser([...pat, 'author'], p.author);
    if (p.closed_by !== undefined) needUser([...pat, 'closed_by'], p.closed_by);
    const base = p.base ?? r.default_branch;
    const head = plan.tips.get(p.head);
    const baseTip = plan.tips.get(base);
    if (head === undefined) problem([...pat, 'head'], `branch "${p.head}" does not exist`);
    if (baseTip === undefined) problem([...pat, p.base === undefined ? 'head' : 'base'], `base branch "${base}" does not exist`);
    const commits = head !== undefined && baseTip !== undefined ? pullCommits(plan, head, baseTip) : undefined;
    if (commits && commits.length === 0) problem([...pat, 'head'], `branch "${p.head}" has no commits that "${base}" lacks`);
    p.labels.forEach((l, k) => {
      if (!labels.has(l.toLowerCase())) problem([...pat, 'labels', k], `label "${l}" is not in the repository's labels`);
    });
    p.comments.forEach((c, k) => needUser([...pat, 'comments', k, 'author'], c.author));
    p.review_comments.forEach((c, k) => {
      const cat = [...pat, 'review_comments', k];
      needUser([...cat, 'author'], c.author);
      c.replies.forEach((reply, l) => needUser([...cat, 'replies', l, 'author'], reply.author));
      if (!commits?.length) return;
      const on = c.commit === undefined ? head! : plan.ids.get(c.commit);
      if (on === undefined || !commits.includes(on)) {
        problem([...cat, 'commit'], `commit "${c.commit}" is not a commit of the pull request`);
        return;
      }
      const changed = new Set([...ancestors(plan, on)].filter((m) => commits.includes(m)).flatMap((m) => Object.keys(plan.commits[m]!.files)));
      if (!changed.has(c.path)) problem([...cat, 'path'], `file "${c.path}" is not changed by the pull request`);
    });
  });
}

/** Issues: known users, labels and milestones. */
function checkIssues(r: ScenarioRepository, at: Path, { problem, needUser }: Checker, labels: Set<string>): void {
  const milestones = new Set(r.milestones.map((m) => m.title.toLowerCase()));
  r.issues.forEach((issue, j) => {
    const iat = [...at, 'issues', j];
    needUser([...iat, 'author'], issue.author);
    issue.labels.forEach((l, k) => {
      if (!labels.has(l.toLowerCase())) problem([...iat, 'labels', k], `label "${l}" is not in the repository's labels`);
    });
    if (issue.milestone !== undefined && !milestones.has(issue.milestone.toLowerCase()))
      problem([...iat, 'milestone'], `milestone "${issue.milestone}" is not in the repository's milestones`);
    issue.comments.forEach((c, k) => needUser([...iat, 'comments', k, 'author'], c.author));
  });
}

/** Releases: one per tag, assets named once, a target that exists. */
function checkReleases(r: ScenarioRepository, at: Path, { problem, needUser }: Checker, plan: PlannedHistory): void {
  const releaseTags = new Set<string>();
  r.releases.forEach((rel, j) => {
    const rat = [...at, 'releases', j];
    needUser([...rat, 'author'], rel.author);
    unique(
      rel.assets,
      (a) => a.name,
      (k) => [...rat, 'assets', k, 'name'],
      (a) => `asset "${a.name}"`,
      problem,
    );
    if (releaseTags.has(rel.tag)) problem([...rat, 'tag'], `a release of tag "${rel.tag}" is already defined`);
    releaseTags.add(rel.tag);
    if (rel.target !== undefined && !plan.tips.has(rel.target) && !plan.ids.has(rel.target))
      problem([...rat, 'target'], `"${rel.target}" is neither a branch nor a commit id`);
    if (rel.target === undefined && !plan.tips.has(r.default_branch)) problem([...rat, 'target'], `the repository has no commit to make the tag from`);
  });
}

/** Gists and the OAuth application: their users exist. */
function checkGists(s: Scenario, { needUser }: Checker): void {
  s.gists.forEach((g, i) => {
    needUser(['gists', i, 'owner'], g.owner);
    g.comments.forEach((c, k) => needUser(['gists', i, 'comments', k, 'author'], c.author));
  });
  if (s.oauth_application) needUser(['oauth_application', 'owner'], s.oauth_application.owner);
}

/** The engagement service's users, campaigns, contacts and cases. */
function checkEngagement(s: Scenario, { problem }: Checker): void {
  const e = s.engagement;
  if (e.users.length === 0 && (e.contacts.length > 0 || e.cases.length > 0))
    problem(['engagement', 'users'], 'contacts and cases need at least one engagement user (the one who writes them)');
  const userNames = new Set<string>();
  e.users.forEach((u, i) => {
    if (userNames.has(u.user_name)) problem(['engagement', 'users', i, 'user_name'], `user "${u.user_name}" is already defined`);
    userNames.add(u.user_name);
  });
  const campaigns = new Set(['General']);
  e.campaigns.forEach(({ name }, i) => {
    if (campaigns.has(name)) problem(['engagement', 'campaigns', i], `campaign "${name}" is already defined`);
    campaigns.add(name);
  });
  const contacts = new Set<string>();
  const profiles = new Set<string>();
  e.contacts.forEach((c, i) => {
    if (contacts.has(c.id)) problem(['engagement', 'contacts', i, 'id'], `contact id "${c.id}" is already used`);
    contacts.add(c.id);
    c.profiles.forEach((p, j) => {
      const key = `${p.source}\n${p.ext_id}`;
      if (profiles.has(key)) problem(['engagement', 'contacts', i, 'profiles', j, 'ext_id'], `profile ${p.source} "${p.ext_id}" is already used`);
      profiles.add(key);
    });
  });
  e.cases.forEach((c, i) => {
    const at = ['engagement', 'cases', i];
    if (!contacts.has(c.contact)) problem([...at, 'contact'], `contact "${c.contact}" is not in engagement.contacts`);
    if (!campaigns.has(c.campaign)) problem([...at, 'campaign'], `campaign "${c.campaign}" is not in engagement.campaigns`);
    if (c.state !== undefined && c.moves.length > 0) problem([...at, 'moves'], 'give state or moves, not both');
    const repo = c.repository === undefined ? undefined : s.repositories.find((r) => `${r.owner}/${r.name}`.toLowerCase() === c.repository!.toLowerCase());
    if (c.repository !== undefined && !repo) problem([...at, 'repository'], `repository "${c.repository}" is not in repositories`);
    if (c.pull !== undefined) {
      if (c.repository === undefined) problem([...at, 'pull'], 'a pull request needs its repository');
      else if (repo && c.pull > repo.pulls.length) problem([...at, 'pull'], `repository "${c.repository}" has no pull request #${c.pull}`);
    }
  });
}
