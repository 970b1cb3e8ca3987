// Blobs: written with `git hash-object -w`, read through the object reader.
import { InvalidInputError } from './errors';
import type { GitRepository } from './repository';

export interface BlobContent {
  sha: string;
  size: number;
  /** The content in base64, as the blob resource returns it. */
  content: string;
  encoding: 'base64';
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Turns API content into bytes; `utf-8` is the default, anything but the two encodings is refused. */
export function decodeContent(content: unknown, encoding: unknown = 'utf-8', field = 'content'): Buffer {
  if (typeof content !== 'string') throw new InvalidInputError(`${field} must be a string`, field);
  if (encoding === 'utf-8' || encoding === 'utf8') return Buffer.from(content, 'utf8');
  if (encoding === 'base64') {
    // Buffer.from skips bad characters silently; refuse them instead of storing something else.
    const compact = content.replace(/\s+/g, '');
    if (!BASE64.test(compact) || compact.length % 4 === 1) throw new InvalidInputError(`${field} is not valid base64`, field);
    return Buffer.from(compact, 'base64');
  }
  throw new InvalidInputError('encoding must be utf-8 or base64', 'encoding');
}

/** Writes one blob and returns its SHA and size. */
export async function createBlob(repo: GitRepository, content: unknown, encoding?: unknown): Promise<{ sha: string; size: number }> {
  const bytes = decodeContent(content, encoding);
  const sha = (await repo.runText(['hash-object', '-w', '--no-filters', '--stdin'], { input: bytes })).trim();
  return { sha, size: bytes.length };
}

/**
 * Writes many blobs with one `git fast-import`: a process per blob costs
 * milliseconds, and `hash-object --stdin-paths` writes a loose file per
 * object (seconds for 1,000 on a slow disk); fast-import writes one pack.
 * `get-mark` hands back git's own SHA of each blob, in order.
 */
export async function writeBlobs(repo: GitRepository, contents: readonly Buffer[]): Promise<string[]> {
  if (contents.length === 0) return [];
  if (contents.length === 1) {
    const only = contents[0] ?? Buffer.alloc(0);
    return [(await repo.runText(['hash-object', '-w', '--no-filters', '--stdin'], { input: only })).trim()];
  }
  const parts: Buffer[] = [];
  contents.forEach((bytes, index) => {
    parts.push(Buffer.from(`blob\nmark :${index + 1}\ndata ${bytes.length}\n`), bytes, Buffer.from('\n'));
  });
  parts.push(Buffer.from(contents.map((_, index) => `get-mark :${index + 1}\n`).join('') + 'done\n'));
  const out = await repo.runText(['fast-import', '--quiet', '--done'], { input: Buffer.concat(parts) });
  return out.split('\n').filter((line) => line !== '');
}

/** Reads a blob: base64 content and size; ObjectNotFoundError when missing or not a blob. */
export async function readBlob(repo: GitRepository, sha: string): Promise<BlobContent> {
  const object = await repo.readObject(sha, 'blob');
  return { sha: object.sha, size: object.size, content: object.content.toString('base64'), encoding: 'base64' };
}
