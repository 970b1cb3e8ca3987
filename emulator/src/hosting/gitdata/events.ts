// Events of reference changes made through the API: a branch or tag moved,
// created or deleted counts as a push (docs/service-api/hosting/webhooks §7),
// and a created or deleted branch or tag also sends create / delete. Payloads
// are built after the change, off the request's path; a failure is logged only.
import type { EmulatorContext } from '../../server';
import { readCommit, type GitRepository } from '../../git';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { bases } from '../conventions/urls';
import { emitRepoEvent } from '../repos/create';
import { lastHookId } from '../hooks/store';

const ZERO = '0'.repeat(40);
/** The push payload (docs/service-api/hosting/webhooks §7) lists at most 20 commits. */
const MAX_COMMITS = 20;

export interface RefEvent {
  ref: string;
  before: string;
  after: string;
  forced: boolean;
}

function shortName(ref: string): { kind: 'branch' | 'tag' | undefined; name: string } {
  if (ref.startsWith('refs/heads/')) return { kind: 'branch', name: ref.slice('refs/heads/'.length) };
  if (ref.startsWith('refs/tags/')) return { kind: 'tag', name: ref.slice('refs/tags/'.length) };
  return { kind: undefined, name: ref };
}

interface PathChanges {
  added: string[];
  removed: string[];
  modified: string[];
}

/**
 * Each commit's changed paths by status, from one `diff-tree --stdin` for them
 * all (a process a commit was 21 processes for a new branch or tag). Its
 * output, NUL-separated: a commit's id, then status and path pairs; a commit
 * that changes nothing (a merge) is left out. A status is one letter and an id
 * 40 or 64 hex digits, so where a status or an id may come they cannot be
 * taken for each other.
 */
async function changesOf(git: GitRepository, shas: string[]): Promise<Map<string, PathChanges>> {
  const byCommit = new Map<string, PathChanges>(shas.map((sha) => [sha, { added: [], removed: [], modified: [] }]));
  if (!shas.length) return byCommit;
  const tokens = (await git.runText(['diff-tree', '--stdin', '-r', '--root', '--no-renames', '--name-status', '-z'], { input: `${shas.join('\n')}\n` })).split(
    '\0',
  );
  let current: PathChanges | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.length > 1) {
      current = byCommit.get(token);
      continue;
    }
    const path = tokens[++i] ?? '';
    if (!current || !token) continue;
    (token === 'A' ? current.added : token === 'D' ? current.removed : current.modified).push(path);
  }
  return byCommit;
}

async function pushedCommits(git: GitRepository, htmlUrl: string, before: string, after: string): Promise<Array<Record<string, unknown>>> {
  if (after === ZERO) return [];
  const range = before === ZERO ? [after] : [after, `^${before}`];
  // Oldest first, a parent always before its children (commits made in the same second tie on date).
  const shas = (await git.runText(['rev-list', '--reverse', '--topo-order', `--max-count=${MAX_COMMITS}`, ...range, '--'])).split('\n').filter(Boolean);
  const changes = await changesOf(git, shas);
  return Promise.all(
    shas.map(async (sha) => {
      const commit = await readCommit(git, sha);
      const { added, removed, modified } = changes.get(sha)!;
      return {
        id: sha,
        tree_id: commit.tree,
        distinct: true,
        message: commit.message,
        timestamp: commit.author.date,
        url: `${htmlUrl}/commit/${sha}`,
        author: { name: commit.author.name, email: commit.author.email },
        committer: { name: commit.committer.name, email: commit.committer.email },
        added,
        removed,
        modified,
      };
    }),
  );
}

/** An event of a reference change, ready to emit: its name and its payload's own fields. */
export interface PendingRefEvent {
  name: 'push' | 'create' | 'delete';
  extra: Record<string, unknown>;
}

/** The events of a reference change (create or delete, then push), built from the repository's git data. */
export async function refEventsOf(
  ctx: EmulatorContext,
  git: GitRepository,
  repo: RepoRow,
  owner: UserRow,
  sender: UserRow,
  change: RefEvent,
): Promise<PendingRefEvent[]> {
  const { kind, name } = shortName(change.ref);
  if (!kind) return [];
  const htmlUrl = `${bases(ctx).web}/${owner.login}/${repo.name}`;
  const commits = await pushedCommits(git, htmlUrl, change.before, change.after);
  const created = change.before === ZERO;
  const deleted = change.after === ZERO;
  const events: PendingRefEvent[] = [];
  if (created)
    events.push({
      name: 'create',
      extra: { ref: name, ref_type: kind, master_branch: repo.default_branch, description: repo.description, pusher_type: 'user' },
    });
  if (deleted) events.push({ name: 'delete', extra: { ref: name, ref_type: kind, pusher_type: 'user' } });
  events.push({
    name: 'push',
    extra: {
      ref: change.ref,
      before: change.before,
      after: change.after,
      created,
      deleted,
      forced: change.forced,
      base_ref: null,
      compare: `${htmlUrl}/compare/${change.before.slice(0, 12)}...${change.after.slice(0, 12)}`,
      commits,
      head_commit: commits[commits.length - 1] ?? null,
      pusher: { name: sender.login, email: sender.email },
    },
  });
  return events;
}

/**
 * Emits push (and create/delete) for a reference change; never throws. The payloads are built after the change: the
 * hooks that get them are those there were at the change.
 */
export function emitRefEvents(ctx: EmulatorContext, git: GitRepository, repo: RepoRow, owner: UserRow, sender: UserRow, change: RefEvent): void {
  const hooksUpTo = lastHookId(ctx.db);
  void refEventsOf(ctx, git, repo, owner, sender, change)
    .then((events) => {
      for (const e of events) emitRepoEvent(ctx, e.name, e.extra, repo, sender, hooksUpTo);
    })
    .catch((error: unknown) => ctx.log(`push event for ${change.ref} failed: ${error instanceof Error ? error.message : String(error)}`));
}
