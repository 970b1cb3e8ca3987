// Writes a checked scenario (load.ts; the demo is one too) into an empty
// data folder through the modules' own functions: accounts and tokens,
// teams, the repositories as the API creates them (auto_init), their forks,
// the OAuth application, then each repository's history (one `git
// fast-import`), labels, milestones, pull requests with their comments,
// issues, deploy keys, downloads and releases, then gists and the engagement
// service's data. Crash safety is the seed's (seed/unfinished.ts): a kill between two
// steps leaves a half-done seed that the next start discards. A step the
// file's checks cannot foresee (a review comment's position outside the
// diff, a merge with conflicts) fails the start with the entry's path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoGitPath, runGitText } from '../git';
import type { EmulatorContext } from '../server';
import { findUser } from '../hosting/conventions/access';
import { ApiError } from '../hosting/conventions/errors';
import type { RepoRow } from '../hosting/repos/schema';
import type { UserRow } from '../hosting/accounts/schema';
import { hashPassword, newClientCredentials } from '../hosting/conventions/secrets';
import { isoTime } from '../hosting/conventions/time';
import { addTeamMember, addTeamRepo, createTeam, insertAccount, setMembershipPublic } from '../hosting/accounts/store';
import { createAuthorization, insertApplication } from '../hosting/authorizations/store';
import { createIssueComment } from '../hosting/comments/issue-comments';
import { addReviewComment } from '../hosting/comments/review-comments';
import { insertDeployKey } from '../hosting/deploy-keys/store';
import { insertDownload } from '../hosting/downloads/store';
import { insertGist, insertGistComment } from '../hosting/gists/store';
import { insertIssue, issueById } from '../hosting/issues/store';
import type { LabelRow } from '../hosting/labels/schema';
import { addIssueLabels, addMilestoneIssue, insertLabel, insertMilestone } from '../hosting/labels/store';
import { mergePull, openPull, setPullState } from '../hosting/pulls/lifecycle';
import { pullById } from '../hosting/pulls/store';
import { refreshRepoPulls } from '../hosting/pulls/sync';
import { insertAsset, insertRelease } from '../hosting/releases/store';
import { createRepository, forkRepository } from '../hosting/repos/create';
import { markPushed } from '../hosting/repos/store';
import { insertCampaign } from '../engagement/campaigns';
import { addMessage, createCase, moveCase, setCaseUpdateTime } from '../engagement/cases';
import { addProfile, createContact } from '../engagement/contacts';
import { contextOf } from '../engagement/module';
import { putUser } from '../engagement/users';
import { dateSeconds } from './dates';
import { historyStream, type Identity, type PlannedHistory } from './history';
import type { LoadedScenario } from './load';
import { ScenarioError } from './problems';
import type { Scenario, ScenarioRepository } from './schema';

/** Where the OAuth application's client id and secret go, in the data folder. */
export const OAUTH_APP_FILE = 'oauth-app.json';

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
        billing_email: o.billing_email ?? null,
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
async function writeHistory(
  ctx: EmulatorContext,
  repo: RepoRow,
  r: ScenarioRepository,
  plan: PlannedHistory,
  initial: string | undefined,
): Promise<Map<number, string>> {
  const gitPath = repoGitPath(ctx.gitDir, repo.id);
  const marksFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-scenario-')), 'marks');
  try {
    await runGitText(ctx.gitEnv, gitPath, ['fast-import', '--quiet', `--export-marks=${marksFile}`], {
      input: historyStream(r, plan, identityOf(ctx), initial),
    });
    const shas = new Map<number, string>(initial ? [[0, initial]] : []);
    for (const line of fs.readFileSync(marksFile, 'utf8').split('\n')) {
      const m = /^:(\d+) ([0-9a-f]{40})$/.exec(line);
      if (m) shas.set(Number(m[1]), m[2]!);
    }
    return shas;
  } finally {
    fs.rmSync(path.dirname(marksFile), { recursive: true, force: true });
  }
}

/** The time of a checked date as the API writes it; the seed time when absent. */
function isoAt(value: string | undefined, now: number): string {
  return isoTime((value === undefined ? now : dateSeconds(value, now)) * 1000);
}

interface CreatedRepository {
  repo: RepoRow;
  /** SHA of the auto_init commit. */
  initial: string | undefined;
}

/** Creates the repository as the API's create does (with its auto_init commit), on the file's default branch. */
async function createScenarioRepository(ctx: EmulatorContext, file: string, at: Path, r: ScenarioRepository): Promise<CreatedRepository> {
  const owner = findUser(ctx.db, r.owner)!;
  const user = (login: string): UserRow => findUser(ctx.db, login)!;
  const repo = await step(file, at, () =>
    createRepository(ctx, owner, user(r.created_by ?? r.owner), {
      name: r.name,
      description: r.description ?? null,
      homepage: r.homepage ?? null,
      private: r.private,
      auto_init: r.auto_init,
      gitignore_template: r.gitignore_template,
      license_template: r.license_template,
    }),
  );
  const gitPath = repoGitPath(ctx.gitDir, repo.id);
  let initial: string | undefined;
  // The create wrote the branch as a loose ref of a new repository: read without starting git.
  if (r.auto_init) initial = fs.readFileSync(path.join(gitPath, 'refs', 'heads', repo.default_branch), 'utf8').trim();
  if (r.default_branch !== repo.default_branch) {
    if (initial) {
      await runGitText(ctx.gitEnv, gitPath, ['update-ref', `refs/heads/${r.default_branch}`, initial]);
      await runGitText(ctx.gitEnv, gitPath, ['update-ref', '-d', `refs/heads/${repo.default_branch}`]);
    }
    await runGitText(ctx.gitEnv, gitPath, ['symbolic-ref', 'HEAD', `refs/heads/${r.default_branch}`]);
    ctx.db.prepare('UPDATE repositories SET default_branch = ? WHERE id = ?').run(r.default_branch, repo.id);
  }
  return { repo: { ...repo, default_branch: r.default_branch }, initial };
}

/** Writes a created repository's history, pull requests, issues and the rest. */
async function fillRepository(
  ctx: EmulatorContext,
  loaded: LoadedScenario,
  at: Path,
  r: ScenarioRepository,
  plan: PlannedHistory,
  created: CreatedRepository,
): Promise<void> {
  const { file, now } = loaded;
  const { repo, initial } = created;
  const seeded = repo;
  const user = (login: string): UserRow => findUser(ctx.db, login)!;
  const gitPath = repoGitPath(ctx.gitDir, repo.id);
  const labels = new Map<string, LabelRow>();
  const milestones = new Map<string, number>();
  ctx.db.transaction(() => {
    for (const l of r.labels) labels.set(l.name.toLowerCase(), insertLabel(ctx.db, repo.id, l.name, l.color.toLowerCase()));
    r.milestones.forEach((m, i) => milestones.set(m.title.toLowerCase(), insertMilestone(ctx.db, repo.id, i + 1, m.title)));
  })();
  let shas = new Map<number, string>(initial ? [[0, initial]] : []);
  if (plan.commits.length > 1 || plan.tags.length > 0 || plan.notes.length > 0) {
    shas = await step(file, [...at, plan.commits.length > 1 && r.commits.length === 0 ? 'generate' : 'commits'], () =>
      writeHistory(ctx, repo, r, plan, initial),
    );
    markPushed(ctx.db, repo.id, isoTime(Math.max(...plan.times.map((t) => t.seconds)) * 1000));
    ctx.seedPoint(`scenario history ${r.owner}/${r.name}`);
  }
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
  for (const i of r.issues) {
    const issue = ctx.db.transaction(() => {
      const row = insertIssue(ctx.db, repo.id, user(i.author).id, i.title, i.body ?? null, false);
      if (i.labels.length)
        addIssueLabels(
          ctx.db,
          row.id,
          i.labels.map((l) => labels.get(l.toLowerCase())!),
        );
      if (i.milestone !== undefined) addMilestoneIssue(ctx.db, milestones.get(i.milestone.toLowerCase())!, row.id);
      return row;
    })();
    for (const c of i.comments) createIssueComment(ctx, seeded, issue, user(c.author), c.body);
  }
  ctx.db.transaction(() => {
    for (const k of r.deploy_keys) insertDeployKey(ctx.db, repo.id, k.title, k.key);
    for (const d of r.downloads) {
      insertDownload(ctx.db, repo.id, {
        name: d.name,
        description: d.description ?? null,
        size: d.size,
        download_count: d.download_count,
        content_type: d.content_type,
        created_at: isoAt(d.date, now),
      });
    }
  })();
  for (const [i, rel] of r.releases.entries()) {
    const target = rel.target === undefined || plan.tips.has(rel.target) ? (rel.target ?? r.default_branch) : shas.get(plan.ids.get(rel.target)!)!;
    // A published release's tag exists, as when the service creates a release: made from the target unless the history has it
    // (the repository is new: its only tags are the history's, and the file names a release's tag once).
    if (!rel.draft && !plan.tags.some((t) => t.name === rel.tag)) {
      await step(file, [...at, 'releases', i, 'tag'], () =>
        runGitText(ctx.gitEnv, gitPath, ['tag', rel.tag, plan.tips.has(target) ? `refs/heads/${target}` : target]),
      );
    }
    const author = user(rel.author).id;
    ctx.db.transaction(() => {
      const id = insertRelease(ctx.db, repo.id, author, {
        tag_name: rel.tag,
        target_commitish: target,
        name: rel.name ?? null,
        body: rel.body ?? null,
        draft: rel.draft,
        prerelease: rel.prerelease,
      });
      for (const a of rel.assets) {
        const content = a.content_base64 !== undefined ? Buffer.from(a.content_base64, 'base64') : Buffer.from(a.content!);
        insertAsset(ctx.db, id, author, { name: a.name, label: a.label ?? null, contentType: a.content_type, content });
      }
    })();
  }
}

/** The OAuth application: its secret goes to <data>/oauth-app.json only (the database keeps its hash). */
function seedApplication(ctx: EmulatorContext, s: Scenario): void {
  const a = s.oauth_application;
  if (!a) return;
  const { clientId, clientSecret } = newClientCredentials();
  // A callback URL given at start-up replaces the scenario's (EmulatorOptions.oauthCallbackUrl).
  const callbackUrl = ctx.options.oauthCallbackUrl ?? a.callback_url;
  insertApplication(ctx.db, { ownerId: findUser(ctx.db, a.owner)!.id, name: a.name, url: a.url, clientId, clientSecret, callbackUrl });
  const file = path.join(ctx.options.dataDir, OAUTH_APP_FILE);
  fs.writeFileSync(file, `${JSON.stringify({ client_id: clientId, client_secret: clientSecret }, null, 2)}\n`, { mode: 0o600 });
  logOAuthApp(ctx);
}

/** Prints the OAuth application's client id and where its secret is (never the secret). */
export function logOAuthApp(ctx: EmulatorContext): void {
  const file = path.join(ctx.options.dataDir, OAUTH_APP_FILE);
  if (!fs.existsSync(file)) return;
  try {
    const { client_id } = JSON.parse(fs.readFileSync(file, 'utf8')) as { client_id?: string };
    if (client_id) ctx.log(`OAuth application: client_id ${client_id}; client id and secret in ${file}`);
  } catch {
    ctx.log(`OAuth application file ${file} is unreadable`);
  }
}

function seedGists(ctx: EmulatorContext, s: Scenario): void {
  ctx.db.transaction(() => {
    for (const g of s.gists) {
      const gist = insertGist(ctx.db, findUser(ctx.db, g.owner)!.id, g.files, g.description ?? null, g.public);
      for (const c of g.comments) insertGistComment(ctx.db, gist.id, findUser(ctx.db, c.author)!.id, c.body);
    }
  })();
}

function seedEngagement(ctx: EmulatorContext, s: Scenario, now: number): void {
  const e = s.engagement;
  const ms = (value: string | undefined, fallback: number) => (value === undefined ? fallback : dateSeconds(value, now) * 1000);
  if (e.users.length === 0) return;
  const v2 = contextOf(ctx);
  const by = e.users[0]!.user_name;
  v2.db.transaction(() => {
    for (const u of e.users) putUser(v2, u.user_name, u.api_key, u.password);
    for (const c of e.campaigns) insertCampaign(v2, c.name, ms(c.date, v2.now()), { ifMissing: true });
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
      const at = ms(c.date, v2.now());
      const id = createContact(v2, by, { fields, extra: {}, notes: c.notes, tags: c.tags, profile: first! }, at);
      for (const p of more) addProfile(v2, by, id, p, at);
      contacts.set(c.id, { id, from: first!.ext_id, name: c.name });
    }
    for (const k of e.cases) {
      const contact = contacts.get(k.contact)!;
      const arrival = ms(k.date, v2.now());
      const tags = [...(k.repository ? [`repo:${k.repository}`] : []), ...(k.pull !== undefined ? [`pr:${k.pull}`] : []), ...k.tags];
      const id = createCase(v2, by, { contactId: contact.id, campaign: k.campaign, subject: k.subject, source: k.source, notes: [], tags, extra: {} }, arrival);
      let last = arrival;
      for (const m of k.messages) {
        const at = ms(m.date, last);
        last = Math.max(last, at);
        addMessage(
          v2,
          id,
          { direction: m.direction, content: m.content, fromId: m.direction === 'in' ? contact.from : by, fromName: m.direction === 'in' ? contact.name : by },
          at,
        );
      }
      for (const move of k.moves) {
        const at = ms(move.date, last);
        moveCase(v2, id, move.state, at);
        last = Math.max(last, at);
      }
      if (k.state !== undefined && k.state !== 'Arrived') moveCase(v2, id, k.state, last);
      setCaseUpdateTime(v2, id, last);
    }
  })();
}

/** Loads a checked scenario into an empty database and git folder. */
export async function seedScenario(ctx: EmulatorContext, loaded: LoadedScenario): Promise<void> {
  const { scenario: s, histories, file } = loaded;
  seedAccounts(ctx, s);
  ctx.seedPoint('scenario accounts');
  const created: CreatedRepository[] = [];
  for (const [i, r] of s.repositories.entries()) {
    created.push(await createScenarioRepository(ctx, file, ['repositories', i], r));
    ctx.seedPoint(`scenario repository ${r.owner}/${r.name} created`);
  }
  const repos = created.map((c) => c.repo);
  // Forks are made as soon as every repository exists: a fork holds its source's auto_init commit, not what the file writes later.
  for (const [i, r] of s.repositories.entries()) {
    for (const [j, login] of r.forks.entries()) {
      const forker = findUser(ctx.db, login)!;
      await step(file, ['repositories', i, 'forks', j], () => forkRepository(ctx, repos[i]!, forker, forker));
      ctx.seedPoint(`scenario fork ${login}/${r.name}`);
    }
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
  seedApplication(ctx, s);
  for (const [i, r] of s.repositories.entries()) {
    await fillRepository(ctx, loaded, ['repositories', i], r, histories[i]!, created[i]!);
    ctx.seedPoint(`scenario repository ${r.owner}/${r.name}`);
  }
  seedGists(ctx, s);
  ctx.seedPoint('scenario gists');
  seedEngagement(ctx, s, loaded.now);
  ctx.log(
    `scenario ${file}: ${s.users.length} users, ${s.organizations.length} organizations, ${s.repositories.length} repositories, ${s.engagement.cases.length} cases`,
  );
}
