// References through `git update-ref` with the expected old value, so every
// create, update and delete is atomic: a create expects "no ref", an update
// or delete expects the value it checked. A failed change changes nothing.
import { InvalidReferenceNameError, NotFastForwardError, ReferenceConflictError, ReferenceExistsError, ReferenceNotFoundError } from './errors';
import type { ObjectType } from './object-reader';
import type { GitRepository } from './repository';

export interface GitRef {
  /** Fully qualified, e.g. `refs/heads/feature/a`. */
  ref: string;
  sha: string;
  /** commit for branches and lightweight tags, tag for annotated tags. */
  type: ObjectType;
}

export interface RefChange {
  ref: GitRef;
  /** The SHA the ref held before (for push events and cache resets). */
  before: string;
  /** True when a forced update moved the ref to a commit that does not contain the old one. */
  forced: boolean;
}

const ZERO = '0000000000000000000000000000000000000000';
// git check-ref-format: control characters, space, ~ ^ : ? * [ \ and DEL.
// eslint-disable-next-line no-control-regex -- control characters are exactly what git forbids
const FORBIDDEN = /[\x00-\x20~^:?*[\\\x7f]/;

/** The spec's rule (starts with `refs/`, two slashes at least) plus git's own naming rules. */
export function checkRefName(name: unknown, field = 'ref'): string {
  if (typeof name !== 'string' || !name.startsWith('refs/') || name.split('/').length < 3) {
    throw new InvalidReferenceNameError('Reference name must start with refs/ and contain at least two slashes', field);
  }
  const components = name.split('/');
  const broken =
    FORBIDDEN.test(name) ||
    name.includes('..') ||
    name.includes('@{') ||
    name.endsWith('.') ||
    components.some((c) => c === '' || c.startsWith('.') || c.endsWith('.lock'));
  if (broken) throw new InvalidReferenceNameError(`${name} is not a valid reference name`, field);
  return name;
}

function isValidRefName(name: string): boolean {
  try {
    checkRefName(name);
    return true;
  } catch {
    return false;
  }
}

const FORMAT = '--format=%(objectname) %(objecttype) %(refname)';

function parseRefLines(text: string): GitRef[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [sha = '', type = '', ...rest] = line.split(' ');
      return { sha, type: type as ObjectType, ref: rest.join(' ') };
    });
}

/**
 * One reference by its full name, or undefined (a prefix like `refs/heads` never matches). Asked of the
 * repository's object reader: a lookup per request, where a `for-each-ref` was a process each.
 */
export async function findRef(repo: GitRepository, name: string): Promise<GitRef | undefined> {
  if (!isValidRefName(name)) return undefined;
  const info = await repo.reader.resolve(name);
  return info ? { ref: name, sha: info.sha, type: info.type } : undefined;
}

export async function getRef(repo: GitRepository, name: string): Promise<GitRef> {
  const ref = await findRef(repo, name);
  if (!ref) throw new ReferenceNotFoundError(name);
  return ref;
}

/**
 * Every reference under `refs/` (heads, tags, notes, stashes...) sorted by
 * name, or those under `refs/<namespace>` (`tags`, `heads/feature`), matched
 * by whole path components.
 */
export async function listRefs(repo: GitRepository, namespace?: string): Promise<GitRef[]> {
  const clean = namespace?.replace(/^refs\//, '').replace(/\/+$/, '');
  if (clean !== undefined && clean !== '' && (FORBIDDEN.test(clean) || clean.split('/').some((c) => c === '' || c.startsWith('.')))) return [];
  const pattern = clean ? `refs/${clean}` : 'refs/';
  return parseRefLines(await repo.runText(['for-each-ref', '--sort=refname', FORMAT, pattern]));
}

function targetTypes(name: string): ObjectType[] {
  // git refuses anything but a commit on a branch; elsewhere an annotated tag object is fine too.
  return name.startsWith('refs/heads/') ? ['commit'] : ['commit', 'tag'];
}

async function updateRefExpecting(repo: GitRepository, name: string, newSha: string, oldSha: string): Promise<{ ok: boolean; stderr: string }> {
  const args = newSha === ZERO ? ['update-ref', '--no-deref', '-d', name, oldSha] : ['update-ref', '--no-deref', name, newSha, oldSha];
  const result = await repo.run(args, { okCodes: [1, 128] });
  return { ok: result.code === 0, stderr: result.stderr };
}

/** Creates a reference; ReferenceExistsError (`Reference already exists`) when it is there already. */
export async function createRef(repo: GitRepository, name: unknown, sha: unknown): Promise<GitRef> {
  const ref = checkRefName(name);
  const target = await repo.requireObject(sha, targetTypes(ref), 'sha');
  if (await findRef(repo, ref)) throw new ReferenceExistsError(ref);
  const result = await updateRefExpecting(repo, ref, target.sha, ZERO);
  if (!result.ok) {
    if (await findRef(repo, ref)) throw new ReferenceExistsError(ref);
    // e.g. refs/heads/a exists and refs/heads/a/b was asked for: git keeps files and folders apart.
    throw new ReferenceConflictError(`Reference ${ref} conflicts with an existing reference`, 'ref');
  }
  return { ref, sha: target.sha, type: target.type };
}

/** Moves a reference; only forward (the old commit an ancestor of the new) unless `force`. */
export async function updateRef(repo: GitRepository, name: string, sha: unknown, force = false): Promise<RefChange> {
  const current = await getRef(repo, name);
  const target = await repo.requireObject(sha, targetTypes(name), 'sha');
  let fastForward = true;
  if (current.sha !== target.sha) {
    const check = await repo.run(['merge-base', '--is-ancestor', current.sha, target.sha], { okCodes: [1, 128] });
    fastForward = check.code === 0;
  }
  if (!fastForward && !force) throw new NotFastForwardError(name);
  const result = await updateRefExpecting(repo, name, target.sha, current.sha);
  if (!result.ok) throw new ReferenceConflictError(`Reference ${name} changed during the update`, 'ref');
  return { ref: { ref: name, sha: target.sha, type: target.type }, before: current.sha, forced: !fastForward };
}

/** Deletes a reference (ReferenceNotFoundError when there is none). */
export async function deleteRef(repo: GitRepository, name: string): Promise<RefChange> {
  const current = await getRef(repo, name);
  const result = await updateRefExpecting(repo, name, ZERO, current.sha);
  if (!result.ok) throw new ReferenceConflictError(`Reference ${name} changed during the delete`, 'ref');
  return { ref: current, before: current.sha, forced: false };
}
