// Annotated tag objects, written with `git mktag` (which checks the format
// the way fsck does), so the seed and the releases can make real ones.
import { InvalidInputError } from './errors';
import { identityFromInput, parseHeaders, parseIdentity, type GitIdentity, type IdentityInput } from './format';
import type { ObjectType } from './object-reader';
import type { GitRepository } from './repository';

export interface TagData {
  sha: string;
  tag: string;
  message: string;
  object: { sha: string; type: ObjectType };
  tagger: GitIdentity;
}

export interface CreateTagInput {
  tag: string;
  message: string;
  /** The tagged object: usually a commit. */
  object: string;
  tagger: IdentityInput;
}

export async function readTag(repo: GitRepository, sha: string): Promise<TagData> {
  const object = await repo.readObject(sha, 'tag');
  const { headers, message } = parseHeaders(object.content);
  const get = (key: string): string => headers.find(([k]) => k === key)?.[1] ?? '';
  return {
    sha: object.sha,
    tag: get('tag'),
    message,
    object: { sha: get('object'), type: get('type') as ObjectType },
    tagger: parseIdentity(get('tagger')),
  };
}

/** Writes an annotated tag object (no ref: pair it with createRef on refs/tags/<tag>). */
export async function createTagObject(repo: GitRepository, input: CreateTagInput): Promise<TagData> {
  if (typeof input.tag !== 'string' || input.tag === '' || /[\s~^:?*[\\]|\.\.|@\{/.test(input.tag)) {
    throw new InvalidInputError('tag is not a valid tag name', 'tag');
  }
  if (typeof input.message !== 'string') throw new InvalidInputError('message is required', 'message');
  const target = await repo.requireObject(input.object, ['commit', 'tree', 'blob', 'tag'], 'object');
  const tagger = identityFromInput(input.tagger, 'tagger');
  const message = input.message.endsWith('\n') || input.message === '' ? input.message : `${input.message}\n`;
  const text = `object ${target.sha}\ntype ${target.type}\ntag ${input.tag}\ntagger ${tagger.name} <${tagger.email}> ${tagger.timestamp} ${tagger.timezone}\n\n${message}`;
  const sha = (await repo.runText(['mktag'], { input: text })).trim();
  return readTag(repo, sha);
}
