// Which repository a workspace's git remotes point at: the config parsing and
// the URL forms that the main cases do not reach.
import assert from 'node:assert/strict';
import { repoFromRemoteUrl } from '../../src/util/gitRemote';

const HOSTS = ['git.example.com', '127.0.0.1:7480'];

describe('git remotes: edges', () => {
  it('scp-style with or without a user, ssh:// and http(s):// with a port; the last two path segments; .git only at the end', () => {
    assert.deepEqual(repoFromRemoteUrl('git.example.com:ada/notes.git', HOSTS), { owner: 'ada', name: 'notes' });
    assert.deepEqual(repoFromRemoteUrl('ssh://git@git.example.com/ada/notes.git', HOSTS), { owner: 'ada', name: 'notes' });
    assert.deepEqual(repoFromRemoteUrl('http://127.0.0.1:7480/ada/notes.git/', HOSTS), { owner: 'ada', name: 'notes' });
    assert.deepEqual(
      repoFromRemoteUrl('https://GIT.EXAMPLE.COM:8443/git/ada/notes', HOSTS),
      { owner: 'ada', name: 'notes' },
      'host case and a port of a listed host',
    );
    assert.deepEqual(repoFromRemoteUrl('https://git.example.com//ada//notes.github.io', HOSTS), undefined, 'empty segments');
    assert.deepEqual(repoFromRemoteUrl('https://git.example.com/ada/notes.github.io', HOSTS), { owner: 'ada', name: 'notes.github.io' });
    assert.deepEqual(repoFromRemoteUrl('https://git.example.com/ada/my.gitbook', HOSTS), { owner: 'ada', name: 'my.gitbook' });
  });

  it('another host, one path segment, or no URL at all: none', () => {
    assert.equal(repoFromRemoteUrl('https://elsewhere.example/ada/notes', HOSTS), undefined);
    assert.equal(repoFromRemoteUrl('https://git.example.com/notes', HOSTS), undefined);
    assert.equal(repoFromRemoteUrl('git.example.com:notes', HOSTS), undefined);
    assert.equal(repoFromRemoteUrl('not a url at all', HOSTS), undefined);
    assert.equal(repoFromRemoteUrl('/local/path/ada/notes', HOSTS), undefined);
    assert.equal(repoFromRemoteUrl('file:///srv/git.example.com/ada/notes', HOSTS), undefined);
  });
});
