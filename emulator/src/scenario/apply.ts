// Writes a checked scenario (load.ts) into an empty data folder through the
// modules' own functions, as the demo seed does: accounts and tokens, teams,
// repositories and their history (one `git fast-import` each), labels, pull
// requests with their comments, then releases and the engagement service's
// data. Crash safety is the seed's (seed/unfinished.ts): a kill between two
// steps leaves a half-done seed that the next start discards. A step the
// file's checks cannot foresee (a review comment's position outside the
// diff, a merge with conflicts) fails the start with the entry's path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoGitPath, runGitText } from '../git';
import type { EmulatorContext } from '../server';
import { findUser } from '../v3/core/access';
import { ApiError } from '../v3/core/errors';
import type { RepoRow, UserRow } from '../v3/core/schema';
import { hashPassword } from '../v3/core/secrets';
import { isoTime } from '../v3/core/time';
import { addTeamMember, addTeamRepo, createTeam, insertAccount, setMembershipPublic } from '../v3/accounts/store';
import { createAuthorization } from '../v3/authorizations/store';
import { createIssueComment } from '../v3/comments/issue-comments';
import { addReviewComment } from '../v3/comments/review-comments';
import { issueById } from '../v3/issues/store';
import type { LabelRow } from '../v3/labels/schema';
import { addIssueLabels, insertLabel } from '../v3/labels/store';
import { mergePull, openPull, setPullState } from '../v3/pulls/lifecycle';
import { pullById } from '../v3/pulls/store';
import { refreshRepoPulls } from '../v3/pulls/sync';
import { insertRelease } from '../v3/releases/store';
import { createRepository } from '../v3/repos/create';
import { markPushed } from '../v3/repos/store';
import { insertCampaign } from '../v2/campaigns';
import { addMessage, createCase, moveCase, setCaseUpdateTime } from '../v2/cases';
import { addProfile, createContact } from '../v2/contacts';
import { contextOf } from '../v2/module';
import { putUser } from '../v2/users';
import { historyStream, type Identity, type PlannedHistory } from './history';
import type { LoadedScenario } from './load';
import { ScenarioError } from './problems';
import type { Scenario, ScenarioRepository } from './schema';

type Path = Array<string | number>;

/** Runs one step of an entry; a failure names the entry and gives the service's own words. */
async function step<T>(file: string, at: Path, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ScenarioError) throw err;
    const detail =
      err instanceof ApiError && err.errors?.length
        ? `: ${err.errors.map((e) => (e as { message?: string }).message ?? `${e.field} ${e.code}`).join('; ')}`
        : '';
    throw new ScenarioError(file, [{ path: at, message: `${(err as Error).message}${detail}` }]);
  }
}

function seedAccounts(ctx: EmulatorContext, s: Scenario): void {
  const { db } = ctx;
  db.transaction(() => {
    for (const u of s.users) {
      insertAccount(db, {
        login: u.login,
        type: 'User',
        name: u.name ?? null,
        email: u.email ?? null,
        location: u.location ?? null,
        bio: u.bio ?? null,
        site_admin: u.site_admin ? 1 : 0,
        password_hash: u.password === undefined ? null : hashPassword(u.password),
      });
      const id = findUser(db, u.login)!.id;
      for (const t of u.tokens) createAuthorization(db, { userId: id, appId: null, scopes: t.scopes, note: t.note ?? null, token: t.token });
    }
    for (const o of s.organizations) {
      insertAccount(db, {
        login: o.login,
        type: 'Organization',
        name: o.name ?? null,
        description: o.description ?? null,
        email: o.email ?? null,
        location: o.location ?? null,
      });
      const org = findUser(db, o.login)!;
      for (const t of o.teams) {
        const team = createTeam(db, org.id, t.name, t.permission, t.owners, t.description ?? null);
        for (const m of t.members) addTeamMember(db, team, findUser(db, m)!.id);
      }
      for (const m of o.public_members) setMembershipPublic(db, org.id, findUser(db, m)!.id, true);
    }
  })();
}

function identityOf(ctx: EmulatorContext): (login: string) => Identity {
  return (login) => {
    const u = findUser(ctx.db, login)!;
    return { name: u.name ?? u.login, email: u.email ?? `${u.login}@users.noreply.test` };
  };
}

/** Writes the history with fast-import; returns each mark's SHA. */
async function writeHistory(ctx: EmulatorContext, repo: RepoRow, r: ScenarioRepository, plan: PlannedHistory): Promise<Map<number, string>> {
  const gitPath = repoGitPath(ctx.gitDir, repo.id);
  const marksFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-scenario-')), 'marks');
  try {
    await runGitText(ctx.gitEnv, gitPath, ['fast-import', '--quiet', `--export-marks=${marksFile}`], { input: historyStream(r, plan, identityOf(ctx)) });
    const shas = new Map<number, string>();
    for (const line of fs.readFileSync(marksFile, 'utf8').split('\n')) {
      const m = /^:(\d+) ([0-9a-f]{40})$/.exec(line);
      if (m) shas.set(Number(m[1]), m[2]!);
    }
    return shas;
  } finally {
    fs.rmSync(path.dirname(marksFile), { recursive: true, force: true });
  }
}

async function seedRepository(ctx: EmulatorContext, file: string, at: Path, r: ScenarioRepository, plan: PlannedHistory): Promise<RepoRow> {
  const owner = findUser(ctx.db, r.owner)!;
  const repo = await step(file, at, () =>
    createRepository(ctx, owner, owner, { name: r.name, description: r.description ?? null, homepage: r.homepage ?? null, private: r.private }),
  );
  const gitPath = repoGitPath(ctx.gitDir, repo.id);
  if (r.default_branch !== repo.default_branch) {
    await runGitText(ctx.gitEnv, gitPath, ['symbolic-ref', 'HEAD', `refs/heads/${r.default_branch}`]);
    ctx.db.prepare('UPDATE repositories SET default_branch = ? WHERE id = ?').run(r.default_branch, repo.id);
  }
  const labels = new Map<string, LabelRow>();
  ctx.db.transaction(() => {
    for (const l of r.labels) labels.set(l.name.toLowerCase(), insertLabel(ctx.db, repo.id, l.name, l.color.toLowerCase()));
  })();
  if (r.commits.length === 0) return { ...repo, default_branch: r.default_branch };
  const shas = await step(file, [...at, 'commits'], () => writeHistory(ctx, repo, r, plan));
  markPushed(ctx.db, repo.id, isoTime(Math.max(...plan.times.map((t) => t.seconds)) * 1000));
  const seeded = { ...repo, default_branch: r.default_branch };
  const user = (login: string): UserRow => findUser(ctx.db, login)!;
  for (const [i, p] of r.pulls.entries()) {
    const pat = [...at, 'pulls', i];
    const pull = await step(file, pat, () =>
      openPull(ctx, seeded, user(p.author), { title: p.title, head: p.head, base: p.base ?? r.default_branch, body: p.body ?? null }),
    );
    if (p.labels.length)
      addIssueLabels(
        ctx.db,
        pull.issue_id,
        p.labels.map((l) => labels.get(l.toLowerCase())!),
      );
    for (const [j, c] of p.review_comments.entries()) {
      const cat = [...pat, 'review_comments', j];
      const commitId = c.commit === undefined ? pull.head_sha : shas.get(plan.ids.get(c.commit)!)!;
      const root = await step(file, cat, () =>
        addReviewComment(ctx, seeded, pull, user(c.author), { body: c.body, commit_id: commitId, path: c.path, position: c.position }),
      );
      for (const [k, reply] of c.replies.entries()) {
        await step(file, [...cat, 'replies', k], () => addReviewComment(ctx, seeded, pull, user(reply.author), { body: reply.body, in_reply_to: root.id }));
      }
    }
    const issue = issueById(ctx.db, pull.issue_id)!;
    for (const c of p.comments) createIssueComment(ctx, seeded, issue, user(c.author), c.body);
    const closer = user(p.closed_by ?? p.author);
    if (p.state === 'closed') await step(file, [...pat, 'state'], () => setPullState(ctx, pullById(ctx.db, pull.id)!, 'closed', closer));
    if (p.state === 'merged') {
      await step(file, [...pat, 'state'], () => mergePull(ctx, pullById(ctx.db, pull.id)!, closer, undefined, undefined));
      await refreshRepoPulls(ctx, repo.id);
    }
    ctx.seedPoint(`scenario pull request ${r.owner}/${r.name}#${pull.number}`);
  }
  for (const [i, rel] of r.releases.entries()) {
    const target = rel.target === undefined || plan.tips.has(rel.target) ? (rel.target ?? r.default_branch) : shas.get(plan.ids.get(rel.target)!)!;
    // A published release's tag exists, as when the service creates a release: made from the target unless the history has it.
    if (!rel.draft) {
      await step(file, [...at, 'releases', i, 'tag'], async () => {
        const has = await runGitText(ctx.gitEnv, gitPath, ['tag', '--list', rel.tag]);
        if (!has.trim()) await runGitText(ctx.gitEnv, gitPath, ['tag', rel.tag, plan.tips.has(target) ? `refs/heads/${target}` : target]);
      });
    }
    insertRelease(ctx.db, repo.id, user(rel.author).id, {
      tag_name: rel.tag,
      target_commitish: target,
      name: rel.name ?? null,
      body: rel.body ?? null,
      draft: rel.draft,
      prerelease: rel.prerelease,
    });
  }
  return seeded;
}

function seedEngagement(ctx: EmulatorContext, s: Scenario): void {
  const e = s.engagement;
  if (e.users.length === 0) return;
  const v2 = contextOf(ctx);
  const by = e.users[0]!.user_name;
  v2.db.transaction(() => {
    for (const u of e.users) putUser(v2, u.user_name, u.api_key, u.password);
    for (const name of e.campaigns) insertCampaign(v2, name, v2.now(), { ifMissing: true });
    const contacts = new Map<string, { id: number; from: string; name: string }>();
    for (const c of e.contacts) {
      const [first, ...more] = c.profiles.map((p) => ({
        source: p.source,
        ext_id: p.ext_id,
        optional: { name: c.name, ...(p.user_name ? { user_name: p.user_name } : {}) },
      }));
      const fields = {
        name: c.name,
        ...(c.first_name ? { first_name: c.first_name } : {}),
        ...(c.last_name ? { last_name: c.last_name } : {}),
        ...(c.crm_id ? { crm_id: c.crm_id } : {}),
      };
      const id = createContact(v2, by, { fields, extra: {}, notes: c.notes, tags: c.tags, profile: first! });
      for (const p of more) addProfile(v2, by, id, p);
      contacts.set(c.id, { id, from: first!.ext_id, name: c.name });
    }
    for (const k of e.cases) {
      const contact = contacts.get(k.contact)!;
      const arrival = k.date !== undefined ? Date.parse(k.date) : v2.now();
      const tags = [...(k.repository ? [`repo:${k.repository}`] : []), ...(k.pull !== undefined ? [`pr:${k.pull}`] : []), ...k.tags];
      const id = createCase(v2, by, { contactId: contact.id, campaign: k.campaign, subject: k.subject, source: k.source, notes: [], tags, extra: {} }, arrival);
      let last = arrival;
      for (const m of k.messages) {
        const at = m.date !== undefined ? Date.parse(m.date) : last;
        last = Math.max(last, at);
        addMessage(
          v2,
          id,
          { direction: m.direction, content: m.content, fromId: m.direction === 'in' ? contact.from : by, fromName: m.direction === 'in' ? contact.name : by },
          at,
        );
      }
      if (k.state !== 'Arrived') moveCase(v2, id, k.state, last);
      setCaseUpdateTime(v2, id, last);
    }
  })();
}

/** Loads a checked scenario into an empty database and git folder. */
export async function seedScenario(ctx: EmulatorContext, loaded: LoadedScenario): Promise<void> {
  const { scenario: s, histories, file } = loaded;
  seedAccounts(ctx, s);
  ctx.seedPoint('scenario accounts');
  const repos: RepoRow[] = [];
  for (const [i, r] of s.repositories.entries()) {
    repos.push(await seedRepository(ctx, file, ['repositories', i], r, histories[i]!));
    ctx.seedPoint(`scenario repository ${r.owner}/${r.name}`);
  }
  ctx.db.transaction(() => {
    for (const o of s.organizations) {
      const teams = ctx.db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM teams WHERE org_id = ?').all(findUser(ctx.db, o.login)!.id);
      for (const t of o.teams) {
        const teamId = teams.find((row) => row.name === t.name)!.id;
        for (const name of t.repositories) {
          const repo = repos.find(
            (row, i) => s.repositories[i]!.owner.toLowerCase() === o.login.toLowerCase() && row.name.toLowerCase() === name.toLowerCase(),
          )!;
          addTeamRepo(ctx.db, teamId, repo.id);
        }
      }
    }
  })();
  seedEngagement(ctx, s);
  ctx.log(
    `scenario ${file}: ${s.users.length} users, ${s.organizations.length} organizations, ${s.repositories.length} repositories, ${s.engagement.cases.length} cases`,
  );
}
