// The plumbing of the git data library (README of emulator/src/git): the one
// git runner with its clean environment, the long-lived `cat-file` reader of
// each repository, the repositories opened once, and the typed errors routes
// answer with.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  GitCommandError,
  GitDataError,
  InvalidObjectError,
  NotFastForwardError,
  ObjectNotFoundError,
  ReferenceExistsError,
  ReferenceNotFoundError,
} from '../../../src/git/errors';
import { ObjectReader } from '../../../src/git/object-reader';
import { cloneBare, initBare, Repositories, repoGitPath } from '../../../src/git/repository';
import { gitEnv, identityEnv, runGit, runGitText, spawnGit } from '../../../src/git/run';
import { commitByHand, gitFixture, withProcessEnv, type GitFixture } from '../../git-fixture';

/** Resolves when the process with this id has exited. */
async function gone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('git errors: status, field and message of each failure', () => {
  it('each error carries its class name, the status a route answers with and the field at fault', () => {
    const cases: Array<[GitDataError, string, string, number, string | undefined]> = [
      [new ObjectNotFoundError('abc', 'tree'), 'ObjectNotFoundError', 'Not Found', 404, undefined],
      [new InvalidObjectError('tree must be a 40-character SHA', 'tree'), 'InvalidObjectError', 'tree must be a 40-character SHA', 422, 'tree'],
      [new ReferenceExistsError('refs/heads/a'), 'ReferenceExistsError', 'Reference already exists', 422, 'ref'],
      [new NotFastForwardError('refs/heads/a'), 'NotFastForwardError', 'Update is not a fast forward', 422, 'sha'],
      [new ReferenceNotFoundError('refs/heads/a'), 'ReferenceNotFoundError', 'Not Found', 404, 'ref'],
      [new GitCommandError(['mktree'], 'fatal: broken\n', 128), 'GitCommandError', 'git mktree failed: fatal: broken', 500, undefined],
    ];
    for (const [error, name, message, status, field] of cases) {
      assert.deepEqual([error.name, error.message, error.status, error.field, error instanceof Error], [name, message, status, field, true]);
    }
  });

  it('a git failure without stderr names its exit code; without arguments the command is blank', () => {
    assert.equal(new GitCommandError(['log', '--oneline'], '  \n', 3).message, 'git log failed: exit code 3');
    assert.equal(new GitCommandError([], '', null).message, 'git  failed: exit code null');
    const error = new GitCommandError(['x'], 'e', 1);
    assert.deepEqual([error.args, error.stderr, error.exitCode], [['x'], 'e', 1]);
  });
});

describe('git runner: environment and exit codes', () => {
  let fx: GitFixture;
  beforeEach(async () => {
    fx = await gitFixture();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  it("the environment drops every GIT_* variable of the process, keeps the rest, and sets git's own", async () => {
    const env = await withProcessEnv({ GIT_DIR: '/decoy', GIT_AUTHOR_NAME: 'Leaked', REPODESK_KEPT: 'yes' }, () => gitEnv({ homeDir: '/data' }));
    assert.deepEqual(
      Object.keys(env)
        .filter((k) => k.startsWith('GIT_'))
        .sort(),
      ['GIT_CONFIG_NOSYSTEM', 'GIT_TERMINAL_PROMPT'],
    );
    assert.deepEqual(
      [env.HOME, env.XDG_CONFIG_HOME, env.GIT_CONFIG_NOSYSTEM, env.GIT_TERMINAL_PROMPT, env.LC_ALL, env.REPODESK_KEPT, env.PATH],
      ['/data', '/data', '1', '0', 'C', 'yes', process.env.PATH],
    );
    const extra = gitEnv({ homeDir: '/data' }, { GIT_INDEX_FILE: '/own.index', LC_ALL: 'POSIX' });
    assert.deepEqual([extra.GIT_INDEX_FILE, extra.LC_ALL], ['/own.index', 'POSIX'], 'what the caller passes on purpose wins');
  });

  it('identity variables: the committer defaults to the author', () => {
    const ada = { name: 'Ada', email: 'ada@example.com', date: '@1 +0000' };
    const bob = { name: 'Bob', email: 'bob@example.com', date: '@2 +0100' };
    assert.deepEqual(identityEnv(ada, bob), {
      GIT_AUTHOR_NAME: 'Ada',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_AUTHOR_DATE: '@1 +0000',
      GIT_COMMITTER_NAME: 'Bob',
      GIT_COMMITTER_EMAIL: 'bob@example.com',
      GIT_COMMITTER_DATE: '@2 +0100',
    });
    assert.deepEqual(identityEnv(ada), {
      GIT_AUTHOR_NAME: 'Ada',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_AUTHOR_DATE: '@1 +0000',
      GIT_COMMITTER_NAME: 'Ada',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
      GIT_COMMITTER_DATE: '@1 +0000',
    });
  });

  it('runs in the repository given, with input, and gives stdout as bytes and stderr as text', async () => {
    const result = await runGit(fx.repos.environment, fx.repo.gitDir, ['hash-object', '-w', '--stdin'], { input: Buffer.from('bytes\n') });
    assert.deepEqual([result.stdout.toString().trim(), result.stderr, result.code], [fx.git(['hash-object', '--stdin'], 'bytes\n'), '', 0]);
    assert.equal((await runGitText(fx.repos.environment, fx.repo.gitDir, ['rev-parse', '--git-dir'])).trim(), fx.repo.gitDir);
    assert.equal(
      (await runGitText(fx.repos.environment, fx.repo.gitDir, ['hash-object', '--stdin'])).trim(),
      fx.git(['hash-object', '--stdin'], ''),
      'no input: empty stdin',
    );
    assert.equal(
      await runGitText(fx.repos.environment, undefined, ['config', '--global', '--get', 'user.name'], { okCodes: [1] }),
      '',
      'no user configuration applies',
    );
  });

  it("a failing command rejects with git's message and exit code; okCodes turn an exit code into an answer", async () => {
    await assert.rejects(runGit(fx.repos.environment, fx.repo.gitDir, ['rev-parse', '--verify', 'refs/heads/none']), (error: unknown) => {
      assert.ok(error instanceof GitCommandError);
      assert.deepEqual(
        [error.message, error.exitCode, error.args],
        ['git rev-parse failed: fatal: Needed a single revision', 128, ['rev-parse', '--verify', 'refs/heads/none']],
      );
      return true;
    });
    const answered = await runGit(fx.repos.environment, fx.repo.gitDir, ['rev-parse', '--verify', '--quiet', 'refs/heads/none'], { okCodes: [1] });
    assert.deepEqual([answered.code, answered.stdout.length], [1, 0]);
    await assert.rejects(runGit(fx.repos.environment, fx.repo.gitDir, ['rev-parse', '--verify', '--quiet', 'refs/heads/none'], { okCodes: [128] }), {
      name: 'GitCommandError',
      message: 'git rev-parse failed: exit code 1',
    });
  });

  it('git that cannot be started rejects with a GitCommandError, not a crash', async () => {
    await withProcessEnv({ PATH: path.join(fx.dataDir, 'no-bin') }, async () => {
      await assert.rejects(runGit(fx.repos.environment, fx.repo.gitDir, ['status']), {
        name: 'GitCommandError',
        message: 'git status failed: spawn git ENOENT',
      });
    });
  });

  it('a long-running git process runs in the repository given', async () => {
    const child = spawnGit(fx.repos.environment, fx.repo.gitDir, ['rev-parse', '--git-dir']);
    const out: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stdin?.end();
    await new Promise((resolve) => child.on('close', resolve));
    assert.equal(Buffer.concat(out).toString().trim(), fx.repo.gitDir);
  });
});

describe('git repositories: opening, creating, reading objects', () => {
  let fx: GitFixture;
  beforeEach(async () => {
    fx = await gitFixture();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  it("a repository's folder is <id>.git under the git folder", () => {
    assert.equal(repoGitPath('/data/git', 42), path.join('/data/git', '42.git'));
  });

  it("the data folder is created, and is git's HOME", () => {
    const dataDir = path.join(fx.dataDir, 'new', 'data');
    const repos = new Repositories(dataDir);
    assert.deepEqual([fs.existsSync(dataDir), repos.environment], [true, { homeDir: dataDir }]);
  });

  it('create: a bare repository on master by default, or on the branch asked for, parent folders made', async () => {
    const plain = await fx.repos.create(path.join(fx.dataDir, 'a', 'b', 'plain.git'));
    assert.equal(fs.readFileSync(path.join(plain.gitDir, 'HEAD'), 'utf8'), 'ref: refs/heads/master\n');
    assert.equal(fs.readFileSync(path.join(plain.gitDir, 'config'), 'utf8').includes('bare = true'), true);
    const trunk = await fx.repos.create(path.join(fx.dataDir, 'trunk.git'), { defaultBranch: 'trunk' });
    assert.equal(fs.readFileSync(path.join(trunk.gitDir, 'HEAD'), 'utf8'), 'ref: refs/heads/trunk\n');
    assert.equal(fx.repos.get(path.join(fx.dataDir, 'trunk.git')), trunk, 'create opens it');
  });

  it('initBare and cloneBare work on paths: a fork has every ref of its source', async () => {
    const source = path.join(fx.dataDir, 'src', 'x.git');
    await initBare(fx.repos.environment, source, 'main');
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'x');
    const tree = fx.git(['mktree'], `100644 blob ${blob}\tx\n`);
    const commit = fx.git(['commit-tree', tree], 'm', {
      GIT_AUTHOR_NAME: 'A',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'A',
      GIT_COMMITTER_EMAIL: 'a@example.com',
    });
    await runGit(fx.repos.environment, fx.repo.gitDir, ['push', '--quiet', source, `${commit}:refs/heads/main`, `${commit}:refs/tags/v1`]);
    const fork = path.join(fx.dataDir, 'forks', 'deep', 'y.git');
    await cloneBare(fx.repos.environment, source, fork);
    const refs = await runGitText(fx.repos.environment, fork, ['for-each-ref', '--format=%(refname) %(objectname)']);
    assert.equal(refs, `refs/heads/main ${commit}\nrefs/tags/v1 ${commit}\n`);
  });

  it('get: the same repository object for the same folder however it is written; a folder without HEAD is refused', () => {
    const again = fx.repos.get(`${fx.repo.gitDir}${path.sep}`);
    assert.equal(again, fx.repo);
    assert.equal(fx.repos.get(path.relative(process.cwd(), fx.repo.gitDir)), fx.repo);
    const missing = path.join(fx.dataDir, 'missing.git');
    assert.throws(() => fx.repos.get(missing), { message: `not a bare git repository: ${missing}` });
  });

  it('get: a folder that exists but holds no HEAD is not a repository', () => {
    const folder = path.join(fx.dataDir, 'just-a-folder.git');
    fs.mkdirSync(folder);
    assert.throws(() => fx.repos.get(folder), { message: `not a bare git repository: ${folder}` });
  });

  it('a repository deleted from disk: get refuses it and its reader stops; a new one in its place is opened afresh', async () => {
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'soon gone');
    await fx.repo.reader.info(blob);
    const pid = fx.repo.reader.processId!;
    fs.rmSync(fx.repo.gitDir, { recursive: true, force: true });
    assert.throws(() => fx.repos.get(fx.repo.gitDir), /not a bare git repository/);
    await gone(pid);
    assert.equal(fx.repo.reader.processId, undefined);
    const fresh = await fx.repos.create(fx.repo.gitDir);
    assert.notEqual(fresh, fx.repo);
  });

  it('forget stops one reader and the next get opens a new repository object; closeAll stops them all', async () => {
    const other = await fx.repos.create(path.join(fx.dataDir, 'other.git'));
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'x');
    await fx.repo.reader.info(blob);
    await other.reader.info('0'.repeat(40));
    const [first, second] = [fx.repo.reader.processId!, other.reader.processId!];
    await fx.repos.forget(fx.repo.gitDir);
    assert.equal(fx.repo.reader.processId, undefined);
    assert.equal(other.reader.processId, second, 'the other reader runs on');
    await gone(first);
    assert.notEqual(fx.repos.get(fx.repo.gitDir), fx.repo);
    await fx.repos.forget(path.join(fx.dataDir, 'never-opened.git'));
    await fx.repos.closeAll();
    assert.equal(other.reader.processId, undefined);
    await gone(second);
  });

  it('readObject: an object of the type asked for, by a SHA in any case; anything else Not Found', async () => {
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'abc');
    assert.deepEqual(await fx.repo.readObject(blob.toUpperCase(), 'blob'), { sha: blob, type: 'blob', size: 3, content: Buffer.from('abc') });
    for (const [sha, type] of [
      [blob, 'tree'],
      ['ab'.repeat(20), 'blob'],
      ['HEAD', 'blob'],
      [`${blob}0`, 'blob'],
    ] as const) {
      await assert.rejects(fx.repo.readObject(sha, type), (error: unknown) => {
        assert.ok(error instanceof ObjectNotFoundError);
        assert.deepEqual([error.sha, error.expectedType, error.status], [sha, type, 404]);
        return true;
      });
    }
  });

  it('requireObject: a SHA of one of the expected types; otherwise 422 naming the field', async () => {
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'abc');
    assert.deepEqual(await fx.repo.requireObject(blob.toUpperCase(), ['tree', 'blob'], 'sha'), { sha: blob, type: 'blob', size: 3 });
    const refused = (sha: unknown, message: string) =>
      assert.rejects(fx.repo.requireObject(sha, ['commit', 'tag'], 'object'), { name: 'InvalidObjectError', message, field: 'object', status: 422 });
    await refused(blob, `object ${blob} is not a valid commit or tag`);
    await refused('ab'.repeat(20), `object ${'ab'.repeat(20)} does not exist`);
    await refused('abc', 'object must be a 40-character SHA');
    await refused(`${blob}0`, 'object must be a 40-character SHA');
    await refused(` ${blob}`, 'object must be a 40-character SHA');
    await refused(42, 'object must be a 40-character SHA');
  });
});

describe('git object reader: one cat-file process per repository', () => {
  let fx: GitFixture;
  beforeEach(async () => {
    fx = await gitFixture();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  it('info and contents of objects; a missing object is null; no process until the first read', async () => {
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    try {
      assert.equal(reader.processId, undefined);
      const blob = fx.git(['hash-object', '-w', '--stdin'], 'line\n');
      const tree = fx.git(['mktree'], `100644 blob ${blob}\tf\n`);
      assert.deepEqual(await reader.info(blob), { sha: blob, type: 'blob', size: 5 });
      assert.equal(typeof reader.processId, 'number');
      assert.deepEqual(await reader.contents(blob), { sha: blob, type: 'blob', size: 5, content: Buffer.from('line\n') });
      assert.deepEqual(await reader.info(tree), { sha: tree, type: 'tree', size: 29 });
      assert.equal(await reader.info('ab'.repeat(20)), null);
      assert.equal(await reader.contents('ab'.repeat(20)), null);
      assert.deepEqual(await reader.infoMany([blob, 'ab'.repeat(20), tree]), [
        { sha: blob, type: 'blob', size: 5 },
        null,
        { sha: tree, type: 'tree', size: 29 },
      ]);
      assert.deepEqual(await reader.infoMany([]), []);
    } finally {
      await reader.close();
    }
  });

  it('resolve: a reference names its object (a tag object for an annotated tag, its commit when peeled); a missing name or a prefix is null', async () => {
    const first = commitByHand(fx, { 'a.txt': 'a' }, 'first');
    fx.git(['update-ref', 'refs/heads/main', first]);
    const tag = fx.git(['mktag'], `object ${first}\ntype commit\ntag v1\ntagger T <t@example.com> 1415394105 +0100\n\nv1\n`);
    fx.git(['update-ref', 'refs/tags/v1', tag]);
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    try {
      assert.equal((await reader.resolve('refs/heads/main'))?.sha, first);
      assert.equal((await reader.resolve('refs/heads/main'))?.type, 'commit');
      assert.deepEqual([(await reader.resolve('refs/tags/v1'))?.sha, (await reader.resolve('refs/tags/v1'))?.type], [tag, 'tag']);
      assert.deepEqual([(await reader.resolve('refs/tags/v1', 'commit'))?.sha, (await reader.resolve('refs/tags/v1', 'commit'))?.type], [first, 'commit']);
      for (const name of ['refs/heads/nope', 'refs/heads', 'refs/tags/']) assert.equal(await reader.resolve(name), null, name);
    } finally {
      await reader.close();
    }
  });

  it('resolve: a reference moved, packed or deleted by another git process is read as it is now, by the same process', async () => {
    const first = commitByHand(fx, { 'a.txt': 'a' }, 'first');
    const second = commitByHand(fx, { 'a.txt': 'b' }, 'second', [first]);
    fx.git(['update-ref', 'refs/heads/main', first]);
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    try {
      assert.equal((await reader.resolve('refs/heads/main'))?.sha, first);
      const pid = reader.processId;
      fx.git(['update-ref', 'refs/heads/main', second]);
      assert.equal((await reader.resolve('refs/heads/main'))?.sha, second, 'moved');
      fx.git(['pack-refs', '--all']);
      assert.equal((await reader.resolve('refs/heads/main'))?.sha, second, 'packed');
      fx.git(['update-ref', 'refs/heads/main', first]);
      assert.equal((await reader.resolve('refs/heads/main'))?.sha, first, 'moved after packing');
      fx.git(['update-ref', '-d', 'refs/heads/main']);
      assert.equal(await reader.resolve('refs/heads/main'), null, 'deleted');
      assert.equal(reader.processId, pid);
    } finally {
      await reader.close();
    }
  });

  it('resolve: only a reference name reaches git, never a revision (`^ ~ : .. @{`), HEAD, whitespace or a newline', async () => {
    const first = commitByHand(fx, { 'a.txt': 'a' }, 'first');
    fx.git(['update-ref', 'refs/heads/main', first]);
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    const names = ['HEAD', 'main', 'refs/heads/main^', 'refs/heads/main~1', 'refs/heads/main:a.txt', 'refs/heads/main@{0}', 'refs/heads/main..refs/heads/main'];
    for (const name of [...names, 'refs/heads/main\ninfo refs/heads/main', 'refs/heads/ma in', '', first]) {
      assert.equal(await reader.resolve(name), null, JSON.stringify(name));
    }
    assert.equal(reader.processId, undefined);
    await reader.close();
  });

  it('only full lower-case SHAs reach git: names, revisions and newlines are null without a process', async () => {
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'x');
    for (const name of ['HEAD', `${blob}\ninfo ${blob}`, blob.toUpperCase(), blob.slice(0, 7), `${blob}:f`, '']) {
      assert.equal(await reader.info(name), null, JSON.stringify(name));
      assert.equal(await reader.contents(name), null, JSON.stringify(name));
    }
    assert.equal(reader.processId, undefined);
    await reader.close();
  });

  it('mixed reads in one tick come back in order, with contents split over many chunks, empty and binary objects', async () => {
    const big = Buffer.alloc(300_000, 'abcdefghij');
    const shas = [
      fx.git(['hash-object', '-w', '--stdin'], big),
      fx.git(['hash-object', '-w', '--stdin'], ''),
      fx.git(['hash-object', '-w', '--stdin'], Buffer.from([10, 0, 10])),
    ];
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    try {
      const answers = await Promise.all([
        reader.contents(shas[0]!),
        reader.info(shas[1]!),
        reader.contents(shas[1]!),
        reader.info('ab'.repeat(20)),
        reader.contents(shas[2]!),
        reader.info(shas[0]!),
        reader.contents(shas[0]!),
      ]);
      assert.deepEqual(answers, [
        { sha: shas[0], type: 'blob', size: 300_000, content: big },
        { sha: shas[1], type: 'blob', size: 0 },
        { sha: shas[1], type: 'blob', size: 0, content: Buffer.alloc(0) },
        null,
        { sha: shas[2], type: 'blob', size: 3, content: Buffer.from([10, 0, 10]) },
        { sha: shas[0], type: 'blob', size: 300_000 },
        { sha: shas[0], type: 'blob', size: 300_000, content: big },
      ]);
      const pid = reader.processId;
      assert.deepEqual(await reader.info(shas[2]!), { sha: shas[2], type: 'blob', size: 3 });
      assert.equal(reader.processId, pid, 'later reads share the same process');
    } finally {
      await reader.close();
    }
  });

  it('a process that dies fails the reads waiting on it; the next read starts a new one', async () => {
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'survives');
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    try {
      const waiting = reader.info(blob);
      const first = reader.processId!;
      process.kill(first, 'SIGKILL');
      await assert.rejects(waiting, { name: 'GitCommandError', message: 'git cat-file failed: cat-file exited' });
      assert.equal(reader.processId, undefined);
      assert.deepEqual(await reader.contents(blob), { sha: blob, type: 'blob', size: 8, content: Buffer.from('survives') });
      assert.notEqual(reader.processId, first);
    } finally {
      await reader.close();
    }
  });

  it('a process that dies in the middle of an answer: that read fails, and the next process starts from a clean buffer', async () => {
    const big = fx.git(['hash-object', '-w', '--stdin'], Buffer.alloc(8_000_000, 'z'));
    const small = fx.git(['hash-object', '-w', '--stdin'], 'small');
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    try {
      const cut = reader.contents(big);
      // The reader's own process (private): killed as soon as the first bytes of the answer arrive.
      const child = (reader as unknown as { child: import('node:child_process').ChildProcess }).child;
      child.stdout!.once('data', () => child.kill('SIGKILL'));
      await assert.rejects(cut, { name: 'GitCommandError' });
      assert.deepEqual(await reader.contents(small), { sha: small, type: 'blob', size: 5, content: Buffer.from('small') });
      assert.deepEqual(await reader.info(big), { sha: big, type: 'blob', size: 8_000_000 });
    } finally {
      await reader.close();
    }
  });

  it('a read asked after the process exited but before its pipes closed goes to the next process; the reads of the dead one fail', async () => {
    const one = fx.git(['hash-object', '-w', '--stdin'], 'one');
    const two = fx.git(['hash-object', '-w', '--stdin'], 'two!');
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    try {
      const lost = reader.info(one);
      // The reader's own process (private): killed before it reads the request; the next read is asked on its
      // exit, which node reports before the close of its pipes.
      const child = (reader as unknown as { child: import('node:child_process').ChildProcess }).child;
      const next = new Promise<unknown>((resolve) => child.once('exit', () => resolve(reader.info(two))));
      child.kill('SIGKILL');
      await assert.rejects(lost, { name: 'GitCommandError' });
      assert.deepEqual(await next, { sha: two, type: 'blob', size: 4 });
      assert.deepEqual(await reader.info(one), { sha: one, type: 'blob', size: 3 });
    } finally {
      await reader.close();
    }
  });

  it("a reader on a folder that is not a repository fails its reads with git's message", async () => {
    const missing = path.join(fx.dataDir, 'not-a-repo.git');
    const reader = new ObjectReader(fx.repos.environment, missing);
    await assert.rejects(reader.info('ab'.repeat(20)), (error: unknown) => {
      assert.ok(error instanceof GitCommandError);
      assert.deepEqual([error.exitCode, error.args], [128, ['cat-file']]);
      assert.match(error.message, /^git cat-file failed: fatal: not a git repository/);
      return true;
    });
    await reader.close();
  });

  it('close: reads already asked for are answered; later reads are refused; closing twice or unopened is fine', async () => {
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'x');
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    const pending = reader.contents(blob);
    const pid = reader.processId!;
    await reader.close();
    assert.deepEqual(await pending, { sha: blob, type: 'blob', size: 1, content: Buffer.from('x') });
    assert.equal(reader.processId, undefined);
    await gone(pid);
    await assert.rejects(reader.info(blob), { name: 'GitCommandError', message: 'git cat-file failed: object reader is closed' });
    await reader.close();
    await new ObjectReader(fx.repos.environment, path.join(os.tmpdir(), 'never-started.git')).close();
  });

  it('reads asked for in separate ticks are each answered with their own object', async () => {
    const shas = Array.from({ length: 20 }, (_, i) => fx.git(['hash-object', '-w', '--stdin'], `object ${i}`));
    const reader = new ObjectReader(fx.repos.environment, fx.repo.gitDir);
    try {
      const answers: Array<Promise<unknown>> = [];
      for (const sha of shas) {
        answers.push(reader.info(sha));
        // Let the request go out on its own before the next one is asked for.
        await Promise.resolve();
        await Promise.resolve();
      }
      assert.deepEqual(
        await Promise.all(answers),
        shas.map((sha, i) => ({ sha, type: 'blob', size: `object ${i}`.length })),
      );
    } finally {
      await reader.close();
    }
  });
});
