// The demo seed's history of analytical-engines/difference-engine,
// checked with the git command on the bare repository in the data folder.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { historyStream } from '../src/seed/history';
import { startEmulator, type TestEmulator } from './support/emulator';

describe('demo seed history', () => {
  let emu: TestEmulator;
  let git: (...args: string[]) => string;
  let seededAt: number;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    seededAt = Date.now() / 1000;
    const id = emu.db
      .prepare("SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = 'analytical-engines' AND r.name = 'difference-engine'")
      .pluck()
      .get() as number;
    const gitDir = path.join(emu.dataDir, 'git', `${id}.git`);
    git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8' }).trim();
  });
  after(() => emu.dispose());

  it('master holds at least 500 commits over the last 52 weeks, on top of the initial commit', () => {
    assert.ok(Number(git('rev-list', '--count', 'master')) >= 500);
    const times = git('log', '--format=%at', 'master').split('\n').map(Number);
    const yearAgo = seededAt - 52 * 7 * 86_400;
    assert.ok(times.filter((t) => t >= yearAgo && t <= seededAt).length >= 500);
    assert.equal(git('rev-list', '--max-parents=0', 'master').split('\n').length, 1, 'one root: the auto_init commit');
    assert.equal(git('symbolic-ref', 'HEAD'), 'refs/heads/master');
  });

  it('at least 5 authors, the demo users, in several time-zone offsets', () => {
    const authors = new Set(git('log', '--format=%ae', 'master').split('\n'));
    for (const login of ['ada', 'charles', 'mary', 'luigi', 'grace']) assert.ok(authors.has(`${login}@analytical-engines.test`), login);
    const offsets = new Set(git('log', '--format=%ad', '--date=format:%z', 'master').split('\n'));
    assert.ok(offsets.size >= 3, `offsets: ${[...offsets].join(' ')}`);
    assert.ok(offsets.has('-0500') && offsets.has('+0100'));
  });

  it('branches, lightweight and annotated tags, and a note on refs/notes/commits', () => {
    const refs = git('for-each-ref', '--format=%(objecttype) %(refname)').split('\n');
    assert.ok(refs.includes('commit refs/heads/gear-train'));
    assert.ok(refs.includes('commit refs/heads/docs/notation'));
    assert.ok(refs.includes('tag refs/tags/v1.0.0'), 'annotated');
    assert.ok(refs.includes('tag refs/tags/v0.1.0'), 'annotated');
    assert.ok(refs.includes('commit refs/tags/v0.9.0'), 'lightweight');
    assert.ok(refs.includes('commit refs/tags/v1.1.0-rc.1'), 'lightweight');
    assert.equal(
      git('cat-file', '-p', 'v1.0.0')
        .split('\n')
        .find((l) => l.startsWith('tagger'))
        ?.startsWith('tagger Ada Lovelace'),
      true,
    );
    assert.equal(git('notes', 'show', 'v1.0.0^{commit}'), 'Verified against the printed tables of 1834.');
    assert.equal(git('merge-base', '--is-ancestor', 'v1.0.0', 'master'), '');
  });

  it('master’s README.md reads like the project’s (auto_init leaves it empty; the history writes it)', () => {
    const readme = git('show', 'master:README.md');
    assert.match(readme, /^# difference-engine\n\nTabulates polynomial functions by the method of finite differences/);
    for (const section of ['## How it works', '## Layout', '## License']) assert.ok(readme.includes(section), section);
  });

  it('the history is deterministic: the same seed time gives the same stream', () => {
    const parent = git('rev-list', '--max-parents=0', 'master');
    assert.equal(historyStream(parent, 1_790_000_000), historyStream(parent, 1_790_000_000));
    assert.notEqual(historyStream(parent, 1_790_000_000), historyStream(parent, 1_790_000_000, 7));
  });
});
