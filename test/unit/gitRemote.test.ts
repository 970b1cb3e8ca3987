import assert from 'node:assert/strict';
import { remotesOf, repoFromGitConfig, repoFromRemoteUrl } from '../../src/util/gitRemote';

describe('active repository from the workspace git remote', () => {
  const config = `[core]
\tbare = false
[remote "upstream"]
\turl = http://127.0.0.1:7480/charles/difference-engine.git
[remote "origin"]
\turl = http://127.0.0.1:7480/analytical-engines/difference-engine.git
\tfetch = +refs/heads/*:refs/remotes/origin/*
[branch "main"]
\tremote = origin
`;
  it('lists remotes with origin first', () => {
    assert.deepEqual(remotesOf(config).map((r) => r.remote), ['origin', 'upstream']);
  });
  it('picks origin when it points at the configured server', () => {
    assert.deepEqual(repoFromGitConfig(config, ['127.0.0.1:7480']), { owner: 'analytical-engines', name: 'difference-engine', remote: 'origin' });
  });
  it('ignores remotes on other servers', () => {
    assert.equal(repoFromGitConfig(config, ['example.com']), undefined);
  });
  it('understands ssh and scp-style URLs', () => {
    assert.deepEqual(repoFromRemoteUrl('git@code.example.com:ada/notes-on-the-engine.git', ['code.example.com']), { owner: 'ada', name: 'notes-on-the-engine' });
    assert.deepEqual(repoFromRemoteUrl('ssh://git@code.example.com/ada/notes-on-the-engine', ['code.example.com']), { owner: 'ada', name: 'notes-on-the-engine' });
  });
  it('understands an enterprise path prefix', () => {
    assert.deepEqual(repoFromRemoteUrl('https://ghe.example.com/ada/bernoulli-numbers.git', ['ghe.example.com']), { owner: 'ada', name: 'bernoulli-numbers' });
  });
});
