// Checks that a deploy key is an OpenSSH public key: a known type, valid
// base64, and a blob whose embedded type and fields match that type.
// Hand-written: node:crypto does not read the OpenSSH public-key format.

const SSH_KEY_TYPES = ['ssh-rsa', 'ssh-ed25519', 'ecdsa-sha2-nistp256'] as const;

/** Reads the length-prefixed strings of an SSH wire-format blob; undefined when malformed. */
function sshStrings(blob: Buffer): Buffer[] | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < blob.length) {
    if (at + 4 > blob.length) return undefined;
    const length = blob.readUInt32BE(at);
    at += 4;
    if (at + length > blob.length) return undefined;
    parts.push(blob.subarray(at, at + length));
    at += length;
  }
  return parts;
}

/** `type base64` of a valid key (comment dropped), or undefined when the text is not a valid key. */
export function normalizeSshKey(text: string): string | undefined {
  const [type, data, ...rest] = text.trim().split(/\s+/);
  void rest;
  if (!type || !data || !(SSH_KEY_TYPES as readonly string[]).includes(type)) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) return undefined;
  const parts = sshStrings(Buffer.from(data, 'base64'));
  if (!parts || parts[0]?.toString('latin1') !== type) return undefined;
  const fieldsOk =
    type === 'ssh-ed25519'
      ? parts.length === 2 && parts[1]!.length === 32
      : type === 'ssh-rsa'
        ? parts.length === 3 && parts[1]!.length > 0 && parts[2]!.length >= 128
        : parts.length === 3 && parts[1]!.toString('latin1') === 'nistp256' && parts[2]!.length === 65 && parts[2]![0] === 4;
  return fieldsOk ? `${type} ${data}` : undefined;
}
