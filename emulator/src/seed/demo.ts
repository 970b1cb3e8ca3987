// The demo data set (`--seed demo`): fixed names that every test and the
// walkthrough rely on. Passwords are `<login>-demo-password`.
import fs from 'node:fs';
import path from 'node:path';
import type { EmulatorContext } from '../server';
import { findUser } from '../v3/core/access';
import type { UserRow } from '../v3/core/schema';
import { hashPassword, newClientCredentials } from '../v3/core/secrets';
import { addTeamMember, addTeamRepo, createTeam, insertAccount, setMembershipPublic } from '../v3/accounts/store';
import { insertApplication } from '../v3/authorizations/store';
import { createRepository, forkRepository } from '../v3/repos/create';

export const DEMO_ORG = 'analytical-engines';
export const DEMO_CALLBACK_URL = 'http://127.0.0.1:7481/callback';
export const OAUTH_APP_FILE = 'oauth-app.json';

const USERS = [
  { login: 'ada', name: 'Ada Lovelace', site_admin: 1, location: 'London', bio: 'Wrote the first published program.' },
  { login: 'charles', name: 'Charles Babbage', site_admin: 0, location: 'London', bio: 'Designed the engines.' },
  { login: 'mary', name: 'Mary Somerville', site_admin: 0, location: 'Edinburgh', bio: null },
  { login: 'luigi', name: 'Luigi Menabrea', site_admin: 0, location: 'Turin', bio: 'Described the analytical engine.' },
  { login: 'grace', name: 'Grace Hopper', site_admin: 0, location: 'New York', bio: null },
] as const;

export function demoPassword(login: string): string {
  return `${login}-demo-password`;
}

function account(ctx: EmulatorContext, fields: Partial<UserRow> & { login: string; type: 'User' | 'Organization' }): UserRow {
  insertAccount(ctx.db, fields);
  return findUser(ctx.db, fields.login)!;
}

export async function seedDemo(ctx: EmulatorContext): Promise<void> {
  const { db } = ctx;
  const users = new Map<string, UserRow>();
  db.transaction(() => {
    for (const u of USERS) {
      users.set(u.login, account(ctx, { ...u, type: 'User', email: `${u.login}@analytical-engines.test`, password_hash: hashPassword(demoPassword(u.login)) }));
    }
  })();
  ctx.seedPoint('demo users');
  const user = (login: string) => users.get(login)!;
  const org = account(ctx, {
    login: DEMO_ORG,
    type: 'Organization',
    name: 'Analytical Engines',
    description: 'Engines of the difference and of the analysis.',
    email: 'office@analytical-engines.test',
    billing_email: 'billing@analytical-engines.test',
    location: 'London',
  });

  ctx.seedPoint('demo organization');
  // ada is in every team; grace is in none (the outsider of the tests).
  const owners = createTeam(db, org.id, 'Owners', 'admin', true);
  const engineers = createTeam(db, org.id, 'Engineers', 'push', false, 'Build the engines.');
  const translators = createTeam(db, org.id, 'Translators', 'pull', false, 'Translate and annotate.');
  ctx.seedPoint('demo teams');
  db.transaction(() => {
    for (const login of ['ada', 'charles']) addTeamMember(db, owners, user(login).id);
    for (const login of ['ada', 'charles', 'luigi']) addTeamMember(db, engineers, user(login).id);
    for (const login of ['ada', 'mary', 'luigi']) addTeamMember(db, translators, user(login).id);
    // Public members: ada and charles; luigi and mary stay concealed.
    setMembershipPublic(db, org.id, user('ada').id, true);
    setMembershipPublic(db, org.id, user('charles').id, true);
  })();

  ctx.seedPoint('demo team members');
  const ada = user('ada');
  const differenceEngine = await createRepository(ctx, org, ada, {
    name: 'difference-engine',
    description: 'Tabulates polynomial functions by the method of finite differences.',
    // Not an address of the emulator: it may listen on another host or port.
    homepage: 'https://analytical-engines.example/difference-engine',
    auto_init: true,
    gitignore_template: 'Node',
    license_template: 'mit',
  });
  ctx.seedPoint('demo repository difference-engine');
  const analyticalEngine = await createRepository(ctx, org, ada, {
    name: 'analytical-engine',
    description: 'The general-purpose engine (private drawings).',
    private: true,
    auto_init: true,
  });
  ctx.seedPoint('demo repository analytical-engine');
  await createRepository(ctx, ada, ada, {
    name: 'notes-on-the-engine',
    description: 'Sketch of the Analytical Engine, with notes by the translator.',
    auto_init: true,
  });
  ctx.seedPoint('demo repository notes-on-the-engine');
  await createRepository(ctx, ada, ada, {
    name: 'bernoulli-numbers',
    description: 'Note G: computing Bernoulli numbers on the engine.',
    private: true,
    auto_init: true,
  });
  ctx.seedPoint('demo repository bernoulli-numbers');
  await forkRepository(ctx, differenceEngine, user('charles'), user('charles'));
  ctx.seedPoint('demo fork');
  db.transaction(() => {
    for (const repo of [differenceEngine, analyticalEngine]) addTeamRepo(db, engineers.id, repo.id);
    addTeamRepo(db, translators.id, differenceEngine.id);
  })();

  // The OAuth application of the extension; its secret only goes to the file.
  const { clientId, clientSecret } = newClientCredentials();
  insertApplication(db, { ownerId: ada.id, name: 'RepoDesk', url: 'http://127.0.0.1:7481', clientId, clientSecret, callbackUrl: DEMO_CALLBACK_URL });
  ctx.seedPoint('demo OAuth application');
  const file = path.join(ctx.options.dataDir, OAUTH_APP_FILE);
  fs.writeFileSync(file, `${JSON.stringify({ client_id: clientId, client_secret: clientSecret }, null, 2)}\n`, { mode: 0o600 });
  logOAuthApp(ctx);
}

/** Prints the demo application's client id and where its secret is (never the secret). */
export function logOAuthApp(ctx: EmulatorContext): void {
  const file = path.join(ctx.options.dataDir, OAUTH_APP_FILE);
  if (!fs.existsSync(file)) return;
  try {
    const { client_id } = JSON.parse(fs.readFileSync(file, 'utf8')) as { client_id?: string };
    if (client_id) ctx.log(`OAuth application RepoDesk: client_id ${client_id}; client id and secret in ${file}`);
  } catch {
    ctx.log(`OAuth application file ${file} is unreadable`);
  }
}
