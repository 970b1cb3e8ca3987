// The emulator's scope rules (docs/service-api/hosting/auth §6, §7, §9; the
// hierarchy in the table, the normalization rule under it,
// X-Accepted-OAuth-Scopes, and the 404 that keeps hidden resources hidden),
// checked in-process so that mutation testing sees them.
import assert from 'node:assert/strict';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../src/hosting/conventions/errors';
import { KNOWN_SCOPES, expandScope, hasScope, isKnownScope, normalizeScopes, requireScope, scopesSatisfy } from '../../src/hosting/conventions/scopes';

/** What each scope grants, itself included, as the spec's table describes it. */
const GRANTS: Record<string, string[]> = {
  user: ['user', 'user:email', 'user:follow'],
  'user:email': ['user:email'],
  'user:follow': ['user:follow'],
  public_repo: ['public_repo'],
  repo: ['repo', 'public_repo', 'repo:status', 'repo_deployment', 'notifications'],
  repo_deployment: ['repo_deployment'],
  'repo:status': ['repo:status'],
  delete_repo: ['delete_repo'],
  notifications: ['notifications'],
  gist: ['gist'],
  'read:repo_hook': ['read:repo_hook'],
  'write:repo_hook': ['write:repo_hook', 'read:repo_hook'],
  'admin:repo_hook': ['admin:repo_hook', 'write:repo_hook', 'read:repo_hook'],
  'read:org': ['read:org'],
  'write:org': ['write:org', 'read:org'],
  'admin:org': ['admin:org', 'write:org', 'read:org'],
  'read:public_key': ['read:public_key'],
  'write:public_key': ['write:public_key', 'read:public_key'],
  'admin:public_key': ['admin:public_key', 'write:public_key', 'read:public_key'],
};

function fakeCall(auth: FastifyRequest['auth']): { req: FastifyRequest; reply: FastifyReply; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  return { req: { auth } as FastifyRequest, reply, headers };
}

const tokenWith = (...scopes: string[]) => ({ kind: 'token', scopes }) as unknown as FastifyRequest['auth'];

describe('emulator v3 scopes (docs/service-api/hosting/auth §6, §7)', () => {
  it('knows exactly the scopes of the table', () => {
    assert.deepEqual([...KNOWN_SCOPES].sort(), Object.keys(GRANTS).sort());
    assert.equal(isKnownScope('repo'), true);
    assert.equal(isKnownScope('admin:everything'), false);
    assert.equal(isKnownScope('toString'), false, 'an inherited property name is not a scope');
  });

  for (const [scope, grants] of Object.entries(GRANTS)) {
    it(`${scope} grants ${grants.join(', ')}`, () => {
      assert.deepEqual([...expandScope(scope)].sort(), [...grants].sort());
    });
  }

  it('an unknown scope grants only itself', () => {
    assert.deepEqual([...expandScope('made:up')], ['made:up']);
  });

  it("normalization: user, gist and user:email are stored as user and gist (the spec's example)", () => {
    assert.deepEqual(normalizeScopes(['user', 'gist', 'user:email']), ['user', 'gist']);
  });

  it("normalization: duplicates, blanks and padding go, implied scopes go whatever their order, the first mention's order stays", () => {
    assert.deepEqual(normalizeScopes([' read:org', 'repo', '', 'public_repo', 'admin:org', 'repo', '  ']), ['repo', 'admin:org']);
    assert.deepEqual(normalizeScopes(['read:repo_hook', 'admin:repo_hook']), ['admin:repo_hook']);
    assert.deepEqual(normalizeScopes(['gist', 'delete_repo']), ['gist', 'delete_repo']);
    assert.deepEqual(normalizeScopes([]), []);
  });

  it('a token satisfies a check when one of its scopes grants one of the accepted ones', () => {
    assert.equal(scopesSatisfy(['repo'], ['public_repo']), true);
    assert.equal(scopesSatisfy(['public_repo'], ['repo']), false, 'public_repo does not reach private repositories');
    assert.equal(scopesSatisfy(['gist', 'admin:org'], ['read:org']), true);
    assert.equal(scopesSatisfy(['gist'], ['read:org', 'write:org']), false);
    assert.equal(scopesSatisfy([], ['user']), false);
    assert.equal(scopesSatisfy([], []), true, 'a route that checks no scope accepts any token');
    assert.equal(scopesSatisfy(['public_repo'], ['public_repo', 'repo']), true, 'one of the accepted scopes is enough');
  });

  it('requireScope names the accepted scopes in X-Accepted-OAuth-Scopes and lets a token with one of them through', () => {
    const call = fakeCall(tokenWith('repo'));
    requireScope(call.req, call.reply, ['public_repo', 'repo']);
    assert.deepEqual(call.headers, { 'X-Accepted-OAuth-Scopes': 'public_repo, repo' });
  });

  it('requireScope answers 404 Not Found by default, so a hidden resource stays hidden', () => {
    const call = fakeCall(tokenWith('gist'));
    assert.throws(
      () => requireScope(call.req, call.reply, ['repo']),
      (err: unknown) => err instanceof ApiError && err.status === 404 && err.message === 'Not Found',
    );
    assert.equal(call.headers['X-Accepted-OAuth-Scopes'], 'repo');
  });

  it('requireScope answers 403 naming the missing scopes when asked to', () => {
    const call = fakeCall(tokenWith('read:org'));
    assert.throws(
      () => requireScope(call.req, call.reply, ['write:org', 'admin:org'], 'forbidden'),
      (err: unknown) =>
        err instanceof ApiError &&
        err.status === 403 &&
        err.message === 'Missing the write:org or admin:org scope.' &&
        err.documentation === '/v3/oauth/#scopes',
    );
  });

  it('Basic and anonymous callers are not held to scopes (a scope only limits a token)', () => {
    for (const auth of [{ kind: 'basic' }, { kind: 'anonymous' }] as unknown as FastifyRequest['auth'][]) {
      const call = fakeCall(auth);
      requireScope(call.req, call.reply, ['admin:org']);
      assert.equal(call.headers['X-Accepted-OAuth-Scopes'], 'admin:org');
      assert.equal(hasScope(call.req, ['admin:org']), true);
    }
  });

  it('hasScope answers for a token without failing', () => {
    assert.equal(hasScope(fakeCall(tokenWith('admin:org')).req, ['read:org']), true);
    assert.equal(hasScope(fakeCall(tokenWith('read:org')).req, ['admin:org']), false);
  });
});
