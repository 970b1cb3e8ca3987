// docs/service-api/hosting/conventions §9 (hypermedia): every `url` and `*_url`
// the emulator hands out is a link. This follows each one found in the demo
// data's representations (URI templates expanded with no parameters), two links
// deep, and expects none to answer 404 unless the documents leave that
// endpoint out — each such case below says which sentence of the spec covers it.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const ENTRY_POINTS = [
  '/user',
  '/users/ada',
  '/orgs/analytical-engines',
  '/user/repos',
  '/orgs/analytical-engines/repos',
  '/user/teams',
  '/orgs/analytical-engines/teams',
  '/repos/analytical-engines/difference-engine',
  '/repos/analytical-engines/difference-engine/pulls?state=all',
  '/repos/analytical-engines/difference-engine/pulls/comments',
  '/repos/analytical-engines/difference-engine/issues/comments',
  '/repos/analytical-engines/difference-engine/releases',
  '/repos/analytical-engines/difference-engine/git/refs',
  '/repos/analytical-engines/difference-engine/labels',
  '/repos/analytical-engines/difference-engine/keys',
  '/repos/analytical-engines/difference-engine/downloads',
  '/repos/analytical-engines/difference-engine/hooks',
];

const SHA = '[0-9a-f]{40}';
const REPO = '/repos/[^/]+/[^/]+';
/** 404s the documents account for: the field is the spec's (or git's), the endpoint behind it is not in the documents. */
const SPEC_SAYS_SO: Array<[RegExp, string]> = [
  [
    /^\/users\/[^/]+\/(followers|following|starred|subscriptions|events|received_events)$/,
    'docs/service-api/hosting/users §1: these are URI templates; their endpoints are not in the documents',
  ],
  [/^\/gists\/\d+\/(forks|commits)$/, "a gist's forks and history: the documents have gist comments only (the gist lists are the emulator's addition)"],
  [/^\/orgs\/[^/]+\/(events|issues)$/, 'organization events and issues: not in the documents'],
  [
    new RegExp(
      `^${REPO}/(assignees|branches|comments|commits|compare/\\.\\.\\.|contents/|contributors|events|issues|issues/events|languages|merges|milestones|notifications|statuses/|subscribers|subscription|tags|teams)$`,
    ),
    'docs/service-api/hosting/repositories §9: editing, deleting, branches, tags, contributors and the issue endpoints are not described',
  ],
  [new RegExp(`^${REPO}/git/(blobs|commits|trees|tags)$`), 'a git object template with no SHA names no object (only POST is served there)'],
  [
    new RegExp(`^${REPO}/(commits/${SHA}(/comments)?|statuses/${SHA}|issues/\\d+/events)$`),
    'repository commits, statuses and issue events (pull request commits_url, statuses_url): not in the documents',
  ],
  [new RegExp(`^${REPO}/(tarball|zipball)/v1\\.1\\.0$`), 'the draft release v1.1.0 has no tag yet (a draft makes no tag)'],
  [
    /^\/repos\/charles\/difference-engine\/(hooks|keys|collaborators)$/,
    "charles's fork: hooks, keys and collaborators need admin access, which the reader (ada) lacks: 404 (docs/service-api/hosting/conventions §10)",
  ],
  [
    new RegExp(`^/[^/]+/[^/]+/(commit/${SHA}|pull/\\d+\\.(diff|patch))$`),
    'web pages of commits, diffs and patches: the specification covers only the API (docs/EMULATOR.md, Web pages: not served)',
  ],
  [/^\/[^/]+\/[^/]+\.git$/, 'clone_url: git serves the paths under it (info/refs, git-upload-pack), not the URL itself'],
];

describe('docs/service-api/hosting/conventions §9 (hypermedia): every url and *_url of the demo data resolves', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('following every url and *_url two links deep from the demo data finds no 404 the spec does not account for (annotated tags included)', async () => {
    const auth = basic('ada');
    const seen = new Set<string>();
    const queue: Array<{ url: string; depth: number; from: string }> = ENTRY_POINTS.map((p) => ({ url: `${emu.url}${p}`, depth: 0, from: 'entry point' }));
    const unexplained: string[] = [];
    const checked = { links: 0, tagObjects: 0 };
    const collect = (value: unknown, from: string, depth: number): void => {
      if (Array.isArray(value)) return value.forEach((v) => collect(v, from, depth));
      if (typeof value !== 'object' || value === null) return;
      for (const [key, v] of Object.entries(value)) {
        if ((key === 'url' || key.endsWith('_url')) && typeof v === 'string') {
          // Templates expanded with no parameters: every {…} expression drops out.
          const url = v.replace(/\{[^}]*\}/g, '');
          if (!seen.has(url) && url.startsWith(emu.url)) {
            seen.add(url);
            queue.push({ url, depth: depth + 1, from: `${key} of ${from}` });
          }
        } else {
          collect(v, from, depth);
        }
      }
    };
    while (queue.length > 0) {
      const { url, depth, from } = queue.shift()!;
      const res = await call(emu, 'GET', url, { auth });
      const path = url.slice(emu.url.length);
      if (depth > 0) checked.links += 1;
      if (/\/git\/tags\/[0-9a-f]{40}$/.test(path) && res.status === 200) checked.tagObjects += 1;
      if (res.status === 404 && !SPEC_SAYS_SO.some(([pattern]) => pattern.test(path.split('?')[0]!)))
        unexplained.push(`${path} (${from.replace(emu.url, '')})`);
      if (depth < 2 && res.json !== undefined) collect(res.json, path, depth);
    }
    assert.deepEqual(unexplained, []);
    assert.ok(checked.links > 100, `links followed: ${checked.links}`);
    assert.ok(checked.tagObjects >= 2, "the annotated tags v0.1.0 and v1.0.0 resolve through their reference's object.url");
  });

  it('GET /repos/:owner/:repo/git/tags/:sha — the annotated tag v1.0.0: tag, sha, url, message, tagger, object; a commit SHA there is 404', async () => {
    const auth = basic('ada');
    const ref = (await call(emu, 'GET', '/repos/analytical-engines/difference-engine/git/refs/tags/v1.0.0', { auth })).json;
    assert.equal(ref.object.type, 'tag');
    const res = await call(emu, 'GET', ref.object.url, { auth });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json).sort(), ['message', 'object', 'sha', 'tag', 'tagger', 'url']);
    assert.equal(res.json.tag, 'v1.0.0');
    assert.equal(res.json.sha, ref.object.sha);
    assert.equal(res.json.url, ref.object.url);
    assert.deepEqual(Object.keys(res.json.tagger).sort(), ['date', 'email', 'name']);
    assert.equal(res.json.object.type, 'commit');
    assert.equal((await call(emu, 'GET', res.json.object.url, { auth })).status, 200);
    assert.equal((await call(emu, 'GET', `/repos/analytical-engines/difference-engine/git/tags/${res.json.object.sha}`, { auth })).status, 404);
  });
});
