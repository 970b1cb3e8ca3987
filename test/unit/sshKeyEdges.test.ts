// Public SSH keys: lines that are not keys, a blob shorter than its declared
// type, fingerprints cut for a row, and default deploy key titles.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { defaultDeployKeyTitle, shortFingerprint, sshKeyInfo } from '../../src/util/sshKey';

/** A key blob: its type as a length-prefixed string, then `rest` bytes. */
const blob = (type: string, rest = 32, declared = type.length) => {
  const b = Buffer.alloc(4 + type.length + rest, 7);
  b.writeUInt32BE(declared, 0);
  b.write(type, 4, 'latin1');
  return b;
};
const line = (type: string, b: Buffer, comment = '') => `${type} ${b.toString('base64')}${comment ? ` ${comment}` : ''}`;

describe('SSH keys: edges', () => {
  it('the fingerprint is SHA256 of the blob in unpadded base64; the comment keeps its inner spaces; surrounding space is ignored', () => {
    const b = blob('ssh-ed25519', 33);
    const info = sshKeyInfo(`  ${line('ssh-ed25519', b, 'ada at  the engine')}  \n`);
    assert.deepEqual(info, {
      type: 'ssh-ed25519',
      fingerprint: `SHA256:${createHash('sha256').update(b).digest('base64').replace(/=+$/, '')}`,
      comment: 'ada at  the engine',
    });
    assert.doesNotMatch(info!.fingerprint, /=/);
    assert.equal(sshKeyInfo(line('ssh-ed25519', b))!.comment, undefined);
  });

  it('not a key: text before the type, no space between type and blob, a blob shorter than 4 bytes or than its declared type, another type inside', () => {
    const b = blob('ssh-ed25519');
    assert.equal(sshKeyInfo(`x ${line('ssh-ed25519', b)}`), undefined, 'three words where the second is not base64');
    assert.equal(sshKeyInfo(`ssh-ed25519${b.toString('base64')}`), undefined);
    assert.equal(sshKeyInfo(`ssh-ed25519 ${Buffer.from([0, 0, 0]).toString('base64')}`), undefined);
    assert.equal(sshKeyInfo(line('ssh-ed25519', blob('ssh-ed25519', 0, 40))), undefined, 'declares 40 bytes of type, has 11');
    assert.equal(sshKeyInfo(line('ssh-rsa', b)), undefined, 'says ssh-rsa, holds ssh-ed25519');
    assert.ok(sshKeyInfo(line('ssh-ed25519', blob('ssh-ed25519', 0))), 'a blob of exactly its type is one');
  });

  it('a fingerprint is cut after 12 characters of its hash (prefix kept); one of exactly 12 or without prefix is cut the same way', () => {
    assert.equal(shortFingerprint('SHA256:abcdefghijklmnop'), 'SHA256:abcdefghijkl…');
    assert.equal(shortFingerprint('SHA256:abcdefghijkl'), 'SHA256:abcdefghijkl');
    assert.equal(shortFingerprint('abcdefghijklmn'), 'abcdefghijkl…');
    assert.equal(shortFingerprint('MD5:ab:cd', 2), 'MD5:ab…');
  });

  it("a deploy key's default title: its comment, else the third word of a line that is not a key, else the file name without .pub", () => {
    assert.equal(defaultDeployKeyTitle(line('ssh-ed25519', blob('ssh-ed25519'), 'ada@engine'), '/home/ada/.ssh/id.pub'), 'ada@engine');
    assert.equal(defaultDeployKeyTitle('ssh-ed25519  !!notbase64!!   deploy@ci  ', 'x.pub'), 'deploy@ci');
    assert.equal(defaultDeployKeyTitle(line('ssh-ed25519', blob('ssh-ed25519')), 'C:\\keys\\deploy.PUB'), 'deploy');
    assert.equal(defaultDeployKeyTitle(line('ssh-ed25519', blob('ssh-ed25519')), '/keys/deploy.pub.bak'), 'deploy.pub.bak');
    assert.equal(defaultDeployKeyTitle(line('ssh-ed25519', blob('ssh-ed25519')), '/keys/.pub'), '.pub');
  });
});
