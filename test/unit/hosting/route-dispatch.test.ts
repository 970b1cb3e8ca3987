// Each client method sends the METHOD and path its registry entry names
// (the registry is what spec-coverage.test.ts checks against the spec). A
// fake server records the request and answers 500, so no fixture data is needed.
import assert from 'node:assert/strict';
import { HostingClient, ServerError, collect } from '../../../src/hosting';
import { registeredEndpoints } from '../../../src/hosting/registry';
import { startFakeService, type FakeService } from './fakeService';

const login = { username: 'u', password: 'p' };
const app = { clientId: 'c'.repeat(20), clientSecret: 's'.repeat(40) };
type Call = (c: HostingClient) => Promise<unknown>;
const all = (it: AsyncIterable<unknown>) => collect(it);

/** One sample invocation per registered method, keyed `group.method`. */
const CALLS: Record<string, Call> = {
  'authorizations.list': (c) => all(c.authorizations.list(login)),
  'authorizations.get': (c) => c.authorizations.get(login, 2),
  'authorizations.create': (c) => c.authorizations.create(login, { note: 'n' }),
  'authorizations.getOrCreateForApp': (c) => c.authorizations.getOrCreateForApp(login, app.clientId, { client_secret: app.clientSecret }),
  'authorizations.update': (c) => c.authorizations.update(login, 2, { add_scopes: ['repo'] }),
  'authorizations.delete': (c) => c.authorizations.delete(login, 2),
  'authorizations.checkToken': (c) => c.authorizations.checkToken(app, 'tok'),
  'authorizations.resetToken': (c) => c.authorizations.resetToken(app, 'tok'),
  'authorizations.revokeAllTokens': (c) => c.authorizations.revokeAllTokens(app),
  'authorizations.revokeToken': (c) => c.authorizations.revokeToken(app, 'tok'),
  'deployKeys.list': (c) => all(c.deployKeys.list('o', 'r')),
  'deployKeys.get': (c) => c.deployKeys.get('o', 'r', 2),
  'deployKeys.create': (c) => c.deployKeys.create('o', 'r', { title: 't', key: 'ssh-rsa AAA' }),
  'deployKeys.delete': (c) => c.deployKeys.delete('o', 'r', 2),
  'downloads.list': (c) => all(c.downloads.list('o', 'r')),
  'downloads.get': (c) => c.downloads.get('o', 'r', 2),
  'downloads.delete': (c) => c.downloads.delete('o', 'r', 2),
  'gistComments.list': (c) => all(c.gistComments.list('g1')),
  'gistComments.get': (c) => c.gistComments.get('g1', 2),
  'gistComments.create': (c) => c.gistComments.create('g1', 'b'),
  'gistComments.update': (c) => c.gistComments.update('g1', 2, 'b'),
  'gistComments.delete': (c) => c.gistComments.delete('g1', 2),
  'git.getCommit': (c) => c.git.getCommit('o', 'r', 'abc'),
  'git.createCommit': (c) => c.git.createCommit('o', 'r', { message: 'm', tree: 't', parents: [] }),
  'git.getRef': (c) => c.git.getRef('o', 'r', 'heads/feature/x'),
  'git.listRefs': (c) => all(c.git.listRefs('o', 'r')),
  'git.createRef': (c) => c.git.createRef('o', 'r', 'refs/heads/x', 'abc'),
  'git.updateRef': (c) => c.git.updateRef('o', 'r', 'heads/x', 'abc'),
  'git.deleteRef': (c) => c.git.deleteRef('o', 'r', 'heads/x'),
  'git.getTree': (c) => c.git.getTree('o', 'r', 'abc', true),
  'git.createTree': (c) => c.git.createTree('o', 'r', [{ path: 'a', mode: '100644', type: 'blob', content: 'x' }]),
  'git.getBlob': (c) => c.git.getBlob('o', 'r', 'abc'),
  'git.createBlob': (c) => c.git.createBlob('o', 'r', 'x'),
  'hooks.listServices': (c) => c.hooks.listServices(),
  'hooks.list': (c) => all(c.hooks.list('o', 'r')),
  'hooks.get': (c) => c.hooks.get('o', 'r', 2),
  'hooks.create': (c) => c.hooks.create('o', 'r', { name: 'web', config: { url: 'http://x' } }),
  'hooks.update': (c) => c.hooks.update('o', 'r', 2, { active: false }),
  'hooks.delete': (c) => c.hooks.delete('o', 'r', 2),
  'hooks.test': (c) => c.hooks.test('o', 'r', 2),
  'hooks.ping': (c) => c.hooks.ping('o', 'r', 2),
  'issueComments.listForIssue': (c) => all(c.issueComments.listForIssue('o', 'r', 1)),
  'issueComments.listForRepo': (c) => all(c.issueComments.listForRepo('o', 'r')),
  'issueComments.get': (c) => c.issueComments.get('o', 'r', 2),
  'issueComments.create': (c) => c.issueComments.create('o', 'r', 1, 'b'),
  'issueComments.update': (c) => c.issueComments.update('o', 'r', 2, 'b'),
  'issueComments.delete': (c) => c.issueComments.delete('o', 'r', 2),
  'labels.listForRepo': (c) => all(c.labels.listForRepo('o', 'r')),
  'labels.get': (c) => c.labels.get('o', 'r', 'bug'),
  'labels.create': (c) => c.labels.create('o', 'r', { name: 'bug', color: 'ff0000' }),
  'labels.update': (c) => c.labels.update('o', 'r', 'bug', { name: 'defect', color: 'ff0000' }),
  'labels.delete': (c) => c.labels.delete('o', 'r', 'bug'),
  'labels.listForIssue': (c) => all(c.labels.listForIssue('o', 'r', 1)),
  'labels.addToIssue': (c) => c.labels.addToIssue('o', 'r', 1, ['bug']),
  'labels.removeFromIssue': (c) => c.labels.removeFromIssue('o', 'r', 1, 'bug'),
  'labels.replaceForIssue': (c) => c.labels.replaceForIssue('o', 'r', 1, []),
  'labels.removeAllFromIssue': (c) => c.labels.removeAllFromIssue('o', 'r', 1),
  'labels.listForMilestone': (c) => all(c.labels.listForMilestone('o', 'r', 1)),
  'orgMembers.list': (c) => all(c.orgMembers.list('org')),
  'orgMembers.isMember': (c) => c.orgMembers.isMember('org', 'u'),
  'orgMembers.remove': (c) => c.orgMembers.remove('org', 'u'),
  'orgMembers.listPublic': (c) => all(c.orgMembers.listPublic('org')),
  'orgMembers.isPublicMember': (c) => c.orgMembers.isPublicMember('org', 'u'),
  'orgMembers.publicize': (c) => c.orgMembers.publicize('org', 'u'),
  'orgMembers.conceal': (c) => c.orgMembers.conceal('org', 'u'),
  'pulls.list': (c) => all(c.pulls.list('o', 'r')),
  'pulls.get': (c) => c.pulls.get('o', 'r', 1),
  'pulls.create': (c) => c.pulls.create('o', 'r', { title: 't', head: 'h', base: 'b' }),
  'pulls.listFiles': (c) => all(c.pulls.listFiles('o', 'r', 1)),
  'pulls.listCommits': (c) => all(c.pulls.listCommits('o', 'r', 1)),
  'releases.list': (c) => all(c.releases.list('o', 'r')),
  'releases.get': (c) => c.releases.get('o', 'r', 2),
  'releases.create': (c) => c.releases.create('o', 'r', { tag_name: 'v1' }),
  'releases.update': (c) => c.releases.update('o', 'r', 2, { draft: false }),
  'releases.delete': (c) => c.releases.delete('o', 'r', 2),
  'repos.listForAuthenticatedUser': (c) => all(c.repos.listForAuthenticatedUser()),
  'repos.listForUser': (c) => all(c.repos.listForUser('u')),
  'repos.listForOrg': (c) => all(c.repos.listForOrg('org')),
  'repos.listPublic': (c) => all(c.repos.listPublic()),
  'repos.createForAuthenticatedUser': (c) => c.repos.createForAuthenticatedUser({ name: 'n' }),
  'repos.createInOrg': (c) => c.repos.createInOrg('org', { name: 'n' }),
  'repos.get': (c) => c.repos.get('o', 'r'),
  'reviewComments.listForPull': (c) => all(c.reviewComments.listForPull('o', 'r', 1)),
  'reviewComments.listForRepo': (c) => all(c.reviewComments.listForRepo('o', 'r')),
  'reviewComments.get': (c) => c.reviewComments.get('o', 'r', 2),
  'reviewComments.create': (c) => c.reviewComments.create('o', 'r', 1, { body: 'b', in_reply_to: 2 }),
  'reviewComments.update': (c) => c.reviewComments.update('o', 'r', 2, 'b'),
  'reviewComments.delete': (c) => c.reviewComments.delete('o', 'r', 2),
  'search.issues': (c) => c.search.issues('o', 'r', 'open', 'k'),
  'search.repositories': (c) => c.search.repositories('k'),
  'search.users': (c) => c.search.users('k'),
  'search.userByEmail': (c) => c.search.userByEmail('ada@example.test'),
  'stats.contributors': (c) => c.stats.contributors('o', 'r'),
  'stats.commitActivity': (c) => c.stats.commitActivity('o', 'r'),
  'stats.codeFrequency': (c) => c.stats.codeFrequency('o', 'r'),
  'stats.participation': (c) => c.stats.participation('o', 'r'),
  'stats.punchCard': (c) => c.stats.punchCard('o', 'r'),
  'teams.listForOrg': (c) => all(c.teams.listForOrg('org')),
  'teams.get': (c) => c.teams.get(2),
  'teams.create': (c) => c.teams.create('org', { name: 't' }),
  'teams.update': (c) => c.teams.update(2, { name: 't' }),
  'teams.delete': (c) => c.teams.delete(2),
  'teams.listMembers': (c) => all(c.teams.listMembers(2)),
  'teams.isMember': (c) => c.teams.isMember(2, 'u'),
  'teams.addMember': (c) => c.teams.addMember(2, 'u'),
  'teams.removeMember': (c) => c.teams.removeMember(2, 'u'),
  'teams.listRepos': (c) => all(c.teams.listRepos(2)),
  'teams.managesRepo': (c) => c.teams.managesRepo(2, 'o', 'r'),
  'teams.addRepo': (c) => c.teams.addRepo(2, 'org', 'r'),
  'teams.removeRepo': (c) => c.teams.removeRepo(2, 'o', 'r'),
  'teams.listForAuthenticatedUser': (c) => all(c.teams.listForAuthenticatedUser()),
  'users.getAuthenticated': (c) => c.users.getAuthenticated(),
};

/** `GET /repos/{owner}/{+ref}` -> a regex over the sent path. */
function routePattern(route: string): RegExp {
  const path = route.split(' ')[1]!;
  const body = path.replace(/[.*?^$()|[\]\\]/g, '\\$&').replace(/\{\+[^}]+\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${body}$`);
}

describe('route dispatch: every client method sends the request its registry entry names', () => {
  let service: FakeService;
  before(async () => {
    service = await startFakeService(() => ({ status: 500, body: { message: 'recorded' } }));
  });
  after(() => service.close());

  it('every registered method has a sample call here', () => {
    const missing = registeredEndpoints().map((e) => `${e.group}.${e.method}`).filter((k) => !CALLS[k]);
    assert.deepEqual(missing, []);
  });

  for (const entry of registeredEndpoints()) {
    it(`${entry.route} <- client.${entry.group}.${entry.method}`, async () => {
      const client = new HostingClient({ apiUrl: service.url, userAgentVersion: 'test', statistics: { maxAttempts: 1 } });
      const sent = service.requests.length;
      await assert.rejects(CALLS[`${entry.group}.${entry.method}`]!(client), ServerError);
      const req = service.requests[sent]!;
      assert.equal(req.method, entry.route.split(' ')[0]);
      assert.match(req.url.split('?')[0]!, routePattern(entry.route));
    });
  }

  it('a ref with slashes and an e-mail keep their / and @ unencoded', async () => {
    const client = new HostingClient({ apiUrl: service.url, userAgentVersion: 'test' });
    await assert.rejects(CALLS['git.getRef']!(client), ServerError);
    await assert.rejects(CALLS['search.userByEmail']!(client), ServerError);
    const paths = service.requests.slice(-2).map((r) => r.url);
    assert.ok(paths.includes('/repos/o/r/git/refs/heads/feature/x'), paths.join('\n'));
    assert.ok(paths.includes('/legacy/user/email/ada@example.test'));
  });
});
