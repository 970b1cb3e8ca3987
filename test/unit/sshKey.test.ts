import * as assert from 'node:assert/strict';
import { defaultDeployKeyTitle, shortFingerprint, sshKeyInfo } from '../../src/util/sshKey';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ9koJFnjqaEmyJ6kLDXXTx4ELrGI2x6GyltOr7vMU+h';

describe('public SSH keys as a user recognises them', () => {
  it('gives the type, the SHA256 fingerprint ssh-keygen -lf prints, and the comment', () => {
    // `ssh-keygen -lf` on this key: 256 SHA256:HsMvqwVvbgYf+sbNP2GR7Md4sXE+GKsUvpPIOKEJA3c build@ci (ED25519)
    assert.deepEqual(sshKeyInfo(`${KEY} build@ci\n`), {
      type: 'ssh-ed25519',
      fingerprint: 'SHA256:HsMvqwVvbgYf+sbNP2GR7Md4sXE+GKsUvpPIOKEJA3c',
      comment: 'build@ci',
    });
    assert.equal(sshKeyInfo(KEY)?.comment, undefined);
    assert.equal(sshKeyInfo(`  ${KEY}  two words  `)?.comment, 'two words');
  });

  it('refuses what is not a public key line', () => {
    assert.equal(sshKeyInfo('ssh-ed25519 not-a-key'), undefined);
    assert.equal(sshKeyInfo(''), undefined);
    // The blob names another type than the line.
    assert.equal(sshKeyInfo(KEY.replace('ssh-ed25519', 'ssh-rsa')), undefined);
  });

  it('cuts a fingerprint for a tree row', () => {
    assert.equal(shortFingerprint('SHA256:HsMvqwVvbgYf+sbNP2GR7Md4sXE+GKsUvpPIOKEJA3c'), 'SHA256:HsMvqwVvbgYf…');
    assert.equal(shortFingerprint('SHA256:short'), 'SHA256:short');
  });

  it('titles a deploy key by its comment, else by its file name', () => {
    assert.equal(defaultDeployKeyTitle(`${KEY} ci@views`, '/home/ada/.ssh/id.pub'), 'ci@views');
    assert.equal(defaultDeployKeyTitle(KEY, '/home/ada/.ssh/deploy_docs.pub'), 'deploy_docs');
    assert.equal(defaultDeployKeyTitle(KEY, 'C:\\keys\\build.PUB'), 'build');
  });
});
