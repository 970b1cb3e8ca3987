// Hashes for the browser build (see digest.ts): synchronous SHA in TypeScript.
import { concatBytes, utf8Bytes } from '../util/bytes';
import { sha1, sha256 } from '../util/sha';

export function digest(algorithm: 'sha1' | 'sha256', parts: readonly (Uint8Array | string)[]): Uint8Array {
  const message = concatBytes(parts.map((p) => (typeof p === 'string' ? utf8Bytes(p) : p)));
  return algorithm === 'sha1' ? sha1(message) : sha256(message);
}
