// Creating repositories (POST /user/repos, /orgs/:org/repos, the seed) and
// forks: the row in SQLite and a real bare git repository. The git data is
// prepared under a temporary name first and moved into place once the row
// exists, so a failed git step leaves no half-made repository.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cloneBare, identityEnv, initBare, repoGitPath, runGitText, type GitEnvironment, type IdentityInput } from '../../git';
import type { EmulatorContext } from '../../server';
import { findUserById, repoPermission } from '../conventions/access';
import { alreadyExists, invalidField, validationFailed } from '../conventions/errors';
import { orgSummary, userSummary } from '../conventions/representations';
import type { RepoRow } from './schema';
import type { UserRow } from '../accounts/schema';
import { isoTime } from '../conventions/time';
import { bases } from '../conventions/urls';
import { addTeamRepo, isTeamOf } from '../accounts/store';
import { repoDetailed } from './representation';
import { forkOwnedBy, insertFork, insertRepository, repoById, repoNameTaken } from './store';
import { gitignoreText, licenseText } from './templates';

const DEFAULT_BRANCH = 'master';

/** Repository names: letters, digits, `-`, `_`, `.`; not `.` or `..`; at most 100 characters. */
export function isValidRepoName(name: string): boolean {
  return /^[A-Za-z0-9._-]{1,100}$/.test(name) && name !== '.' && name !== '..' && !name.toLowerCase().endsWith('.git');
}

export interface CreateFields {
  name: string;
  description?: string | null | undefined;
  homepage?: string | null | undefined;
  private?: boolean | undefined;
  has_issues?: boolean | undefined;
  has_wiki?: boolean | undefined;
  has_downloads?: boolean | undefined;
  team_id?: number | undefined;
  auto_init?: boolean | undefined;
  gitignore_template?: string | undefined;
  license_template?: string | undefined;
}

export function gitIdentity(user: UserRow, when: string, host: string): IdentityInput {
  return { name: user.name ?? user.login, email: user.email ?? `${user.login}@users.noreply.${host}`, date: when };
}

/**
 * Writes files as one root commit on `branch` (auto_init): blobs with
 * hash-object, the tree with mktree, the commit with commit-tree.
 */
async function commitFiles(
  env: GitEnvironment,
  gitPath: string,
  branch: string,
  files: Array<{ path: string; content: string }>,
  message: string,
  author: IdentityInput,
): Promise<string> {
  const entries: string[] = [];
  for (const f of files) {
    const sha = (await runGitText(env, gitPath, ['hash-object', '-w', '--stdin'], { input: f.content })).trim();
    entries.push(`100644 blob ${sha}\t${f.path}`);
  }
  const tree = (await runGitText(env, gitPath, ['mktree'], { input: entries.join('\n') + '\n' })).trim();
  const commit = (await runGitText(env, gitPath, ['commit-tree', tree, '-m', message], { env: identityEnv(author) })).trim();
  await runGitText(env, gitPath, ['update-ref', `refs/heads/${branch}`, commit]);
  return commit;
}

/**
 * Moves a prepared repository to the folder of its new id. A folder may be
 * there already: a create that failed after moving its folder in (or was
 * killed before its row committed) did not use its id up, as AUTOINCREMENT
 * counts committed rows only (ids-never-reused.ts); and a data folder from
 * before that may hold a deleted repository's under the next id. It goes first.
 */
function moveIntoPlace(temp: string, target: string): void {
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(temp, target);
}

function tempGitPath(ctx: EmulatorContext): string {
  return path.join(ctx.gitDir, `.tmp-${crypto.randomUUID()}.git`);
}

/** Creates a repository owned by `owner` (a user or an organization) on behalf of `creator`. */
export async function createRepository(ctx: EmulatorContext, owner: UserRow, creator: UserRow, f: CreateFields): Promise<RepoRow> {
  const { db } = ctx;
  if (!isValidRepoName(f.name)) throw invalidField('Repository', 'name');
  const exists = () => repoNameTaken(db, owner.id, f.name);
  if (exists()) throw alreadyExists('Repository', 'name');
  if (f.team_id !== undefined && owner.type === 'Organization') {
    if (!isTeamOf(db, f.team_id, owner.id)) throw invalidField('Repository', 'team_id');
  }
  const now = isoTime();
  const files: Array<{ path: string; content: string }> = [];
  if (f.auto_init) {
    files.push({ path: 'README.md', content: '' });
    if (f.gitignore_template) {
      const text = gitignoreText(f.gitignore_template);
      if (text === undefined) throw invalidField('Repository', 'gitignore_template');
      files.push({ path: '.gitignore', content: text });
    }
    if (f.license_template) {
      const text = licenseText(f.license_template, new Date(now).getUTCFullYear(), owner.name ?? owner.login);
      if (text === undefined) throw invalidField('Repository', 'license_template');
      files.push({ path: 'LICENSE', content: text });
    }
  }
  const temp = tempGitPath(ctx);
  try {
    await initBare(ctx.gitEnv, temp, DEFAULT_BRANCH);
    if (files.length) {
      files.sort((a, b) => (a.path < b.path ? -1 : 1));
      await commitFiles(ctx.gitEnv, temp, DEFAULT_BRANCH, files, 'Initial commit', gitIdentity(creator, now, new URL(ctx.baseUrl()).hostname));
    }
    const repo = db.transaction(() => {
      if (exists()) throw alreadyExists('Repository', 'name');
      const id = insertRepository(
        db,
        owner.id,
        {
          name: f.name,
          description: f.description ?? null,
          homepage: f.homepage ?? null,
          private: f.private ?? false,
          default_branch: DEFAULT_BRANCH,
          has_issues: f.has_issues !== false,
          has_wiki: f.has_wiki !== false,
          has_downloads: f.has_downloads !== false,
          pushed_at: files.length ? now : null,
        },
        now,
      );
      if (f.team_id !== undefined && owner.type === 'Organization') addTeamRepo(db, f.team_id, id);
      moveIntoPlace(temp, repoGitPath(ctx.gitDir, id));
      return repoById(db, id)!;
    })();
    emitRepoEvent(ctx, 'repository', { action: 'created' }, repo, creator);
    return repo;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Emits an event about a repository with `repository`, `sender` and `organization` filled in. `hooksUpTo`: for a
 * payload built after the change, the last hook id when it happened (EventScope).
 */
export function emitRepoEvent(ctx: EmulatorContext, name: string, extra: Record<string, unknown>, repo: RepoRow, sender: UserRow, hooksUpTo?: number): void {
  const b = bases(ctx);
  const owner = findUserById(ctx.db, repo.owner_id)!;
  const payload: Record<string, unknown> = {
    ...extra,
    repository: repoDetailed(ctx.db, b, repo, repoPermission(ctx.db, repo, sender)),
    sender: userSummary(b, sender),
  };
  if (owner.type === 'Organization') payload.organization = orgSummary(b, owner);
  ctx.events.emitEvent(name, payload, { repoId: repo.id, orgId: owner.type === 'Organization' ? owner.id : undefined, hooksUpTo });
}

/**
 * Forks `source` into `target` (the caller or one of their organizations).
 * An existing fork of the same repository there is returned as it is.
 */
export async function forkRepository(ctx: EmulatorContext, source: RepoRow, target: UserRow, sender: UserRow): Promise<RepoRow> {
  const { db } = ctx;
  const existing = forkOwnedBy(db, target.id, source.id);
  if (existing) return existing;
  if (source.owner_id === target.id)
    throw validationFailed({ resource: 'Fork', field: 'owner', code: 'invalid', message: 'A repository cannot be forked into its own account.' });
  const now = isoTime();
  const temp = tempGitPath(ctx);
  try {
    await cloneBare(ctx.gitEnv, repoGitPath(ctx.gitDir, source.id), temp);
    // Another request may have made this fork, or taken the name, while git
    // cloned: look again inside the transaction, where nothing can interleave.
    const made = db.transaction(() => {
      const raced = forkOwnedBy(db, target.id, source.id);
      if (raced) return { fork: raced, created: false };
      let name = source.name;
      for (let n = 1; repoNameTaken(db, target.id, name); n++) name = `${source.name}-${n}`;
      const id = insertFork(db, source, target.id, name, now);
      moveIntoPlace(temp, repoGitPath(ctx.gitDir, id));
      return { fork: repoById(db, id)!, created: true };
    })();
    const { fork } = made;
    if (!made.created) return fork;
    const b = bases(ctx);
    emitRepoEvent(ctx, 'fork', { forkee: repoDetailed(db, b, fork, 'admin') }, repoById(db, source.id)!, sender);
    return fork;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}
