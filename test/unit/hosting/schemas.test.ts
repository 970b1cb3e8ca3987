// The v3 client's response schemas (src/hosting/schemas/, zod/mini): what an
// answer must hold for the views to read it, and the words of a refusal as the
// user sees them (ResponseShapeError: the endpoint, the field path, the issue).
// Each full sample parses to itself: no field the views read is dropped.
import assert from 'node:assert/strict';
import type * as z from 'zod/mini';
import { HostingClient, ResponseShapeError } from '../../../src/hosting';
import { accessTokenResultSchema, authorizationSchema, oauthErrorSchema } from '../../../src/hosting/schemas/authorizations';
import { gistCommentSchema, issueCommentSchema, reviewCommentSchema } from '../../../src/hosting/schemas/comments';
import { organizationSchema, timestamp, userSummarySchema, validationErrorSchema } from '../../../src/hosting/schemas/common';
import { gistSchema } from '../../../src/hosting/schemas/gists';
import {
  blobCreatedSchema,
  blobSchema,
  commitSummarySchema,
  gitCommitSchema,
  gitTagSchema,
  referenceSchema,
  treeSchema,
} from '../../../src/hosting/schemas/git';
import { hookDeliveryDetailSchema, hookDeliverySchema, hookSchema, hookServiceSchema } from '../../../src/hosting/schemas/hooks';
import { deployKeySchema, downloadSchema, labelSchema } from '../../../src/hosting/schemas/misc';
import { pullRequestDetailedSchema, pullRequestFileSchema, pullRequestSchema } from '../../../src/hosting/schemas/pulls';
import { releaseAssetSchema, releaseSchema } from '../../../src/hosting/schemas/releases';
import { repositoryDetailedSchema, repositoryMinimalSchema, repositorySummarySchema } from '../../../src/hosting/schemas/repos';
import { legacyEmailSearchSchema, legacyIssueSearchSchema, legacyRepoSearchSchema, legacyUserSearchSchema } from '../../../src/hosting/schemas/search';
import { codeFrequencySchema, commitActivitySchema, participationSchema, punchCardSchema } from '../../../src/hosting/schemas/stats';
import { teamDetailedSchema, teamSummarySchema } from '../../../src/hosting/schemas/teams';
import { userProfileSchema } from '../../../src/hosting/users';
import { fakeUser } from '../../support/fakeService';

const B = 'https://code.example';
const core = new HostingClient({ apiUrl: B, userAgentVersion: 'test' }).core;
const TS = '2024-01-02T03:04:05Z';
const SHA = '0123456789abcdef0123456789abcdef01234567';
const SHA2 = 'fedcba9876543210fedcba9876543210fedcba98';
const ada = fakeUser('ada', 1, B);
const org = { ...fakeUser('analytical-engines', 2, B), type: 'Organization' };
const href = (p: string) => ({ href: `${B}${p}` });

/** Parses as the client does; returns the data. */
const read = <S extends z.ZodMiniType>(schema: S, data: unknown): z.infer<S> => core.validate('GET /x', schema, data);
/** The user-facing text of a refusal. */
function refusal(schema: z.ZodMiniType, data: unknown): string {
  try {
    core.validate('GET /x', schema, data);
  } catch (err) {
    assert.ok(err instanceof ResponseShapeError, String(err));
    return err.message;
  }
  assert.fail('the schema accepted it');
}
const field = (path: string, issue: string) => `Unexpected response from GET /x: field "${path}" ${issue}`;
/**
 * A refusal in zod's own words, of which only the field is pinned: "Invalid
 * input" with zod/mini alone (the extension), English details once classic
 * zod is loaded in the same process (the emulator, in the unit suite).
 */
function refusedAt(schema: z.ZodMiniType, data: unknown, path: string): void {
  const message = refusal(schema, data);
  assert.ok(message.startsWith(`Unexpected response from GET /x: field "${path}" `), message);
}

const minimalRepo = {
  id: 10,
  owner: ada,
  name: 'notes',
  full_name: 'ada/notes',
  description: null,
  private: false,
  fork: false,
  url: `${B}/repos/ada/notes`,
  html_url: `${B}/ada/notes`,
};
const summaryRepo = {
  ...minimalRepo,
  clone_url: `${B}/ada/notes.git`,
  git_url: 'git://code.example/ada/notes.git',
  ssh_url: 'git@code.example:ada/notes.git',
  svn_url: `${B}/ada/notes`,
  mirror_url: null,
  homepage: null,
  language: 'JavaScript',
  forks_count: 1,
  stargazers_count: 2,
  watchers_count: 2,
  size: 3,
  open_issues_count: 0,
  default_branch: 'main',
  has_issues: true,
  has_wiki: false,
  has_downloads: true,
  pushed_at: TS,
  created_at: TS,
  updated_at: TS,
  permissions: { admin: true, push: true, pull: true },
};
const branch = (ref: string) => ({ label: `ada:${ref}`, ref, sha: SHA, user: ada, repo: summaryRepo });
const pull = {
  url: `${B}/repos/ada/notes/pulls/1`,
  html_url: `${B}/ada/notes/pull/1`,
  diff_url: `${B}/ada/notes/pull/1.diff`,
  patch_url: `${B}/ada/notes/pull/1.patch`,
  issue_url: `${B}/repos/ada/notes/issues/1`,
  commits_url: `${B}/repos/ada/notes/pulls/1/commits`,
  review_comments_url: `${B}/repos/ada/notes/pulls/1/comments`,
  review_comment_url: `${B}/repos/ada/notes/pulls/comments{/number}`,
  comments_url: `${B}/repos/ada/notes/issues/1/comments`,
  statuses_url: `${B}/repos/ada/notes/statuses/${SHA}`,
  number: 1,
  state: 'open',
  title: 'Tables',
  body: null,
  created_at: TS,
  updated_at: TS,
  closed_at: null,
  merged_at: null,
  head: branch('tables'),
  base: { ...branch('main'), repo: null },
  _links: {
    self: href('/p'),
    html: href('/h'),
    issue: href('/i'),
    comments: href('/c'),
    review_comments: href('/rc'),
    review_comment: href('/r'),
    commits: href('/co'),
    statuses: href('/s'),
  },
  user: ada,
};
const asset = {
  url: `${B}/repos/ada/notes/releases/assets/5`,
  browser_download_url: `${B}/ada/notes/releases/download/v1/a.bin`,
  id: 5,
  name: 'a.bin',
  label: null,
  state: 'uploaded',
  content_type: 'application/octet-stream',
  size: 3,
  download_count: 0,
  created_at: TS,
  updated_at: TS,
  uploader: ada,
};
const delivery = {
  id: 3,
  guid: 'g-1',
  event: 'push',
  action: null,
  redelivery: false,
  state: 'delivered',
  status: 'OK',
  status_code: 200,
  duration: 0.02,
  attempts: 1,
  delivered_at: TS,
  created_at: TS,
};

describe('hosting schemas: full answers parse to themselves', () => {
  const samples: Array<[string, z.ZodMiniType, unknown]> = [
    ['user summary', userSummarySchema, ada],
    ['organization', organizationSchema, org],
    ["organization where a user summary is due (a repository's owner)", userSummarySchema, org],
    ['user profile (extra fields kept)', userProfileSchema, { ...ada, name: 'Ada Lovelace', company: null, public_repos: 1, blog: 'notes' }],
    [
      'validation error body',
      validationErrorSchema,
      { message: 'Validation Failed', errors: [{ resource: 'Label', field: 'name', code: 'already_exists' }], documentation_url: `${B}/docs` },
    ],
    [
      'authorization',
      authorizationSchema,
      {
        id: 1,
        url: `${B}/authorizations/1`,
        scopes: ['repo'],
        token: 'tok',
        app: { url: null, name: 'RepoDesk', client_id: 'c1' },
        note: 'n',
        note_url: null,
        updated_at: TS,
        created_at: TS,
        user: ada,
      },
    ],
    ['access token', accessTokenResultSchema, { access_token: 'tok', scope: 'repo,gist', token_type: 'bearer' }],
    ['OAuth error', oauthErrorSchema, { error: 'bad_verification_code', error_description: 'The code is wrong.', error_uri: `${B}/docs` }],
    [
      'review comment',
      reviewCommentSchema,
      {
        url: `${B}/c/1`,
        id: 1,
        diff_hunk: '@@ -1 +1 @@',
        path: 'README.md',
        position: 1,
        original_position: 1,
        commit_id: SHA,
        original_commit_id: SHA2,
        user: ada,
        body: 'Why?',
        body_text: 'Why?',
        body_html: '<p>Why?</p>',
        created_at: TS,
        updated_at: TS,
        html_url: `${B}/h`,
        pull_request_url: `${B}/p`,
        _links: { self: href('/c/1'), html: href('/h'), pull_request: href('/p') },
        in_reply_to_id: null,
      },
    ],
    ['issue comment', issueCommentSchema, { id: 2, url: `${B}/ic/2`, html_url: `${B}/h`, body: 'Ship it.', user: ada, created_at: TS, updated_at: TS }],
    ['gist comment', gistCommentSchema, { id: 3, url: `${B}/gc/3`, body_html: '<p>Hi</p>', user: ada, created_at: TS, updated_at: TS }],
    [
      'gist',
      gistSchema,
      {
        id: 'g1',
        url: `${B}/gists/g1`,
        html_url: `${B}/gist/g1`,
        description: null,
        public: true,
        owner: ada,
        files: {
          'note.md': { filename: 'note.md', type: 'text/markdown', language: 'Markdown', raw_url: `${B}/raw`, size: 6, content: 'Note G', truncated: false },
        },
        comments: 0,
        comments_url: `${B}/gists/g1/comments`,
        created_at: TS,
        updated_at: TS,
        truncated: false,
      },
    ],
    [
      'git commit',
      gitCommitSchema,
      {
        sha: SHA,
        url: `${B}/c`,
        author: { date: TS, name: 'Ada', email: 'ada@example.test' },
        committer: { date: TS, name: 'Ada', email: 'ada@example.test' },
        message: 'Add',
        tree: { url: `${B}/t`, sha: SHA2 },
        parents: [{ url: `${B}/p`, sha: SHA2 }],
      },
    ],
    ...(['commit', 'tag', 'tree', 'blob'] as const).map((type): [string, z.ZodMiniType, unknown] => [
      `annotated tag of a ${type}`,
      gitTagSchema,
      {
        tag: 'v1',
        sha: SHA,
        url: `${B}/t`,
        message: 'One',
        tagger: { date: TS, name: 'Ada', email: 'ada@example.test' },
        object: { type, sha: SHA2, url: `${B}/o` },
      },
    ]),
    ...(['commit', 'tag', 'tree', 'blob'] as const).map((type): [string, z.ZodMiniType, unknown] => [
      `reference to a ${type}`,
      referenceSchema,
      { ref: 'refs/tags/v1', url: `${B}/r`, object: { type, sha: SHA, url: `${B}/o` } },
    ]),
    [
      'tree with every mode and type',
      treeSchema,
      {
        sha: SHA,
        url: `${B}/t`,
        truncated: false,
        tree: [
          { path: 'a', mode: '100644', type: 'blob', size: 1, sha: SHA, url: `${B}/b` },
          { path: 'run', mode: '100755', type: 'blob', size: 2, sha: SHA, url: `${B}/b` },
          { path: 'docs', mode: '040000', type: 'tree', sha: SHA2, url: `${B}/t` },
          { path: 'lib', mode: '160000', type: 'commit', sha: SHA2, url: null },
          { path: 'link', mode: '120000', type: 'blob', sha: SHA },
        ],
      },
    ],
    ['base64 blob', blobSchema, { content: 'Tm90ZQ==', encoding: 'base64', size: 4, sha: SHA, url: `${B}/b` }],
    ['utf-8 blob', blobSchema, { content: 'Note', encoding: 'utf-8', size: 4, sha: SHA, url: `${B}/b` }],
    ['created blob', blobCreatedSchema, { url: `${B}/b`, sha: SHA }],
    [
      'pull request commit (extra fields kept)',
      commitSummarySchema,
      {
        sha: SHA,
        url: `${B}/c`,
        html_url: `${B}/h`,
        commit: { message: 'Add', author: { date: TS, name: 'Ada', email: 'a@x' }, committer: { date: TS, name: 'Ada', email: 'a@x' }, comment_count: 0 },
      },
    ],
    [
      'hook',
      hookSchema,
      {
        id: 1,
        url: `${B}/hooks/1`,
        name: 'web',
        events: ['push'],
        active: true,
        config: { url: 'http://127.0.0.1/h', content_type: 'json' },
        created_at: TS,
        updated_at: TS,
        test_url: `${B}/hooks/1/tests`,
        ping_url: `${B}/hooks/1/pings`,
        last_response: { code: 200, status: 'active', message: 'OK' },
      },
    ],
    ['hook service', hookServiceSchema, { name: 'web', events: ['push'], supported_events: ['push', 'issues'], default_events: ['push'], title: 'Web' }],
    ...(['pending', 'delivered', 'failed'] as const).map((state): [string, z.ZodMiniType, unknown] => [
      `${state} delivery`,
      hookDeliverySchema,
      { ...delivery, state },
    ]),
    [
      'delivery with its request and response',
      hookDeliveryDetailSchema,
      {
        ...delivery,
        request: { headers: { 'X-Service-Event': 'push' }, payload: { ref: 'refs/heads/main' } },
        response: { headers: { 'content-type': 'text/plain' }, payload: 'ok' },
      },
    ],
    ['label', labelSchema, { url: `${B}/l`, name: 'bug', color: 'FC2929' }],
    ['deploy key', deployKeySchema, { id: 1, key: 'ssh-ed25519 AAAA', url: `${B}/k/1`, title: null }],
    [
      'download',
      downloadSchema,
      { url: `${B}/d/1`, html_url: `${B}/dl/1`, id: 1, name: 'a.pdf', description: null, size: 10, download_count: 7, content_type: 'application/pdf' },
    ],
    ['pull request', pullRequestSchema, pull],
    [
      'closed pull request, detailed',
      pullRequestDetailedSchema,
      {
        ...pull,
        state: 'closed',
        closed_at: TS,
        merged_at: TS,
        merged: true,
        mergeable: null,
        comments: 2,
        review_comments: 4,
        commits: 2,
        additions: 10,
        deletions: 3,
        changed_files: 3,
      },
    ],
    [
      'pull request file',
      pullRequestFileSchema,
      { sha: SHA, filename: 'README.md', status: 'modified', additions: 1, deletions: 1, changes: 2, patch: '@@ -1 +1 @@' },
    ],
    ['release asset', releaseAssetSchema, asset],
    [
      'release',
      releaseSchema,
      {
        url: `${B}/r/1`,
        html_url: `${B}/rel/1`,
        assets_url: `${B}/r/1/assets`,
        upload_url: `${B}/r/1/assets{?name}`,
        tarball_url: null,
        zipball_url: null,
        id: 1,
        tag_name: 'v1',
        target_commitish: 'main',
        name: 'One',
        body: null,
        draft: false,
        prerelease: true,
        created_at: TS,
        published_at: TS,
        author: ada,
        assets: [asset],
      },
    ],
    ['minimal repository', repositoryMinimalSchema, minimalRepo],
    ['repository', repositorySummarySchema, summaryRepo],
    [
      'detailed fork in an organization',
      repositoryDetailedSchema,
      { ...summaryRepo, fork: true, subscribers_count: 1, organization: org, parent: summaryRepo, source: summaryRepo },
    ],
    [
      'legacy issues',
      legacyIssueSearchSchema,
      {
        issues: [
          {
            gravatar_id: null,
            position: 1,
            number: 4,
            votes: 0,
            created_at: TS,
            comments: 0,
            body: null,
            title: 'Stops',
            updated_at: null,
            html_url: `${B}/i/4`,
            user: 'grace',
            labels: ['bug'],
            state: 'open',
          },
        ],
      },
    ],
    [
      'legacy repositories',
      legacyRepoSearchSchema,
      {
        repositories: [
          {
            type: 'repo',
            created: TS,
            watchers: 1,
            has_downloads: true,
            username: 'ada',
            homepage: null,
            url: `${B}/ada/notes`,
            fork: false,
            has_issues: true,
            has_wiki: true,
            forks: 0,
            size: 1,
            private: false,
            followers: 1,
            name: 'notes',
            owner: 'ada',
            open_issues: 0,
            pushed_at: null,
            score: 2.5,
            pushed: null,
            description: null,
            language: null,
            created_at: TS,
          },
        ],
      },
    ],
    [
      'legacy users',
      legacyUserSearchSchema,
      {
        users: [
          {
            gravatar_id: null,
            name: 'Ada',
            created_at: TS,
            location: null,
            public_repo_count: 1,
            followers: 0,
            language: null,
            fullname: 'Ada Lovelace',
            username: 'ada',
            id: 'user-1',
            repos: 1,
            type: 'user',
            followers_count: 0,
            login: 'ada',
            score: 1,
            created: TS,
          },
        ],
      },
    ],
    [
      'legacy user by e-mail',
      legacyEmailSearchSchema,
      {
        user: {
          public_repo_count: 1,
          public_gist_count: 1,
          followers_count: 0,
          following_count: 0,
          created: TS,
          created_at: TS,
          name: 'Ada',
          company: null,
          blog: null,
          location: null,
          email: 'ada@example.test',
          id: 1,
          login: 'ada',
          type: 'User',
          gravatar_id: null,
        },
      },
    ],
    ['commit activity', commitActivitySchema, [{ days: [0, 1, 0, 2, 0, 0, 0], total: 3, week: 1367712000 }]],
    ['code frequency', codeFrequencySchema, [[1367712000, 12, -3]]],
    ['participation', participationSchema, { all: Array.from({ length: 52 }, (_, i) => i), owner: Array.from({ length: 52 }, () => 0) }],
    [
      'punch card corners',
      punchCardSchema,
      [
        [0, 0, 1],
        [6, 23, 2],
      ],
    ],
    ['team', teamSummarySchema, { url: `${B}/teams/1`, name: 'Owners', id: 1 }],
    ...(['pull', 'push', 'admin'] as const).map((permission): [string, z.ZodMiniType, unknown] => [
      `team with ${permission}`,
      teamDetailedSchema,
      {
        url: `${B}/teams/1`,
        name: 'Owners',
        id: 1,
        permission,
        members_count: 2,
        repos_count: 1,
        organization: { login: 'analytical-engines', id: 2, url: `${B}/orgs/analytical-engines`, avatar_url: `${B}/a` },
      },
    ]),
  ];
  for (const [name, schema, sample] of samples) {
    it(`${name}: every field is kept as sent`, () => {
      assert.deepEqual(read(schema, sample), sample);
    });
  }
});

describe('hosting schemas: refusals name the field and say what is wrong', () => {
  it('Protocol convention 2: a timestamp is YYYY-MM-DDTHH:MM:SSZ, nothing before or after it, no fraction, no space', () => {
    const comment = (created_at: string) => ({ id: 2, url: `${B}/ic/2`, html_url: `${B}/h`, user: ada, created_at, updated_at: TS });
    for (const bad of ['2024-01-02 03:04:05', `x${TS}`, `${TS} `, '2024-01-02T03:04:05.000Z', '24-01-02T03:04:05Z']) {
      assert.equal(refusal(issueCommentSchema, comment(bad)), field('created_at', 'is not a YYYY-MM-DDTHH:MM:SSZ timestamp'), bad);
    }
    assert.equal(read(timestamp, TS), TS);
  });

  it('a SHA is 40 lower-case hex digits, nothing before or after, wherever it appears', () => {
    const commit = (tree: string, parent: string) => ({
      sha: SHA,
      url: `${B}/c`,
      author: { date: TS, name: 'A', email: 'a@x' },
      committer: { date: TS, name: 'A', email: 'a@x' },
      message: 'm',
      tree: { url: 'u', sha: tree },
      parents: [{ url: 'u', sha: parent }],
    });
    for (const bad of [`x${SHA}`, `${SHA}0`, SHA.slice(1), SHA.toUpperCase()]) {
      assert.equal(refusal(gitCommitSchema, commit(bad, SHA)), field('tree.sha', 'is not a 40-character SHA'), bad);
    }
    assert.equal(refusal(gitCommitSchema, commit(SHA, 'abc')), field('parents[0].sha', 'is not a 40-character SHA'));
  });

  it('a reference is fully qualified (refs/...)', () => {
    refusedAt(referenceSchema, { ref: 'heads/main', url: 'u', object: { type: 'commit', sha: SHA, url: 'u' } }, 'ref');
    refusedAt(referenceSchema, { ref: 'main/refs/', url: 'u', object: { type: 'commit', sha: SHA, url: 'u' } }, 'ref');
  });

  it('a label colour is exactly 6 hex digits without #', () => {
    for (const bad of ['#fc2929', 'fc29290', 'fc292', 'gc2929']) {
      assert.equal(refusal(labelSchema, { url: 'u', name: 'bug', color: bad }), field('color', 'is not a 6-character hex colour'), bad);
    }
  });

  it('an organization is a user of type Organization; a team permission, a pull state, a tree mode outside their lists are refused', () => {
    refusedAt(organizationSchema, ada, 'type');
    refusedAt(userSummarySchema, { ...ada, type: 'Bot' }, 'type');
    refusedAt(
      teamDetailedSchema,
      { url: 'u', name: 'n', id: 1, permission: 'maintain', members_count: 1, repos_count: 1, organization: { login: 'o', id: 1, url: 'u', avatar_url: 'a' } },
      'permission',
    );
    refusedAt(pullRequestSchema, { ...pull, state: 'merged' }, 'state');
    refusedAt(treeSchema, { sha: SHA, url: 'u', tree: [{ path: 'a', mode: '100600', type: 'blob', sha: SHA }] }, 'tree[0].mode');
  });

  it('the loose shapes (extra fields kept) still check the fields they name: a pull request commit, a hook service, a delivery and its detail', () => {
    const person = { date: TS, name: 'Ada', email: 'a@x' };
    refusedAt(commitSummarySchema, { sha: 'abc', url: 'u', commit: { message: 'm', author: person, committer: person } }, 'sha');
    refusedAt(commitSummarySchema, { sha: SHA, url: 'u', commit: { author: person, committer: person } }, 'commit.message');
    refusedAt(hookServiceSchema, { name: 'web', events: ['push'] }, 'supported_events');
    refusedAt(hookDeliverySchema, { ...delivery, state: 'lost' }, 'state');
    refusedAt(hookDeliveryDetailSchema, { ...delivery, request: { payload: {} }, response: { headers: null, payload: null } }, 'request.headers');
    refusedAt(hookDeliveryDetailSchema, { ...delivery, request: { headers: {}, payload: {} } }, 'response');
  });

  it('an empty access token is refused; a number where an integer count is due must be whole', () => {
    refusedAt(accessTokenResultSchema, { access_token: '', scope: '', token_type: 'bearer' }, 'access_token');
    refusedAt(deployKeySchema, { id: 1.5, key: 'k', url: 'u', title: null }, 'id');
  });

  it('Statistics: a week has 7 days, participation 52 weeks, a punch card day 0-6 and hour 0-23', () => {
    refusedAt(commitActivitySchema, [{ days: [0, 0, 0, 0, 0, 0], total: 0, week: 1 }], '[0].days');
    refusedAt(participationSchema, { all: [], owner: [] }, 'all');
    refusedAt(punchCardSchema, [[7, 0, 1]], '[0][0]');
    refusedAt(punchCardSchema, [[0, 24, 1]], '[0][1]');
    refusedAt(punchCardSchema, [[-1, 0, 1]], '[0][0]');
    refusedAt(punchCardSchema, [[0, -1, 1]], '[0][1]');
  });
});
