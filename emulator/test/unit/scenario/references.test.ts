// One case per kind of reference a scenario entry can get wrong.
import assert from 'node:assert/strict';
import { checkReferences } from '../../../src/scenario/references';
import { scenarioSchema } from '../../../src/scenario/schema';
import { formatPath } from '../../../src/scenario/problems';

// The tests read the fields they assert on; the shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A valid scenario; each case breaks one thing. */
function valid(): Json {
  return {
    users: [
      { login: 'ann', password: 'ann-password', tokens: [{ token: 'ann_token_0123456789ab' }] },
      { login: 'bob', tokens: [{ token: 'bob_token_0123456789ab' }] },
    ],
    organizations: [{ login: 'acme', teams: [{ name: 'Devs', members: ['ann', 'bob'], repositories: ['w'] }], public_members: ['ann'] }],
    repositories: [
      {
        owner: 'acme',
        name: 'w',
        commits: [
          { id: 'a', author: 'ann', message: 'a', files: { 'x.txt': '1\n' } },
          { id: 'b', branch: 'topic', parents: ['a'], author: 'bob', message: 'b', files: { 'y.txt': '2\n' } },
        ],
        tags: [{ name: 'v1', commit: 'a', tagger: 'ann', message: 'v1' }],
        labels: [{ name: 'bug', color: 'fc2929' }],
        pulls: [
          {
            title: 't',
            author: 'bob',
            head: 'topic',
            labels: ['bug'],
            closed_by: 'ann',
            comments: [{ author: 'ann', body: 'c' }],
            review_comments: [{ author: 'ann', body: 'r', path: 'y.txt', position: 1, commit: 'b', replies: [{ author: 'bob', body: 'ok' }] }],
          },
        ],
        releases: [
          { tag: 'v1', author: 'ann', target: 'a' },
          { tag: 'v2', author: 'ann', target: 'topic' },
          { tag: 'v3', author: 'bob' },
        ],
      },
    ],
    engagement: {
      users: [{ user_name: 'ann', api_key: 'k', password: 'p' }],
      campaigns: ['Support'],
      contacts: [{ id: 'c', name: 'C', profiles: [{ source: 'email', ext_id: 'c@e.test' }] }],
      cases: [{ contact: 'c', subject: 's', campaign: 'Support', repository: 'acme/w', pull: 1 }],
    },
  };
}

function problems(change: (s: Json) => void): string[] {
  const s = valid();
  change(s);
  return checkReferences(scenarioSchema.parse(s)).problems.map((p) => `${formatPath(p.path)}: ${p.message}`);
}

describe('scenario references', () => {
  it('the valid scenario has none, and its histories are planned', () => {
    const checked = checkReferences(scenarioSchema.parse(valid()));
    assert.deepEqual(checked.problems, []);
    assert.deepEqual([...checked.histories[0]!.tips.keys()], ['master', 'topic']);
  });

  it('a login used twice, by users or organizations, in any case', () => {
    assert.deepEqual(
      problems((s) => s.users.push({ login: 'ANN' })),
      ['users[2].login: login "ANN" is already used'],
    );
    assert.deepEqual(
      problems((s) => s.organizations.push({ login: 'bob' })),
      ['organizations[1].login: login "bob" is already used'],
    );
  });

  it('a token used twice', () => {
    assert.deepEqual(
      problems((s) => (s.users[1].tokens[0].token = 'ann_token_0123456789ab')),
      ['users[1].tokens[0].token: token is already used by another entry'],
    );
  });

  it('a team: defined twice, an unknown member, a repository of another owner; a public member outside the teams', () => {
    assert.deepEqual(
      problems((s) => s.organizations[0].teams.push({ name: 'devs', members: ['eve'], repositories: ['nope'] })),
      [
        'organizations[0].teams[1].name: team "devs" is already defined',
        'organizations[0].teams[1].members[0]: user "eve" is not in users',
        'organizations[0].teams[1].repositories[0]: repository "acme/nope" is not in repositories',
      ],
    );
    assert.deepEqual(
      problems((s) => s.organizations[0].public_members.push('bob', 'eve')),
      ['organizations[0].public_members[2]: "eve" is not a member of a team of "acme"'],
    );
  });

  it('an organization is not a user: it cannot author', () => {
    assert.deepEqual(
      problems((s) => (s.repositories[0].commits[0].author = 'acme')),
      ['repositories[0].commits[0].author: user "acme" is not in users'],
    );
  });

  it('a repository: an unknown owner, defined twice', () => {
    assert.deepEqual(
      problems((s) => s.repositories.push({ owner: 'zed', name: 'x' }, { owner: 'acme', name: 'W' })),
      ['repositories[1].owner: account "zed" is not in users or organizations', 'repositories[2].name: repository "acme/W" is already defined'],
    );
  });

  it('history problems come with the repository path; unknown commit authors and taggers', () => {
    assert.deepEqual(
      problems((s) => {
        s.repositories[0].tags[0].commit = 'zzz';
        s.repositories[0].tags[0].tagger = 'eve';
        s.repositories[0].commits[1].author = 'eve';
      }),
      [
        'repositories[0].tags[0].commit: commit "zzz" does not exist',
        'repositories[0].commits[1].author: user "eve" is not in users',
        'repositories[0].tags[0].tagger: user "eve" is not in users',
      ],
    );
  });

  it('a label defined twice; a pull request label not defined', () => {
    assert.deepEqual(
      problems((s) => s.repositories[0].labels.push({ name: 'Bug', color: '000000' })),
      ['repositories[0].labels[1].name: label "Bug" is already defined'],
    );
    assert.deepEqual(
      problems((s) => s.repositories[0].pulls[0].labels.push('wontfix')),
      ['repositories[0].pulls[0].labels[1]: label "wontfix" is not in the repository\'s labels'],
    );
  });

  it('a pull request: head branch missing, base branch missing (given or default), nothing to merge', () => {
    assert.deepEqual(
      problems((s) => (s.repositories[0].pulls[0].head = 'x')),
      ['repositories[0].pulls[0].head: branch "x" does not exist'],
    );
    assert.deepEqual(
      problems((s) => (s.repositories[0].pulls[0].base = 'y')),
      ['repositories[0].pulls[0].base: base branch "y" does not exist'],
    );
    assert.deepEqual(
      problems((s) => {
        s.repositories[0].default_branch = 'topic';
        s.repositories[0].commits[0].branch = 'master';
        s.repositories[0].pulls[0].head = 'master';
        s.repositories[0].pulls[0].review_comments = [];
      }),
      ['repositories[0].pulls[0].head: branch "master" has no commits that "topic" lacks'],
    );
    assert.deepEqual(
      problems((s) => {
        s.repositories[0].pulls[0].head = 'master';
        s.repositories[0].pulls[0].base = 'topic';
      }),
      ['repositories[0].pulls[0].head: branch "master" has no commits that "topic" lacks'],
    );
  });

  it('a pull request: unknown author, closer, comment and reply authors', () => {
    assert.deepEqual(
      problems((s) => {
        const p = s.repositories[0].pulls[0];
        p.author = 'e1';
        p.closed_by = 'e2';
        p.comments[0].author = 'e3';
        p.review_comments[0].author = 'e4';
        p.review_comments[0].replies[0].author = 'e5';
      }),
      [
        'repositories[0].pulls[0].author: user "e1" is not in users',
        'repositories[0].pulls[0].closed_by: user "e2" is not in users',
        'repositories[0].pulls[0].comments[0].author: user "e3" is not in users',
        'repositories[0].pulls[0].review_comments[0].author: user "e4" is not in users',
        'repositories[0].pulls[0].review_comments[0].replies[0].author: user "e5" is not in users',
      ],
    );
  });

  it('a review comment: on a commit outside the pull request, on a file it does not change', () => {
    assert.deepEqual(
      problems((s) => (s.repositories[0].pulls[0].review_comments[0].commit = 'a')),
      ['repositories[0].pulls[0].review_comments[0].commit: commit "a" is not a commit of the pull request'],
    );
    assert.deepEqual(
      problems((s) => (s.repositories[0].pulls[0].review_comments[0].path = 'x.txt')),
      ['repositories[0].pulls[0].review_comments[0].path: file "x.txt" is not changed by the pull request'],
    );
    // Default commit: the head, whose changes are those of the pull request.
    assert.deepEqual(
      problems((s) => delete s.repositories[0].pulls[0].review_comments[0].commit),
      [],
    );
  });

  it('a release: unknown author, tag released twice, target neither branch nor commit, no commit for the default target', () => {
    assert.deepEqual(
      problems((s) => s.repositories[0].releases.push({ tag: 'v1', author: 'eve', target: 'nowhere' })),
      [
        'repositories[0].releases[3].author: user "eve" is not in users',
        'repositories[0].releases[3].tag: a release of tag "v1" is already defined',
        'repositories[0].releases[3].target: "nowhere" is neither a branch nor a commit id',
      ],
    );
    assert.deepEqual(
      problems((s) => s.repositories.push({ owner: 'ann', name: 'empty', releases: [{ tag: 'v0', author: 'ann' }] })),
      ['repositories[1].releases[0].target: the repository has no commit to make the tag from'],
    );
  });

  it('engagement: contacts and cases need a user; users, campaigns, contact ids and profiles defined twice', () => {
    assert.deepEqual(
      problems((s) => (s.engagement.users = [])),
      ['engagement.users: contacts and cases need at least one engagement user (the one who writes them)'],
    );
    assert.deepEqual(
      problems((s) => {
        s.engagement.users.push({ user_name: 'ann', api_key: 'k2', password: 'p2' });
        s.engagement.campaigns.push('General');
        s.engagement.contacts.push({ id: 'c', name: 'D', profiles: [{ source: 'email', ext_id: 'c@e.test' }] });
      }),
      [
        'engagement.users[1].user_name: user "ann" is already defined',
        'engagement.campaigns[1]: campaign "General" is already defined',
        'engagement.contacts[1].id: contact id "c" is already used',
        'engagement.contacts[1].profiles[0].ext_id: profile email "c@e.test" is already used',
      ],
    );
  });

  it('a case: unknown contact, campaign, repository; a pull request without repository or beyond its pull requests', () => {
    assert.deepEqual(
      problems((s) => Object.assign(s.engagement.cases[0], { contact: 'x', campaign: 'Sales', repository: 'acme/nope' })),
      [
        'engagement.cases[0].contact: contact "x" is not in engagement.contacts',
        'engagement.cases[0].campaign: campaign "Sales" is not in engagement.campaigns',
        'engagement.cases[0].repository: repository "acme/nope" is not in repositories',
      ],
    );
    assert.deepEqual(
      problems((s) => delete s.engagement.cases[0].repository),
      ['engagement.cases[0].pull: a pull request needs its repository'],
    );
    assert.deepEqual(
      problems((s) => (s.engagement.cases[0].pull = 2)),
      ['engagement.cases[0].pull: repository "acme/w" has no pull request #2'],
    );
    assert.deepEqual(
      problems((s) => (s.engagement.cases[0].repository = 'ACME/W')),
      [],
    );
  });

  it('generate: authors must be users; files, branches, tags and notes not repeated; positions within the generated commits', () => {
    assert.deepEqual(
      problems((s) => {
        s.repositories[0].generate = {
          commits: 10,
          authors: [{ login: 'ann' }, { login: 'nobody' }],
          files: ['a.js', 'b.js', 'a.js'],
          branches: [
            { name: 'side', from: 11, commits: 1 },
            { name: 'side', from: 2, commits: 1 },
            { name: 'master', from: 1, commits: 1 },
          ],
          tags: [
            { name: 'g1', at: 10 },
            { name: 'g1', at: 12 },
          ],
          notes: [
            { at: 3, text: 'n' },
            { at: 3, text: 'again' },
          ],
        };
      }),
      [
        'repositories[0].generate.authors[1].login: user "nobody" is not in users',
        'repositories[0].generate.files[2]: file "a.js" is already defined',
        'repositories[0].generate.branches[0].from: is after the last generated commit (10)',
        'repositories[0].generate.branches[1].name: branch "side" is already defined',
        'repositories[0].generate.branches[2].name: branch "master" is already defined',
        'repositories[0].generate.tags[1].name: tag "g1" is already defined',
        'repositories[0].generate.tags[1].at: is after the last generated commit (10)',
        'repositories[0].generate.notes[1].at: a note on commit 3 is already defined',
      ],
    );
  });

  it("generate: a valid entry comes first in the plan; its tags clash with the file's; a commit continues from its last commit", () => {
    const s = valid();
    s.repositories[0].generate = { commits: 5, authors: [{ login: 'bob' }], files: ['a.js', 'b.js', 'c.js'], tags: [{ name: 'v1', at: 2 }] };
    s.repositories[0].commits[0].parents = ['master'];
    const checked = checkReferences(scenarioSchema.parse(s), 1_790_000_000);
    assert.deepEqual(
      checked.problems.map((p) => `${formatPath(p.path)}: ${p.message}`),
      ['repositories[0].tags[0].name: tag "v1" is already defined'],
    );
    const plan = checked.histories[0]!;
    assert.equal(plan.commits.length, 8);
    assert.deepEqual(plan.parents[6], [5]);
    assert.equal(plan.ids.get('a'), 6);
  });

  it('created_by, templates and auto_init, forks', () => {
    assert.deepEqual(
      problems((s) => {
        const r = s.repositories[0];
        r.created_by = 'nobody';
        r.gitignore_template = 'Cobol-ish';
        r.license_template = 'nope';
        r.forks = ['bob', 'acme', 'BOB', 'nobody'];
        s.repositories.push({ owner: 'ann', name: 'solo', forks: ['ann'], license_template: 'mit' });
      }),
      [
        'repositories[0].created_by: user "nobody" is not in users',
        'repositories[0].gitignore_template: "Cobol-ish" is not a .gitignore template of the service',
        'repositories[0].license_template: "nope" is not a license template of the service',
        'repositories[0].gitignore_template: needs auto_init: true (the templates go in the initial commit)',
        'repositories[0].forks[1]: user "acme" is not in users',
        'repositories[0].forks[1]: a repository cannot be forked into its own account',
        'repositories[0].forks[3]: user "nobody" is not in users',
        'repositories[0].forks[2]: a fork by "BOB" is already defined',
        'repositories[1].license_template: needs auto_init: true (the templates go in the initial commit)',
        'repositories[1].forks[0]: a repository cannot be forked into its own account',
      ],
    );
    assert.deepEqual(
      problems((s) => Object.assign(s.repositories[0], { auto_init: true, gitignore_template: 'Node', license_template: 'mit', created_by: 'ann' })),
      [],
    );
  });

  it('issues, milestones, notes, deploy keys, downloads, release assets', () => {
    assert.deepEqual(
      problems((s) => {
        const r = s.repositories[0];
        r.milestones = [{ title: 'M1' }, { title: 'm1' }];
        r.issues = [{ title: 'i', author: 'nobody', labels: ['bug', 'nope'], milestone: 'M2', comments: [{ author: 'nobody', body: 'c' }] }];
        r.notes = [
          { commit: 'zzz', author: 'ann', text: 't' },
          { commit: 'a', author: 'nobody', text: 't' },
        ];
        const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ9koJFnjqaEmyJ6kLDXXTx4ELrGI2x6GyltOr7vMU+h';
        r.deploy_keys = [
          { title: 'one', key },
          { title: 'two', key: `${key} other-comment` },
        ];
        r.downloads = [
          { name: 'd', size: 1 },
          { name: 'd', size: 2 },
        ];
        r.releases[0].assets = [
          { name: 'x', content: 'x' },
          { name: 'x', content_base64: 'eA==' },
        ];
      }),
      [
        'repositories[0].notes[0].commit: commit "zzz" does not exist',
        'repositories[0].notes[1].author: user "nobody" is not in users',
        'repositories[0].milestones[1].title: milestone "m1" is already defined',
        'repositories[0].downloads[1].name: download "d" is already defined',
        'repositories[0].deploy_keys[1].key: key is already used by another deploy key',
        'repositories[0].issues[0].author: user "nobody" is not in users',
        'repositories[0].issues[0].labels[1]: label "nope" is not in the repository\'s labels',
        'repositories[0].issues[0].milestone: milestone "M2" is not in the repository\'s milestones',
        'repositories[0].issues[0].comments[0].author: user "nobody" is not in users',
        'repositories[0].releases[0].assets[1].name: asset "x" is already defined',
      ],
    );
  });

  it('gists, the OAuth application, a case with both state and moves', () => {
    assert.deepEqual(
      problems((s) => {
        s.gists = [{ owner: 'nobody', files: { 'a.md': 'a' }, comments: [{ author: 'ghost', body: 'c' }] }];
        s.oauth_application = { owner: 'acme', name: 'App', url: 'http://a.test', callback_url: 'http://a.test/cb' };
        s.engagement.cases[0].state = 'Open';
        s.engagement.cases[0].moves = [{ state: 'Closed', date: '-1h' }];
      }),
      [
        'gists[0].owner: user "nobody" is not in users',
        'gists[0].comments[0].author: user "ghost" is not in users',
        'oauth_application.owner: user "acme" is not in users',
        'engagement.cases[0].moves: give state or moves, not both',
      ],
    );
  });

  it("a parent by branch name is that branch's tip at that point; an unknown one is neither", () => {
    assert.deepEqual(
      problems((s) => {
        s.repositories[0].commits.push({ branch: 'more', parents: ['topic', 'later'], author: 'ann', message: 'm' });
      }),
      ['repositories[0].commits[2].parents[1]: "later" is neither a commit defined before this commit nor a branch'],
    );
  });
});
