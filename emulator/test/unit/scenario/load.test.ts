import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadScenarioFile, parseScenario } from '../../../src/scenario/load';
import { ScenarioError } from '../../../src/scenario/problems';

const YAML = `users:
  - login: ann
repositories:
  - owner: ann
    name: w
    commits:
      - author: ann
        message: first
        files:
          a.txt: "1"
    pulls:
      - title: t
        author: ann
        head: x
`;

/** The problems' lines, as printed. */
function lines(text: string): string[] {
  try {
    parseScenario(text, '/s.yaml');
  } catch (e) {
    assert.ok(e instanceof ScenarioError, String(e));
    return e.message
      .split('\n')
      .slice(1)
      .map((l) => l.trim());
  }
  assert.fail('expected a ScenarioError');
}

describe('scenario file loading', () => {
  it('a valid file gives the scenario with its defaults and the planned histories', () => {
    const ok = parseScenario(YAML.split('    pulls:')[0]!, '/s.yaml');
    assert.equal(ok.file, '/s.yaml');
    assert.equal(ok.scenario.repositories[0]!.default_branch, 'master');
    assert.equal(ok.scenario.users[0]!.site_admin, false);
    assert.deepEqual(ok.scenario.engagement, { users: [], campaigns: [], contacts: [], cases: [] });
    assert.deepEqual([...ok.histories[0]!.tips], [['master', 1]]);
  });

  it('a reference problem names the entry and the line of its value', () => {
    assert.deepEqual(lines(YAML), ['line 14: repositories[0].pulls[0].head: branch "x" does not exist']);
  });

  it('a missing field: "is required", at the line of the entry that lacks it', () => {
    assert.deepEqual(lines(YAML.replace('        message: first\n', '')), ['line 7: repositories[0].commits[0].message: is required (string)']);
  });

  it('an unknown field, at its own line', () => {
    assert.deepEqual(lines(YAML.replace('    name: w\n', '    name: w\n    colour: red\n')), ['line 6: repositories[0].colour: unknown field']);
    assert.deepEqual(lines('users: []\nfoo: 1\nbar: 2\n'), ['line 2: foo: unknown fields "foo", "bar"']);
  });

  it("a wrong type or value: the field's own message", () => {
    assert.deepEqual(lines('users:\n  - login: -ann\n'), ['line 2: users[0].login: must be letters, digits and "-" (at most 39), not starting with "-"']);
    assert.deepEqual(lines('users:\n  - login: ann\n    site_admin: yes please\n'), ['line 3: users[0].site_admin: expected boolean, received string']);
    assert.deepEqual(lines(YAML.replace('head: x', 'head: x\n        state: reverted')), [
      'line 15: repositories[0].pulls[0].state: expected one of "open"|"closed"|"merged"',
    ]);
  });

  it('a file path that climbs out, a bad date, a bad colour', () => {
    assert.deepEqual(lines(YAML.replace('a.txt: "1"', '../a.txt: "1"\n        date: yesterday')), [
      'line 11: repositories[0].commits[0].date: must be an ISO 8601 date and time (e.g. 2026-01-05T10:00:00Z) or a time before the seed (e.g. -3h, -2d)',
      'line 10: repositories[0].commits[0].files["../a.txt"]: must be a relative file path without "." or ".." parts',
    ]);
  });

  it("a YAML syntax error: the parser's message and line, without its own position", () => {
    const text = `${'# comment\n'.repeat(12)}users:\n  - login: ann\n    tokens: [ann_token_0123456789ab, {a: }]]\n`;
    assert.deepEqual(lines(text), ['line 15: (file): Unexpected flow-seq-end token in YAML stream: "]"']);
  });

  it('a duplicate key is an error of the parser', () => {
    assert.deepEqual(lines('users: []\nusers: []\n'), ['line 2: (file): Map keys must be unique']);
  });

  it('a value of the wrong kind where an object belongs: what was found', () => {
    assert.deepEqual(lines('users:\n  - ann\n  - null\n'), [
      'line 2: users[0]: expected object, received string',
      'line 3: users[1]: expected object, received null',
    ]);
  });

  it('an empty file is an empty scenario; a file that is not a map is one problem', () => {
    assert.deepEqual(parseScenario('', '/e.yaml').scenario.users, []);
    assert.deepEqual(lines('- 1\n'), ['line 1: (file): expected object, received array']);
  });

  it('JSON is read too, with lines', () => {
    const json = JSON.stringify({ users: [{ login: 'ann' }], repositories: [{ owner: 'nobody', name: 'w' }] }, null, 2);
    assert.deepEqual(lines(json), ['line 9: repositories[0].owner: account "nobody" is not in users or organizations']);
  });

  it('a file that cannot be read', () => {
    const missing = path.join(os.tmpdir(), 'repodesk-no-such-scenario.yaml');
    assert.throws(
      () => loadScenarioFile(missing),
      (e: unknown) => e instanceof ScenarioError && e.message.startsWith(`invalid seed file ${missing} (1 problem):\n  (file): cannot be read: ENOENT`),
    );
  });

  it('a file is read from disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-scenario-'));
    try {
      fs.writeFileSync(path.join(dir, 's.json'), '{"users": [{"login": "ann"}]}');
      assert.equal(loadScenarioFile(path.join(dir, 's.json')).scenario.users[0]!.login, 'ann');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the README example of a scenario file', () => {
  it('loads without a problem', () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
    const example = /## Scenario files[^]*?```yaml\n([^]*?)```/.exec(readme)?.[1];
    assert.ok(example, 'the README has a YAML example under "Scenario files"');
    const loaded = parseScenario(example, 'README.md');
    assert.deepEqual(
      loaded.scenario.repositories.map((r) => [r.name, r.pulls.length, r.commits.length]),
      [['widgets', 1, 2]],
    );
  });
});
