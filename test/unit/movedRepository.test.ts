// A permanent move of a repository's own address (a 301 for a repository
// renamed, docs/service-api/hosting/conventions §8) names the repository it
// was; any other address names none.
import assert from 'node:assert/strict';
import { movedRepository } from '../../src/util/movedRepository';

const API = 'https://api.example.test';

describe('movedRepository: the repository a 301 moved (hosting/conventions §8)', () => {
  it('the repository’s own address names its owner and name', () => {
    assert.deepEqual(movedRepository(API, `${API}/repos/analytical-engines/difference-engine`), { owner: 'analytical-engines', name: 'difference-engine' });
  });

  it('under an enterprise base path, and with a trailing slash on the API URL', () => {
    assert.deepEqual(movedRepository('https://ghe.test/api/v3/', 'https://ghe.test/api/v3/repos/ada/notes'), { owner: 'ada', name: 'notes' });
    assert.deepEqual(movedRepository('https://ghe.test/api/v3//', 'https://ghe.test/api/v3/repos/ada/notes'), { owner: 'ada', name: 'notes' });
  });

  it('escaped names are read as they are', () => {
    assert.deepEqual(movedRepository(API, `${API}/repos/ada/my%20notes`), { owner: 'ada', name: 'my notes' });
    assert.equal(movedRepository(API, `${API}/repos/ada/%E0%A4%A`), undefined, 'a broken escape names none');
  });

  it('an address below a repository, of another resource, of another service, or without a name names none', () => {
    for (const url of [
      `${API}/repos/ada/notes/pulls`,
      `${API}/repositories/7`,
      `${API}/users/ada`,
      `https://other.test/repos/ada/notes`,
      `${API}/repos/ada`,
      `${API}/repos/ada/`,
      `${API}/repos//notes`,
    ])
      assert.equal(movedRepository(API, url), undefined, url);
  });
});
