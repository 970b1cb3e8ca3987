// The answers to the language server's requests, from the one HostingClient
// (its ETag cache makes a repeated read free of rate limit): people who can
// be mentioned, the repository's pull requests, a user's profile and whether
// a number is an issue. The repository is the selected pull request's for a
// comment being written, else the active repository.
import { collect, NotFoundError, type HostingClient } from '../../../hosting';
import type { IssueRef, Person, PersonDetail } from '../../../language-server/protocol';
import { StaleCache } from '../../../language-server/staleCache';
import type { AvatarCache } from '../../../util/avatars';
import { pullParticipants, type ParticipantUser } from '../../../reviewing/participants';
import { samePull, type PullKey, type PullReviewComments } from '../stores/pullReviewComments';
import type { ActiveRepository } from '../../shared/selection/activeRepository';
import type { SelectedPull } from '../../shared/selection/selectedPull';

interface RepoContext {
  owner: string;
  repo: string;
  pull: { number: number; author: ParticipantUser | undefined } | undefined;
}

export class ReviewFacts {
  private readonly members = new StaleCache<Person[]>(5 * 60_000);
  private readonly pulls = new StaleCache<IssueRef[]>(60_000);

  constructor(
    private readonly client: () => HostingClient | undefined,
    private readonly active: ActiveRepository,
    private readonly selected: SelectedPull,
    private readonly store: PullReviewComments,
    private readonly avatars: AvatarCache,
    /** The pull request of the diff being reviewed (a comment box belongs to one of its threads), if any. */
    private readonly reviewedPull: () => PullKey | undefined = () => undefined,
  ) {}

  clear(): void {
    this.members.clear();
    this.pulls.clear();
  }

  private context(uri: string): RepoContext | undefined {
    const sel = this.selected.value;
    const reviewed = uri.startsWith('comment:') ? this.reviewedPull() : undefined;
    // A diff opened from the Pull Requests view without selecting its pull request is still that pull request's.
    if (reviewed && !samePull(reviewed, sel)) return { owner: reviewed.owner, repo: reviewed.repo, pull: { number: reviewed.number, author: undefined } };
    if (sel && uri.startsWith('comment:')) return { owner: sel.owner, repo: sel.repo, pull: { number: sel.number, author: sel.pull.user } };
    const repo = this.active.value;
    return repo ? { owner: repo.owner, repo: repo.name, pull: undefined } : undefined;
  }

  private need(): HostingClient {
    const c = this.client();
    if (!c) throw new Error('Not signed in');
    return c;
  }

  /** Participants of the pull request (author, commenters on the conversation and the code) first, then the organization's members (or the owner of a user's repository). */
  async people(uri: string): Promise<Person[]> {
    const ctx = this.context(uri);
    if (!ctx) return [];
    const byLogin = new Map<string, Person>();
    // A loaded avatar as a data: URI; else an https URL the editor may load itself; never a plain http
    // one, which the workbench's Content-Security-Policy blocks (a broken image in the details).
    const avatarOf = (url: string | undefined) => (url ? (this.avatars.get(url)?.dataUri ?? (url.startsWith('https:') ? url : undefined)) : undefined);
    const add = (login: string, avatar: string | undefined, participant: boolean) => {
      const known = byLogin.get(login);
      if (known) known.participant ||= participant;
      else byLogin.set(login, { login, participant, avatarUrl: avatarOf(avatar) });
    };
    if (ctx.pull) {
      const pull = { owner: ctx.owner, repo: ctx.repo, number: ctx.pull.number };
      const [author, review, conversation] = await Promise.all([
        ctx.pull.author ??
          this.need()
            .pulls.get(ctx.owner, ctx.repo, ctx.pull.number, { priority: 'background' })
            .then((p) => p.user ?? undefined),
        this.store.list(pull),
        collect(this.need().issueComments.listForIssue(ctx.owner, ctx.repo, ctx.pull.number, { priority: 'background' })),
      ]);
      const participants = pullParticipants(author, conversation, review);
      // The participants' avatars (a few) are loaded first; the members' are not fetched one by one.
      await this.avatars.loadAll(participants.map((p) => p.avatarUrl).filter((u): u is string => !!u));
      for (const p of participants) add(p.login, p.avatarUrl, true);
    }
    for (const p of await this.members.get(ctx.owner, () => this.membersOf(ctx.owner))) add(p.login, p.avatarUrl, false);
    return [...byLogin.values()];
  }

  private async membersOf(owner: string): Promise<Person[]> {
    try {
      const users = await collect(this.need().orgMembers.list(owner, {}, { priority: 'background' }));
      return users.map((u) => ({ login: u.login, avatarUrl: u.avatar_url }));
    } catch {
      // A user's repository (or members hidden from the caller): its owner.
      return [{ login: owner }];
    }
  }

  async issues(uri: string): Promise<IssueRef[]> {
    const ctx = this.context(uri);
    if (!ctx) return [];
    return this.pulls.get(`${ctx.owner}/${ctx.repo}`, async () => {
      const pulls = await collect(this.need().pulls.list(ctx.owner, ctx.repo, { state: 'all' }, { priority: 'background' }));
      return pulls.map((p): IssueRef => ({ number: p.number, title: p.title, state: p.merged_at ? 'merged' : p.state, author: p.user.login, kind: 'pull' }));
    });
  }

  async person(login: string): Promise<PersonDetail | null> {
    try {
      const u = await this.need().users.get(login, { priority: 'background' });
      return { login: u.login, name: u.name ?? null, company: u.company ?? null, ...(u.public_repos !== undefined ? { publicRepos: u.public_repos } : {}) };
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }

  /** A number that is not among the pull requests: an issue if the service lists its comments. */
  async issue(uri: string, number: number): Promise<IssueRef | null> {
    const ctx = this.context(uri);
    if (!ctx) throw new Error('No repository');
    const listed = (await this.issues(uri)).find((i) => i.number === number);
    if (listed) return listed;
    try {
      await collect(this.need().issueComments.listForIssue(ctx.owner, ctx.repo, number, { priority: 'background' }), 1);
      return { number, title: '', state: '', author: '', kind: 'issue' };
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }
}
