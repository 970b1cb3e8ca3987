// `git http-backend` run as a CGI with its input and output streamed: the
// request's body goes into git's stdin as it arrives and git's stdout goes to
// the reply as git writes it, so a clone or a push of any size keeps the
// emulator's memory flat (a pack is never whole in memory). A gzip body
// (Content-Encoding: gzip, which git sends for large negotiations) is passed
// as it is: http-backend inflates it itself, as a stream (HTTP_CONTENT_ENCODING).
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { GitCommandError, gitEnv, type GitEnvironment } from '../../git';

/** git http-backend's answer: the CGI's status and headers, then its body as git writes it. */
export interface CgiAnswer {
  status: number | undefined;
  headers: Array<[string, string]>;
  body: Readable;
  /** git's exit code and stderr, once it has exited (after the body ended). */
  exited: Promise<{ code: number | null; stderr: string }>;
}

/** The CGI header is a few lines; more than this without the blank line is no header. */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_STDERR_CHARS = 16 * 1024;

/** Starts http-backend with `env`, pipes `input` into it and resolves once its CGI header is read. Rejects if git fails before writing one. */
export function runHttpBackend(environment: GitEnvironment, env: Record<string, string>, input: Readable | undefined): Promise<CgiAnswer> {
  const child = spawn('git', ['http-backend'], { env: gitEnv(environment, env), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < MAX_STDERR_CHARS) stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  // A child that exits before reading all input raises EPIPE; its exit code tells the story.
  child.stdin.on('error', () => undefined);
  if (input) {
    input.pipe(child.stdin);
    // What git did not read is drained, so that the reply can still be sent on this connection.
    child.stdin.on('close', () => {
      input.unpipe(child.stdin);
      input.resume();
    });
    // A request cut off mid-body closes git's stdin without its end: git stops at the short pack.
    input.on('close', () => {
      if (!input.readableEnded) child.stdin.destroy();
    });
  } else {
    child.stdin.end();
  }

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let seen = 0;
    const done = (answer: Omit<CgiAnswer, 'exited'>) => {
      child.stdout.off('data', onData);
      child.stdout.off('end', onEnd);
      resolve({ ...answer, exited });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      seen += chunk.length;
      const head = Buffer.concat(chunks);
      const crlf = head.indexOf('\r\n\r\n');
      const lf = head.indexOf('\n\n');
      const [end, separator] = crlf >= 0 && (lf < 0 || crlf < lf) ? [crlf, 4] : [lf, 2];
      if (end < 0 && seen <= MAX_HEADER_BYTES) return;
      child.stdout.pause();
      // The body's first bytes go back to the stream, which the reply then reads from its start.
      child.stdout.unshift(end < 0 ? head : head.subarray(end + separator));
      done({ ...parseHeader(end < 0 ? Buffer.alloc(0) : head.subarray(0, end)), body: child.stdout });
    };
    const onEnd = () => {
      // No header: git failed (its exit code says so), or answered with a body alone.
      void exited.then(({ code }) => {
        if (code !== 0) reject(new GitCommandError(['http-backend'], stderr, code));
        else done({ status: undefined, headers: [], body: Readable.from([Buffer.concat(chunks)]) });
      });
    };
    child.stdout.on('data', onData);
    child.stdout.on('end', onEnd);
    child.on('error', (error) => reject(new GitCommandError(['http-backend'], error.message, null)));
  });
}

function parseHeader(head: Buffer): { status: number | undefined; headers: Array<[string, string]> } {
  let status: number | undefined;
  const headers: Array<[string, string]> = [];
  for (const line of head.toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (key.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
    else headers.push([key, value]);
  }
  return { status, headers };
}
