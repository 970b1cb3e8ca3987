import assert from 'node:assert/strict';
import { expandScopes, parseScopes, scopesCover } from '../../src/util/scopes';

describe('OAuth scopes (docs/service-api/hosting/auth §6, §7)', () => {
  it('user includes user:email and user:follow', () => {
    assert.deepEqual([...expandScopes(['user'])].sort(), ['user', 'user:email', 'user:follow']);
  });
  it('repo covers public_repo and repo:status, but public_repo does not cover repo', () => {
    assert.equal(scopesCover(['repo'], ['public_repo', 'repo:status']), true);
    assert.equal(scopesCover(['public_repo'], ['repo']), false);
  });
  it('admin:org covers write:org and read:org', () => {
    assert.equal(scopesCover(['admin:org'], ['read:org', 'write:org']), true);
    assert.equal(scopesCover(['read:org'], ['write:org']), false);
  });
  it('no requested scope is covered by any session', () => {
    assert.equal(scopesCover([], []), true);
  });
  it('X-OAuth-Scopes header values parse with commas and spaces', () => {
    assert.deepEqual(parseScopes('repo, user'), ['repo', 'user']);
    assert.deepEqual(parseScopes('repo,gist'), ['repo', 'gist']);
    assert.deepEqual(parseScopes(''), []);
    assert.deepEqual(parseScopes(null), []);
  });
});
