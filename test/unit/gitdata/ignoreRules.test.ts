// Which files a workspace commit leaves out must be what git itself leaves
// out: the rules are checked against `git check-ignore` on a fixture tree.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IgnoreRules, patternsOfFilesExclude } from '../../../src/gitdata';

const FILES: Record<string, string> = {
  '.gitignore': '*.log\nbuild/\n!keep.log\n/root-only.txt\ndocs/**/draft-*\n',
  'sub/.gitignore': '!debug.log\nsecret.txt\n*.tmp\n',
  'sub/deeper/.gitignore': '!again.tmp\n',
};
const PATHS = [
  'a.log',
  'keep.log',
  'sub/debug.log',
  'sub/x.log',
  'sub/secret.txt',
  'secret.txt',
  'root-only.txt',
  'sub/root-only.txt',
  'build/out.js',
  'sub/build/out.js',
  'docs/a/draft-1.md',
  'docs/a/final.md',
  'sub/deeper/again.tmp',
  'sub/deeper/other.tmp',
  'sub/y.tmp',
  'excluded.bak',
  'sub/excluded.bak',
  'src/main.ts',
];

describe('gitdata: ignore rules agree with git check-ignore', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-ignore-'));
    execFileSync('git', ['init', '-q', dir]);
    fs.writeFileSync(path.join(dir, '.git', 'info', 'exclude'), '*.bak\n');
    for (const [p, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      fs.writeFileSync(path.join(dir, p), text);
    }
    for (const p of PATHS) {
      fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      fs.writeFileSync(path.join(dir, p), 'x');
    }
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('every fixture path: left out exactly when git leaves it out (every level, negation, anchors, info/exclude)', () => {
    const ignoredByGit = new Set(
      execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: dir, input: PATHS.join('\n'), encoding: 'utf8' })
        .split('\n')
        .filter(Boolean),
    );
    const rules = new IgnoreRules(
      Object.entries(FILES).map(([p, text]) => ({ dir: path.posix.dirname(p) === '.' ? '' : path.posix.dirname(p), text })),
      ['*.bak'],
    );
    const ours = PATHS.filter((p) => rules.ignores(p));
    assert.deepEqual(ours.sort(), [...ignoredByGit].sort());
    assert.ok(ignoredByGit.size >= 8 && ignoredByGit.size < PATHS.length, 'the fixture has both kinds');
  });

  it('a folder left out by its name is reported as ignored when asked as a folder; .git is always left out', () => {
    const rules = new IgnoreRules([{ dir: '', text: 'build/\n' }]);
    assert.equal(rules.ignores('build', true), true);
    assert.equal(rules.ignores('build', false), false, 'a file named build is not a folder');
    assert.equal(rules.ignores('.git', true), true);
    assert.equal(rules.ignores('sub/.git/config'), true);
  });

  it('files.exclude globs become root patterns; only the ones set to true count', () => {
    assert.deepEqual(patternsOfFilesExclude({ '**/.DS_Store': true, out: true, '**/*.map': false, x: 'when' }), ['.DS_Store', '/out']);
    const rules = new IgnoreRules([], patternsOfFilesExclude({ '**/.DS_Store': true, out: true }));
    assert.equal(rules.ignores('a/b/.DS_Store'), true);
    assert.equal(rules.ignores('out', true), true);
    assert.equal(rules.ignores('src/out', true), false, 'anchored at the root');
  });

  it('a deeper .gitignore decides after the root patterns (it can re-include what info/exclude left out)', () => {
    const rules = new IgnoreRules([{ dir: 'keep', text: '!*.bak\n' }], ['*.bak']);
    assert.equal(rules.ignores('a.bak'), true);
    assert.equal(rules.ignores('keep/a.bak'), false);
  });
});
