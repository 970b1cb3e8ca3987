// Checks what the field checks cannot: that every name a scenario entry uses
// exists (a login, a branch, a commit id, a label, a contact), that names are
// not defined twice, and that a pull request has commits to show. Runs
// before anything is written, so that a bad file leaves the data folder as it
// was. Returns the problems with their paths; the histories' plans are kept
// for the seed.
import { ancestors, planHistory, pullCommits, type PlannedHistory } from './history';
import type { Problem } from './problems';
import type { Scenario } from './schema';

export interface CheckedScenario {
  problems: Problem[];
  /** The planned history of each repository, by index. */
  histories: PlannedHistory[];
}

export function checkReferences(s: Scenario): CheckedScenario {
  const problems: Problem[] = [];
  const problem = (path: Array<string | number>, message: string) => problems.push({ path, message });
  const users = new Set<string>();
  const orgs = new Set<string>();
  const taken = (login: string) => users.has(login.toLowerCase()) || orgs.has(login.toLowerCase());
  const isUser = (login: string) => users.has(login.toLowerCase());
  const needUser = (path: Array<string | number>, login: string) => {
    if (!isUser(login)) problem(path, `user "${login}" is not in users`);
  };

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

  const repoNames = new Set<string>();
  s.repositories.forEach((r, i) => {
    const full = `${r.owner}/${r.name}`.toLowerCase();
    if (!taken(r.owner)) problem(['repositories', i, 'owner'], `account "${r.owner}" is not in users or organizations`);
    if (repoNames.has(full)) problem(['repositories', i, 'name'], `repository "${r.owner}/${r.name}" is already defined`);
    repoNames.add(full);
  });

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

  const histories = s.repositories.map((r, i) => {
    const at = ['repositories', i];
    const plan = planHistory(r);
    for (const p of plan.problems) problem([...at, ...p.path], p.message);
    r.commits.forEach((c, j) => needUser([...at, 'commits', j, 'author'], c.author));
    r.tags.forEach((t, j) => {
      if (t.tagger !== undefined) needUser([...at, 'tags', j, 'tagger'], t.tagger);
    });
    const labels = new Set<string>();
    r.labels.forEach((l, j) => {
      if (labels.has(l.name.toLowerCase())) problem([...at, 'labels', j, 'name'], `label "${l.name}" is already defined`);
      labels.add(l.name.toLowerCase());
    });
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
        const changed = new Set([...ancestors(plan, on)].filter((m) => commits.includes(m)).flatMap((m) => Object.keys(r.commits[m - 1]!.files)));
        if (!changed.has(c.path)) problem([...cat, 'path'], `file "${c.path}" is not changed by the pull request`);
      });
    });
    const releaseTags = new Set<string>();
    r.releases.forEach((rel, j) => {
      const rat = [...at, 'releases', j];
      needUser([...rat, 'author'], rel.author);
      if (releaseTags.has(rel.tag)) problem([...rat, 'tag'], `a release of tag "${rel.tag}" is already defined`);
      releaseTags.add(rel.tag);
      if (rel.target !== undefined && !plan.tips.has(rel.target) && !plan.ids.has(rel.target))
        problem([...rat, 'target'], `"${rel.target}" is neither a branch nor a commit id`);
      if (rel.target === undefined && !plan.tips.has(r.default_branch)) problem([...rat, 'target'], `the repository has no commit to make the tag from`);
    });
    return plan;
  });

  const e = s.engagement;
  if (e.users.length === 0 && (e.contacts.length > 0 || e.cases.length > 0))
    problem(['engagement', 'users'], 'contacts and cases need at least one engagement user (the one who writes them)');
  const userNames = new Set<string>();
  e.users.forEach((u, i) => {
    if (userNames.has(u.user_name)) problem(['engagement', 'users', i, 'user_name'], `user "${u.user_name}" is already defined`);
    userNames.add(u.user_name);
  });
  const campaigns = new Set(['General']);
  e.campaigns.forEach((c, i) => {
    if (campaigns.has(c)) problem(['engagement', 'campaigns', i], `campaign "${c}" is already defined`);
    campaigns.add(c);
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
    const repo = c.repository === undefined ? undefined : s.repositories.find((r) => `${r.owner}/${r.name}`.toLowerCase() === c.repository!.toLowerCase());
    if (c.repository !== undefined && !repo) problem([...at, 'repository'], `repository "${c.repository}" is not in repositories`);
    if (c.pull !== undefined) {
      if (c.repository === undefined) problem([...at, 'pull'], 'a pull request needs its repository');
      else if (repo && c.pull > repo.pulls.length) problem([...at, 'pull'], `repository "${c.repository}" has no pull request #${c.pull}`);
    }
  });
  return { problems, histories };
}
