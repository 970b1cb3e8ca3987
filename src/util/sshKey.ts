// What a user recognises a public SSH key by: its type, its SHA256
// fingerprint (as `ssh-keygen -lf` prints it) and its comment. No `vscode`
// here: tested in plain Node (test/unit/sshKey.test.ts).
import { digest } from '../platform/digest';
import { fromBase64, toBase64 } from './bytes';

export interface SshKeyInfo {
  /** `ssh-ed25519`, `ssh-rsa`, `ecdsa-sha2-nistp256`, … */
  type: string;
  /** `SHA256:` and the unpadded base64 of the SHA-256 of the key blob. */
  fingerprint: string;
  /** The text after the key, often `user@host`; undefined when there is none. */
  comment: string | undefined;
}

/** The parts of an OpenSSH public key line, or undefined when it is not one. */
export function sshKeyInfo(text: string): SshKeyInfo | undefined {
  const m = /^\s*(\S+)\s+([A-Za-z0-9+/]+={0,2})(?:\s+(.*?))?\s*$/.exec(text);
  if (!m) return undefined;
  const type = m[1]!;
  let blob: Uint8Array;
  try {
    blob = fromBase64(m[2]!);
  } catch {
    return undefined;
  }
  // The blob starts with its own type as a length-prefixed string.
  if (blob.length < 4) return undefined;
  const typeLength = new DataView(blob.buffer, blob.byteOffset, blob.byteLength).getUint32(0);
  if (blob.length < 4 + typeLength || String.fromCharCode(...blob.subarray(4, 4 + typeLength)) !== type) return undefined;
  const fingerprint = `SHA256:${toBase64(digest('sha256', [blob])).replace(/=+$/, '')}`;
  return { type, fingerprint, comment: m[3] ? m[3] : undefined };
}

/** A fingerprint cut for a tree row: `SHA256:abcdefgh…`. */
export function shortFingerprint(fingerprint: string, keep = 12): string {
  const [prefix, rest] = fingerprint.includes(':')
    ? [fingerprint.slice(0, fingerprint.indexOf(':') + 1), fingerprint.slice(fingerprint.indexOf(':') + 1)]
    : ['', fingerprint];
  return rest.length > keep ? `${prefix}${rest.slice(0, keep)}…` : fingerprint;
}

/** The title a deploy key gets when the user gives none: the key's comment, else the file's base name without `.pub`. */
export function defaultDeployKeyTitle(keyText: string, fileName: string): string {
  const comment = sshKeyInfo(keyText)?.comment ?? keyText.trim().split(/\s+/)[2];
  if (comment) return comment;
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.pub$/i, '') || base;
}
