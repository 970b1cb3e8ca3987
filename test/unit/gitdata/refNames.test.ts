// Branch and tag names: refused exactly when `git check-ref-format` refuses them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { refNameProblem } from '../../../src/gitdata';

const NAMES = [
  'main',
  'feature/x',
  'v1.0.0',
  'a-b_c',
  'release/2024.01',
  'x@y',
  'ü-umlaut',
  'has space',
  'a..b',
  'a~1',
  'a^',
  'a:b',
  'a?',
  'a*',
  'a[b',
  'back\\slash',
  '/lead',
  'trail/',
  'a//b',
  '.hidden',
  'a/.hidden',
  'x.lock',
  'a/b.lock/c',
  'dot.',
  'a@{1}',
  '@',
  'tab\there',
  'nul\u0000',
  'del\u007f',
  '-dash',
  'HEAD',
  'a/HEAD',
  'x-',
  'a/-b',
];

describe('gitdata: ref names as git check-ref-format', () => {
  it('every name: accepted exactly when `git check-ref-format --branch` accepts it', () => {
    const disagree = NAMES.filter((name) => {
      // The name goes as an argument; git refuses a NUL there anyway, as the rule does.
      const git = name.includes('\u0000') ? 1 : spawnSync('git', ['check-ref-format', '--branch', name]).status;
      const gitAccepts = git === 0;
      return gitAccepts !== (refNameProblem(name) === undefined);
    });
    assert.deepEqual(disagree, []);
  });

  it('says why a name is refused', () => {
    assert.equal(refNameProblem(''), 'empty');
    assert.equal(refNameProblem('a b'), 'special');
    assert.equal(refNameProblem('x.lock'), 'dotOrLock');
    assert.equal(refNameProblem('ok/name'), undefined);
  });
});
