import assert from 'node:assert/strict';
import { formatPath, formatProblem, ScenarioError } from '../../../src/scenario/problems';

describe('scenario problems', () => {
  it('a path reads as in code: keys after dots, indexes in brackets, other keys quoted', () => {
    assert.equal(formatPath(['repositories', 2, 'pulls', 0, 'head']), 'repositories[2].pulls[0].head');
    assert.equal(formatPath(['repositories', 0, 'commits', 1, 'files', 'src/a.js']), 'repositories[0].commits[1].files["src/a.js"]');
    assert.equal(formatPath([0]), '[0]');
    assert.equal(formatPath(['default_branch']), 'default_branch');
    assert.equal(formatPath([]), '(file)');
  });

  it('a problem starts with its line when known', () => {
    assert.equal(formatProblem({ path: ['users', 0, 'login'], message: 'is required', line: 4 }), 'line 4: users[0].login: is required');
    assert.equal(formatProblem({ path: ['users'], message: 'x' }), 'users: x');
  });

  it('the error lists every problem, one a line, and counts them', () => {
    const one = new ScenarioError('/s.yaml', [{ path: ['a'], message: 'm' }]);
    assert.equal(one.message, 'invalid seed file /s.yaml (1 problem):\n  a: m');
    const two = new ScenarioError('/s.yaml', [
      { path: ['a'], message: 'm', line: 1 },
      { path: ['b'], message: 'n', line: 2 },
    ]);
    assert.equal(two.message, 'invalid seed file /s.yaml (2 problems):\n  line 1: a: m\n  line 2: b: n');
    assert.equal(two.name, 'ScenarioError');
    assert.equal(two.problems.length, 2);
  });
});
