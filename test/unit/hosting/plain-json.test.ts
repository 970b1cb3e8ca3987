// src/hosting/plainJson.ts: what @octokit/request parses and writes JSON with
// in the bundle (esbuild.mjs aliases json-with-bigint to it).
import assert from 'node:assert/strict';
import { JSONParse, JSONStringify } from '../../../src/hosting/plainJson';

describe("the bundle's JSON for @octokit/request", () => {
  it('parses as JSON.parse does, reviver included; a number beyond 2^53 stays a number (the schemas expect numbers)', () => {
    assert.deepEqual(JSONParse('{"id":7,"tags":["a"],"more":null}'), { id: 7, tags: ['a'], more: null });
    assert.equal(typeof (JSONParse('{"id":12345678901234567890}') as { id: unknown }).id, 'number');
    assert.deepEqual(
      JSONParse('{"a":1,"b":2}', (k, v: unknown) => (k === 'b' ? undefined : v)),
      { a: 1 },
    );
    assert.throws(() => JSONParse('<html>'), SyntaxError);
  });

  it('writes as JSON.stringify does, replacer and indentation included', () => {
    const body = { title: 'Fix', body: 'line\n"quoted"', draft: false, labels: ['bug'] };
    assert.equal(JSONStringify(body), '{"title":"Fix","body":"line\\n\\"quoted\\"","draft":false,"labels":["bug"]}');
    assert.equal(JSONStringify(body, ['title'], 2), '{\n  "title": "Fix"\n}');
  });
});
