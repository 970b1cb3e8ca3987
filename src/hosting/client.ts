// The v3 client: one HostingCore (transport, cache, rate limits, errors) and
// a typed group of methods per resource.
import { AuthorizationsApi } from './authorizations';
import { HostingCore, type HostingClientOptions } from './transport';
import { DeployKeysApi } from './deployKeys';
import { DownloadsApi } from './downloads';
import { GistCommentsApi } from './gistComments';
import { GistsApi } from './gists';
import { GitApi } from './git';
import { HooksApi } from './hooks';
import { IssueCommentsApi } from './issueComments';
import { LabelsApi } from './labels';
import { OrgMembersApi } from './orgMembers';
import { PullsApi } from './pulls';
import { ReleasesApi } from './releases';
import { ReposApi } from './repos';
import { ReviewCommentsApi } from './reviewComments';
import { SearchApi } from './search';
import { StatsApi } from './stats';
import { TeamsApi } from './teams';
import { UsersApi } from './users';

export class HostingClient {
  readonly core: HostingCore;
  readonly authorizations: AuthorizationsApi;
  readonly deployKeys: DeployKeysApi;
  readonly downloads: DownloadsApi;
  readonly gistComments: GistCommentsApi;
  readonly gists: GistsApi;
  readonly git: GitApi;
  readonly hooks: HooksApi;
  readonly issueComments: IssueCommentsApi;
  readonly labels: LabelsApi;
  readonly orgMembers: OrgMembersApi;
  readonly pulls: PullsApi;
  readonly releases: ReleasesApi;
  readonly repos: ReposApi;
  readonly reviewComments: ReviewCommentsApi;
  readonly search: SearchApi;
  readonly stats: StatsApi;
  readonly teams: TeamsApi;
  readonly users: UsersApi;

  constructor(options: HostingClientOptions) {
    const core = (this.core = new HostingCore(options));
    this.authorizations = new AuthorizationsApi(core);
    this.deployKeys = new DeployKeysApi(core);
    this.downloads = new DownloadsApi(core);
    this.gistComments = new GistCommentsApi(core);
    this.gists = new GistsApi(core);
    this.git = new GitApi(core);
    this.hooks = new HooksApi(core);
    this.issueComments = new IssueCommentsApi(core);
    this.labels = new LabelsApi(core);
    this.orgMembers = new OrgMembersApi(core);
    this.pulls = new PullsApi(core);
    this.releases = new ReleasesApi(core);
    this.repos = new ReposApi(core);
    this.reviewComments = new ReviewCommentsApi(core);
    this.search = new SearchApi(core);
    this.stats = new StatsApi(core);
    this.teams = new TeamsApi(core);
    this.users = new UsersApi(core);
  }

  /** Rate-limit changes (limit, remaining, reset time), for the status bar. */
  get onDidChangeRateLimit() {
    return this.core.rateLimit.onDidChange;
  }

  /** The service refused the client's token (401): the account is signed out there. */
  get onDidRefuseCredentials() {
    return this.core.onDidRefuseCredentials;
  }

  get rateLimit() {
    return this.core.rateLimit.state;
  }

  /** API and web base URLs (the web one for the OAuth pages). */
  get addresses() {
    return this.core.addresses;
  }
}

/** Collects an async iterator into an array (for short lists; views should page lazily). */
export async function collect<T>(items: AsyncIterable<T>, max = Number.POSITIVE_INFINITY): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
