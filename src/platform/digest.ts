// Hashes for the Node build: node:crypto (native). The browser build replaces
// this file with digest.web.ts (esbuild.mjs: a sibling `*.web.ts` wins there).
import { createHash } from 'node:crypto';

export function digest(algorithm: 'sha1' | 'sha256', parts: readonly (Uint8Array | string)[]): Uint8Array {
  const hash = createHash(algorithm);
  for (const p of parts) hash.update(p);
  return new Uint8Array(hash.digest());
}
