// One long-lived `git cat-file --batch-command` per repository: requests are
// written as they come and answered in order (git answers FIFO), so many
// reads share one process instead of paying a spawn each. `info` is the
// --batch-check answer (type and size), `contents` the --batch answer.
import type { ChildProcess } from 'node:child_process';
import { GitCommandError } from './errors';
import { spawnGit, type GitEnvironment } from './run';

export type ObjectType = 'blob' | 'tree' | 'commit' | 'tag';

export interface ObjectInfo {
  sha: string;
  type: ObjectType;
  size: number;
}

export interface GitObject extends ObjectInfo {
  content: Buffer;
}

interface Pending {
  command: 'info' | 'contents';
  header?: ObjectInfo;
  resolve(value: GitObject | ObjectInfo | null): void;
  reject(error: Error): void;
}

const SHA = /^[0-9a-f]{40}$/;
// A fully qualified reference name with none of the characters of git's revision syntax (`^ ~ : @{ ..`) nor
// whitespace: the name is asked as it is, so the answer is that reference's, never another question's.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach git's input
const REF_NAME = /^refs\/(?!.*(?:\.\.|@\{))[^\x00-\x20~^:?*[\\\x7f]+$/;

/** Timers the reader uses to end an idle process; tests give their own clock. */
export interface IdleTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Real timers, unref'd: an idle reader's timer never keeps the process alive. */
const realTimers: IdleTimers = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ObjectReaderOptions {
  /** The process ends after this long without a request (the next request starts another). Default 30 s. */
  idleMs?: number;
  timers?: IdleTimers;
}

const DEFAULT_IDLE_MS = 30_000;

export class ObjectReader {
  private child: ChildProcess | undefined;
  private queue: Pending[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  private outgoing: string[] = [];
  private closed = false;
  private idleTimer: unknown;
  private readonly idleMs: number;
  private readonly timers: IdleTimers;

  constructor(
    private readonly environment: GitEnvironment,
    private readonly gitDir: string,
    options: ObjectReaderOptions = {},
  ) {
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.timers = options.timers ?? realTimers;
  }

  /** Type and size of an object, or null when it does not exist. */
  info(sha: string): Promise<ObjectInfo | null> {
    return this.request('info', sha) as Promise<ObjectInfo | null>;
  }

  /** Type, size and content of an object, or null when it does not exist. */
  contents(sha: string): Promise<GitObject | null> {
    return this.request('contents', sha) as Promise<GitObject | null>;
  }

  /**
   * The object a reference names (`refs/heads/main`), peeled to a commit with `peel`: its type and size, or null
   * when there is no such reference (or it names no commit). git reads the reference's file at each request, so
   * the answer follows every change, from this process or another (a push), as `for-each-ref` would, without a
   * process of its own.
   */
  resolve(name: string, peel?: 'commit'): Promise<ObjectInfo | null> {
    if (!REF_NAME.test(name)) return Promise.resolve(null);
    return this.send('info', peel ? `${name}^{commit}` : name) as Promise<ObjectInfo | null>;
  }

  /** Info of many objects in one write (a recursive tree's blob sizes). */
  infoMany(shas: readonly string[]): Promise<Array<ObjectInfo | null>> {
    return Promise.all(shas.map((sha) => this.info(sha)));
  }

  /** The running cat-file process's id (diagnostics, tests), if one is running. */
  get processId(): number | undefined {
    return this.child?.exitCode === null ? this.child.pid : undefined;
  }

  /** True while requests wait for their answers. */
  get busy(): boolean {
    return this.queue.length > 0 || this.outgoing.length > 0;
  }

  /**
   * Ends an idle process but not the reader: the next request starts a new
   * process. A busy reader is left alone (it is not idle).
   */
  stop(): void {
    this.cancelIdle();
    const child = this.child;
    if (!child || this.busy) return;
    this.child = undefined;
    child.stdin?.end();
  }

  /** Ends the process; pending requests still get their answers. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelIdle();
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      // Requests of this tick are still waiting for their microtask: send them before the end of
      // input, or cat-file exits without reading them and they fail instead of being answered.
      this.sendOutgoing();
      child.stdin?.end();
    });
  }

  private request(command: Pending['command'], sha: string): Promise<GitObject | ObjectInfo | null> {
    // Only full SHAs reach git: a name like `HEAD:file` or a newline would be a different question.
    if (!SHA.test(sha)) return Promise.resolve(null);
    return this.send(command, sha);
  }

  private send(command: Pending['command'], name: string): Promise<GitObject | ObjectInfo | null> {
    if (this.closed) return Promise.reject(new GitCommandError(['cat-file'], 'object reader is closed', null));
    this.ensureChild();
    this.cancelIdle();
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      this.outgoing.push(`${command} ${name}\n`);
      if (this.outgoing.length === 1) queueMicrotask(() => this.sendOutgoing());
    });
  }

  /**
   * Requests made in the same tick go out in one write followed by `flush`
   * (--buffer mode): 10,000 blob sizes cost two pipe writes rather than 20,000.
   */
  private sendOutgoing(): void {
    if (this.outgoing.length === 0) return;
    const batch = this.outgoing.join('');
    this.outgoing = [];
    this.child?.stdin?.write(`${batch}flush\n`);
  }

  private cancelIdle(): void {
    if (this.idleTimer === undefined) return;
    this.timers.clear(this.idleTimer);
    this.idleTimer = undefined;
  }

  /** Once nothing is waiting, the process ends after idleMs unless a request comes first. */
  private scheduleIdle(): void {
    if (this.queue.length > 0 || this.idleTimer !== undefined || !this.child) return;
    this.idleTimer = this.timers.set(() => {
      this.idleTimer = undefined;
      this.stop();
    }, this.idleMs);
  }

  private ensureChild(): ChildProcess {
    if (this.child && this.child.exitCode === null && !this.child.killed) return this.child;
    // A process that ended but whose pipes are not closed yet (node reports the exit first) answers nothing
    // more: its reads fail now, or the next process's answers would be given to them.
    if (this.child) this.failWaiting(this.child.exitCode, '');
    const child = spawnGit(this.environment, this.gitDir, ['cat-file', '--batch-command', '--buffer']);
    this.child = child;
    this.chunks = [];
    this.buffered = 0;
    this.outgoing = [];
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.child !== child) return; // a replaced process's last bytes answer reads that have already failed
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.drain();
    });
    child.stdin?.on('error', () => undefined);
    child.on('close', (code) => {
      // A stopped process had nothing waiting; its successor's requests are not its own.
      if (this.child !== child) return;
      // Whatever was still waiting will never be answered by this process; the next request starts a new one.
      this.child = undefined;
      this.cancelIdle();
      this.failWaiting(code, stderr);
    });
    return child;
  }

  private failWaiting(code: number | null, stderr: string): void {
    const waiting = this.queue;
    this.queue = [];
    for (const pending of waiting) pending.reject(new GitCommandError(['cat-file'], stderr || 'cat-file exited', code));
  }

  private flatten(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private consume(count: number): void {
    const buffer = this.flatten();
    this.chunks = count >= buffer.length ? [] : [buffer.subarray(count)];
    this.buffered -= count;
  }

  private drain(): void {
    for (;;) {
      const head = this.queue[0];
      if (!head) {
        this.scheduleIdle();
        return;
      }
      if (!head.header) {
        const buffer = this.flatten();
        const newline = buffer.indexOf(10);
        if (newline < 0) return;
        const line = buffer.subarray(0, newline).toString('utf8');
        this.consume(newline + 1);
        const [sha, type, size] = line.split(' ');
        if (type === 'missing' || type === 'ambiguous' || sha === undefined || size === undefined) {
          this.queue.shift();
          head.resolve(null);
          continue;
        }
        const header: ObjectInfo = { sha, type: type as ObjectType, size: Number(size) };
        if (head.command === 'info') {
          this.queue.shift();
          head.resolve(header);
          continue;
        }
        head.header = header;
      }
      // Content is followed by one LF; wait until all of it has arrived.
      if (this.buffered < head.header.size + 1) return;
      const content = Buffer.from(this.flatten().subarray(0, head.header.size));
      this.consume(head.header.size + 1);
      this.queue.shift();
      head.resolve({ ...head.header, content });
    }
  }
}
