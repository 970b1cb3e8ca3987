import assert from 'node:assert/strict';
import { repoOfRemotes, repoFromRemoteUrl } from '../../src/util/gitRemote';

describe('active repository from the workspace git remote', () => {
  // As git lists them for RepoDesk (src/features/shared/git/workspaceGit.ts): origin first.
  const remotes = [
    { remote: 'origin', url: 'http://127.0.0.1:7480/analytical-engines/difference-engine.git' },
    { remote: 'upstream', url: 'http://127.0.0.1:7480/charles/difference-engine.git' },
  ];
  it('picks the first remote that points at the configured server', () => {
    assert.deepEqual(repoOfRemotes(remotes, ['127.0.0.1:7480']), { owner: 'analytical-engines', name: 'difference-engine', remote: 'origin' });
  });
  it('passes over remotes on other servers to one on the configured server', () => {
    assert.deepEqual(repoOfRemotes([{ remote: 'origin', url: 'https://example.com/a/b.git' }, remotes[1]!], ['127.0.0.1:7480']), {
      owner: 'charles',
      name: 'difference-engine',
      remote: 'upstream',
    });
  });
  it('ignores remotes on other servers', () => {
    assert.equal(repoOfRemotes(remotes, ['example.com']), undefined);
    assert.equal(repoOfRemotes([], ['127.0.0.1:7480']), undefined);
  });
  it('understands ssh and scp-style URLs', () => {
    assert.deepEqual(repoFromRemoteUrl('git@code.example.com:ada/notes-on-the-engine.git', ['code.example.com']), {
      owner: 'ada',
      name: 'notes-on-the-engine',
    });
    assert.deepEqual(repoFromRemoteUrl('ssh://git@code.example.com/ada/notes-on-the-engine', ['code.example.com']), {
      owner: 'ada',
      name: 'notes-on-the-engine',
    });
  });
  it('understands an enterprise path prefix', () => {
    assert.deepEqual(repoFromRemoteUrl('https://ghe.example.com/ada/bernoulli-numbers.git', ['ghe.example.com']), { owner: 'ada', name: 'bernoulli-numbers' });
  });
});
