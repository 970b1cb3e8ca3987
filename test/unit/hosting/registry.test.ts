// The route registry's endpoint shape (src/hosting/registry.ts), with which the
// spec inventory matches the spec's `METHOD /path/:param` rows against the
// client's `METHOD /path/{param}` routes.
import assert from 'node:assert/strict';
import { endpointShape, registeredEndpoints } from '../../../src/hosting/registry';

describe('hosting registry: endpointShape', () => {
  it('both parameter spellings, reserved expansions included, become {}', () => {
    assert.equal(endpointShape('GET /repos/:owner/:repo/git/refs/:ref'), 'GET /repos/{}/{}/git/refs/{}');
    assert.equal(endpointShape('GET /repos/{owner}/{repo}/git/refs/{+ref}'), 'GET /repos/{}/{}/git/refs/{}');
    assert.equal(endpointShape('GET /legacy/user/email/{+email}'), endpointShape('GET /legacy/user/email/:email'));
  });

  it('the method is upper-cased; spaces around and between method and path do not matter', () => {
    assert.equal(endpointShape('  patch \t /teams/:id  '), 'PATCH /teams/{}');
    assert.equal(endpointShape('delete   /gists/{gist_id}/comments/{id}'), 'DELETE /gists/{}/comments/{}');
  });

  it('trailing slashes are dropped, however many; inner ones stay', () => {
    assert.equal(endpointShape('GET /user/repos//'), 'GET /user/repos');
    assert.equal(endpointShape('GET /repos/:owner/:repo/'), 'GET /repos/{}/{}');
    assert.equal(endpointShape('GET /'), 'GET ');
  });

  it('a text without a path is the method and an empty path; an empty text stays empty on both sides', () => {
    assert.equal(endpointShape('get'), 'GET ');
    assert.equal(endpointShape(''), ' ');
  });

  it('no two client methods share a shape', () => {
    const shapes = registeredEndpoints().map((e) => endpointShape(e.route));
    // 10 authorizations, 4 deploy keys, 3 downloads, 5 gist comments, 3 gists, 13 git, 10 hooks, 6 issue comments,
    // 11 labels, 7 organization members, 8 pulls, 9 releases, 7 repositories, 6 review comments, 4 search, 5 stats, 14 teams, 2 users.
    assert.equal(shapes.length, 127);
    assert.deepEqual(
      shapes.filter((s, i) => shapes.indexOf(s) !== i),
      [],
    );
  });
});
