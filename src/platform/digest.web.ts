// Hashes for the browser build (see digest.ts): synchronous, as git's object
// hashing (src/gitdata/hashing.ts) is called from synchronous code and Web
// Crypto's digest is only asynchronous; @noble/hashes (audited, no Node).
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8Bytes } from '../util/bytes';

export function digest(algorithm: 'sha1' | 'sha256', parts: readonly (Uint8Array | string)[]): Uint8Array {
  const message = concatBytes(parts.map((p) => (typeof p === 'string' ? utf8Bytes(p) : p)));
  return algorithm === 'sha1' ? sha1(message) : sha256(message);
}
