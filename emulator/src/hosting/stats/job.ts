// The statistics cache of docs/service-api/hosting/statistics §1: the first
// request starts a background job and answers 202; once the job is done the
// result is served with 200. An entry is keyed by the SHA of the default
// branch, so any move of that branch (API ref update or git push) resets it.
import { readHistory, type GitRepository } from '../../git';
import {
  codeFrequency,
  commitActivity,
  contributors,
  participation,
  punchCard,
  type AttributedCommit,
  type CommitActivityWeek,
  type ContributorWeeks,
  type Participation,
} from '../../stats/compute';

export interface RepositoryStatistics {
  contributors: ContributorWeeks[];
  commitActivity: CommitActivityWeek[];
  codeFrequency: Array<[number, number, number]>;
  participation: Participation;
  punchCard: Array<[number, number, number]>;
}

interface Entry {
  sha: string;
  result?: RepositoryStatistics;
}

function zoneMinutes(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
}

/** The history reachable from `sha`, attributed to logins where an e-mail matches (else to the e-mail). */
export async function historyOf(repo: GitRepository, sha: string, logins: Map<string, string>): Promise<AttributedCommit[]> {
  const history = await readHistory(repo, { from: sha });
  return history.map((c) => ({
    authorKey: logins.get(c.author.email.toLowerCase()) ?? c.author.email,
    authorTime: c.author.timestamp,
    tzOffsetMinutes: zoneMinutes(c.author.timezone),
    additions: c.additions,
    deletions: c.deletions,
  }));
}

/** All five statistics of a history; `now` (Unix seconds) ends the weekly series. */
export function statisticsOf(commits: readonly AttributedCommit[], ownerLogin: string, now: number): RepositoryStatistics {
  return {
    contributors: contributors(commits, now),
    commitActivity: commitActivity(commits, now),
    codeFrequency: codeFrequency(commits),
    participation: participation(commits, ownerLogin, now),
    punchCard: punchCard(commits),
  };
}

export class StatisticsCache {
  private readonly entries = new Map<number, Entry>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: (line: string) => void) {}

  /**
   * The cached statistics for `sha`, or undefined after starting (or while
   * running) the job that computes them.
   */
  lookup(repoId: number, sha: string, compute: () => Promise<RepositoryStatistics>): RepositoryStatistics | undefined {
    const entry = this.entries.get(repoId);
    if (entry?.sha === sha) return entry.result;
    const fresh: Entry = { sha };
    this.entries.set(repoId, fresh);
    const job = compute()
      .then((result) => {
        fresh.result = result;
      })
      .catch((err: unknown) => {
        this.log(`statistics of repository ${repoId} failed: ${err instanceof Error ? err.message : String(err)}`);
        // Forget the entry so that the next request tries again.
        if (this.entries.get(repoId) === fresh) this.entries.delete(repoId);
      })
      .finally(() => this.running.delete(job));
    this.running.add(job);
    return undefined;
  }

  /** Waits for the jobs still running (on shutdown, so git is not killed mid-read). */
  async settle(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
