// A bare repository on disk and its long-lived object reader. Repositories
// opens each one once and closes every reader on shutdown.
import fs from 'node:fs';
import path from 'node:path';
import { InvalidObjectError, ObjectNotFoundError } from './errors';
import { ObjectReader, type GitObject, type ObjectInfo, type ObjectReaderOptions, type ObjectType } from './object-reader';
import { runGit, runGitText, type GitEnvironment, type GitResult, type RunOptions } from './run';

const SHA = /^[0-9a-fA-F]{40}$/;

/** The bare repository of a repository id under the git folder (by id, so it survives renames and transfers). */
export function repoGitPath(gitFolder: string, repoId: number): string {
  return path.join(gitFolder, `${repoId}.git`);
}

/** Creates an empty bare repository whose HEAD points at `defaultBranch`. */
export async function initBare(environment: GitEnvironment, gitDir: string, defaultBranch: string): Promise<void> {
  fs.mkdirSync(path.dirname(gitDir), { recursive: true });
  await runGit(environment, undefined, ['init', '--bare', '--quiet', `--initial-branch=${defaultBranch}`, gitDir]);
}

/** Copies a bare repository with every ref (the git data of a fork). */
export async function cloneBare(environment: GitEnvironment, fromGitDir: string, toGitDir: string): Promise<void> {
  fs.mkdirSync(path.dirname(toGitDir), { recursive: true });
  await runGit(environment, undefined, ['clone', '--bare', '--quiet', fromGitDir, toGitDir]);
}

export class GitRepository {
  readonly reader: ObjectReader;

  constructor(
    readonly environment: GitEnvironment,
    readonly gitDir: string,
    options: ObjectReaderOptions = {},
  ) {
    this.reader = new ObjectReader(environment, gitDir, options);
  }

  run(args: string[], options?: RunOptions): Promise<GitResult> {
    return runGit(this.environment, this.gitDir, args, options);
  }

  runText(args: string[], options?: RunOptions): Promise<string> {
    return runGitText(this.environment, this.gitDir, args, options);
  }

  /** Reads an object of the given type, or throws ObjectNotFoundError (404) for a missing or other object. */
  async readObject(sha: string, type: ObjectType): Promise<GitObject> {
    const object = SHA.test(sha) ? await this.reader.contents(sha.toLowerCase()) : null;
    if (!object || object.type !== type) throw new ObjectNotFoundError(sha, type);
    return object;
  }

  /**
   * Checks a SHA given as input: well formed, present, and of one of the
   * expected types. Throws InvalidObjectError (422) naming the field.
   */
  async requireObject(sha: unknown, types: readonly ObjectType[], field: string): Promise<ObjectInfo> {
    if (typeof sha !== 'string' || !SHA.test(sha)) throw new InvalidObjectError(`${field} must be a 40-character SHA`, field);
    const info = await this.reader.info(sha.toLowerCase());
    if (!info) throw new InvalidObjectError(`${field} ${sha} does not exist`, field);
    if (!types.includes(info.type)) throw new InvalidObjectError(`${field} ${sha} is not a valid ${types.join(' or ')}`, field);
    return info;
  }

  close(): Promise<void> {
    return this.reader.close();
  }
}

export interface InitOptions {
  defaultBranch?: string;
}

export interface RepositoriesOptions extends ObjectReaderOptions {
  /** At most this many repositories keep a live reader process; the least recently used one stops first. Default 16. */
  maxLive?: number;
}

const DEFAULT_MAX_LIVE_READERS = 16;

/**
 * Opens bare repositories under a data folder, once each, and closes them
 * together. Each has one `git cat-file` process while in use: it ends after
 * idleMs without a request, when the repository is forgotten (deleted), and
 * when more than maxLive are running (least recently used first).
 */
export class Repositories {
  /** In order of use, least recent first (a Map keeps insertion order). */
  private readonly open = new Map<string, GitRepository>();
  readonly environment: GitEnvironment;
  private readonly maxLive: number;

  /** @param dataDir the data folder; git's HOME points here so no user config leaks in. */
  constructor(
    dataDir: string,
    private readonly options: RepositoriesOptions = {},
  ) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.environment = { homeDir: dataDir };
    this.maxLive = options.maxLive ?? DEFAULT_MAX_LIVE_READERS;
  }

  /** Creates an empty bare repository (HEAD on `defaultBranch`, default `master`) and opens it. */
  async create(gitDir: string, options: InitOptions = {}): Promise<GitRepository> {
    await initBare(this.environment, gitDir, options.defaultBranch ?? 'master');
    return this.get(gitDir);
  }

  /** The repository at gitDir (which must exist), opened once and kept. */
  get(gitDir: string): GitRepository {
    const key = path.resolve(gitDir);
    let repo = this.open.get(key);
    if (!fs.existsSync(path.join(key, 'HEAD'))) {
      // Deleted under us (a repository was removed): stop its reader rather than keep it.
      if (repo) void this.forget(key);
      throw new Error(`not a bare git repository: ${key}`);
    }
    if (repo) {
      this.open.delete(key);
    } else {
      repo = new GitRepository(this.environment, key, this.options);
    }
    this.open.set(key, repo);
    this.stopLeastRecent();
    return repo;
  }

  /** Process ids of the readers running now (diagnostics, tests). */
  liveReaders(): number[] {
    return [...this.open.values()].flatMap((r) => (r.reader.processId === undefined ? [] : [r.reader.processId]));
  }

  /** Stops the reader of one repository (before it is deleted, say). */
  async forget(gitDir: string): Promise<void> {
    const key = path.resolve(gitDir);
    const repo = this.open.get(key);
    this.open.delete(key);
    await repo?.close();
  }

  async closeAll(): Promise<void> {
    const repos = [...this.open.values()];
    this.open.clear();
    await Promise.all(repos.map((repo) => repo.close()));
  }

  /** Beyond maxLive running readers, the least recently used stop (their objects stay usable). */
  private stopLeastRecent(): void {
    let live = 0;
    for (const repo of this.open.values()) if (repo.reader.processId !== undefined) live++;
    // The repository just used is last in the map; it is about to start its reader if it has none.
    const newest = [...this.open.values()].pop();
    if (newest && newest.reader.processId === undefined) live++;
    for (const repo of this.open.values()) {
      if (live <= this.maxLive) break;
      if (repo === newest || repo.reader.processId === undefined || repo.reader.busy) continue;
      repo.reader.stop();
      live--;
    }
    // Objects without a process cost a few bytes each, but not without bound.
    while (this.open.size > this.maxLive * 64) {
      const [oldestKey, oldest] = this.open.entries().next().value as [string, GitRepository];
      this.open.delete(oldestKey);
      oldest.reader.stop();
    }
  }
}
