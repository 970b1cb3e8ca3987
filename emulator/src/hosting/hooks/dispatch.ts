// From events to deliveries: the event bus's events for a repository go to its
// active hooks that fire for them; pings and push tests go to one hook.
import { randomInt } from 'node:crypto';
import type { EmittedEvent } from '../../events';
import { repoGitPath, runGitText } from '../../git';
import type { EmulatorContext } from '../../server';
import { findUserById, repoPermission } from '../conventions/access';
import { orgSummary, userSummary } from '../conventions/representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { bases } from '../conventions/urls';
import { repoDetailed } from '../repos/representation';
import type { DeliveryQueue, DeliveryRow } from './queue';
import { findService, hookFires } from './services';
import { hooksOf, renderHook, type Hook } from './store';
import type { HookContentType } from './signature';

const ZEN = [
  'Responsive is better than fast.',
  'Keep it logically awesome.',
  'Design for failure.',
  'Approachable is better than simple.',
  'Half measures are as bad as nothing at all.',
  'Speak like a human.',
  'Mind your words, they are important.',
  'Non-blocking is better than blocking.',
  'Favor focus over features.',
  'Avoid administrative distraction.',
];

const ZERO_SHA = '0'.repeat(40);

export class HookDispatcher {
  constructor(
    private readonly ctx: EmulatorContext,
    private readonly queue: DeliveryQueue,
  ) {}

  /** Queues one delivery to one hook. Only the web service POSTs; irc and email hooks are stored but not sent. */
  deliver(hook: Hook, event: string, payload: Record<string, unknown>): DeliveryRow | undefined {
    if (hook.row.name !== 'web' || !hook.config.url) return undefined;
    return this.queue.enqueue({
      hookId: hook.row.id,
      event,
      payload,
      url: hook.config.url,
      contentType: (hook.config.content_type ?? 'json') as HookContentType,
      secret: hook.config.secret,
    });
  }

  /**
   * Event bus listener: every active hook of the repository, then of the organization, that fires for the event and
   * existed when it happened.
   */
  onEvent(e: EmittedEvent): void {
    const upTo = e.scope.hooksUpTo ?? Infinity;
    const hooks = [
      ...(e.scope.repoId === undefined ? [] : hooksOf(this.ctx.db, { kind: 'repo', id: e.scope.repoId }, true)),
      ...(e.scope.orgId === undefined ? [] : hooksOf(this.ctx.db, { kind: 'org', id: e.scope.orgId }, true)),
    ].filter((hook) => hook.row.id <= upTo);
    for (const hook of hooks) {
      const service = findService(hook.row.name);
      if (service && hookFires(service, hook.events, e.name)) this.deliver(hook, e.name, e.payload);
    }
  }

  /** docs/service-api/hosting/webhooks §6: the ping payload — zen, hook_id and the hook — with the repository (or organization) and sender. */
  ping(hook: Hook, hookUrl: string, target: { repo: RepoRow } | { org: UserRow }, sender: UserRow): DeliveryRow | undefined {
    const b = bases(this.ctx);
    const payload = {
      zen: ZEN[randomInt(ZEN.length)],
      hook_id: hook.row.id,
      hook: renderHook(hook, hookUrl, this.queue),
      ...('repo' in target ? this.common(target.repo, sender) : { organization: orgSummary(b, target.org), sender: userSummary(b, sender) }),
    };
    return this.deliver(hook, 'ping', payload);
  }

  /** The push test: the latest state of the default branch, sent as a push to this hook if it listens to push. */
  async pushTest(hook: Hook, repo: RepoRow, sender: UserRow): Promise<DeliveryRow | undefined> {
    const service = findService(hook.row.name);
    if (!service || !hookFires(service, hook.events, 'push')) return undefined;
    return this.deliver(hook, 'push', await this.pushPayload(repo, sender));
  }

  private common(repo: RepoRow, sender: UserRow): Record<string, unknown> {
    const b = bases(this.ctx);
    const owner = findUserById(this.ctx.db, repo.owner_id)!;
    const out: Record<string, unknown> = {
      repository: repoDetailed(this.ctx.db, b, repo, repoPermission(this.ctx.db, repo, sender)),
      sender: userSummary(b, sender),
    };
    if (owner.type === 'Organization') out.organization = orgSummary(b, owner);
    return out;
  }

  private async pushPayload(repo: RepoRow, sender: UserRow): Promise<Record<string, unknown>> {
    const b = bases(this.ctx);
    const owner = findUserById(this.ctx.db, repo.owner_id)!;
    const htmlUrl = `${b.web}/${owner.login}/${repo.name}`;
    const ref = `refs/heads/${repo.default_branch}`;
    let headCommit: Record<string, unknown> | null = null;
    let after = ZERO_SHA;
    let before = ZERO_SHA;
    try {
      const out = await runGitText(this.ctx.gitEnv, repoGitPath(this.ctx.gitDir, repo.id), [
        'log',
        '-2',
        '--format=%H%x00%s%x00%an%x00%ae%x00%cn%x00%ce%x00%cI',
        ref,
      ]);
      const [head, parent] = out.trim().split('\n');
      const [id, message, an, ae, cn, ce, date] = (head ?? '').split('\0');
      if (id) {
        after = id;
        before = parent?.split('\0')[0] ?? ZERO_SHA;
        headCommit = {
          id,
          tree_id: null,
          distinct: true,
          message,
          timestamp: date ? new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
          url: `${htmlUrl}/commit/${id}`,
          author: { name: an, email: ae },
          committer: { name: cn, email: ce },
          added: [],
          removed: [],
          modified: [],
        };
      }
    } catch {
      // An empty repository has no branch yet: the test push carries no commit.
    }
    return {
      ref,
      before,
      after,
      created: false,
      deleted: false,
      forced: false,
      base_ref: null,
      compare: `${htmlUrl}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
      commits: headCommit ? [headCommit] : [],
      head_commit: headCommit,
      pusher: { name: sender.login, email: sender.email },
      ...this.common(repo, sender),
    };
  }
}
