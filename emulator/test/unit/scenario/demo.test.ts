// The demo data set: scenarios/demo.yaml found from the built files or the
// sources, and read from the build's JSON copy only while that is current.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoScenarioFile, loadDemoScenario } from '../../../src/scenario/demo';
import { ScenarioError } from '../../../src/scenario/problems';

const YAML = 'users:\n  - login: yaml-user\n';

describe('the demo scenario file', () => {
  let root: string;
  let dist: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-demo-file-'));
    dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(root, 'scenarios'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'scenarios'), { recursive: true });
    fs.writeFileSync(path.join(root, 'scenarios', 'demo.yaml'), YAML);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const json = (data: unknown, ageSeconds: number) => {
    const file = path.join(dist, 'scenarios', 'demo.json');
    fs.writeFileSync(file, JSON.stringify(data));
    // Whole seconds on both: a file system's finer times would not survive utimes.
    const yamlTime = new Date('2026-01-01T00:00:00Z');
    fs.utimesSync(path.join(root, 'scenarios', 'demo.yaml'), yamlTime, yamlTime);
    const t = new Date(yamlTime.getTime() - ageSeconds * 1000);
    fs.utimesSync(file, t, t);
  };

  it("is the package's scenarios/demo.yaml, found above the built files and above the sources", () => {
    assert.equal(demoScenarioFile(dist), path.join(root, 'scenarios', 'demo.yaml'));
    assert.equal(demoScenarioFile(path.join(root, 'src', 'scenario')), path.join(root, 'scenarios', 'demo.yaml'));
    assert.throws(() => demoScenarioFile(os.tmpdir()), /scenarios\/demo\.yaml is missing/);
  });

  it("the build's JSON copy when it is as new as the YAML; the YAML when the copy is older, missing or wrong", () => {
    json({ users: [{ login: 'json-user' }] }, 0);
    assert.equal(loadDemoScenario(dist).scenario.users[0]!.login, 'json-user');
    json({ users: [{ login: 'json-user' }] }, 60);
    assert.equal(loadDemoScenario(dist).scenario.users[0]!.login, 'yaml-user', 'the YAML was edited after the build');
    json({ users: [{ login: 'json-user', nope: 1 }] }, 0);
    assert.equal(loadDemoScenario(dist).scenario.users[0]!.login, 'yaml-user', 'a copy with problems');
    fs.rmSync(path.join(dist, 'scenarios', 'demo.json'));
    assert.equal(loadDemoScenario(dist).scenario.users[0]!.login, 'yaml-user');
    assert.equal(loadDemoScenario(dist).file, path.join(root, 'scenarios', 'demo.yaml'));
  });

  it('a problem is reported from the YAML, with its line', () => {
    fs.writeFileSync(path.join(root, 'scenarios', 'demo.yaml'), 'users:\n  - login: ann\n    pasword: x\n');
    json({ users: [{ login: 'ann', pasword: 'x' }] }, -60);
    assert.throws(
      () => loadDemoScenario(dist),
      (err: unknown) => err instanceof ScenarioError && /line 3: users\[0\]\.pasword: unknown field/.test(err.message),
    );
  });
});
