// "Open Pull Request…" and RepoDesk's vscode:// links (src/util/pullLink.ts):
// each accepted form, the service a URL names, and what is refused and why.
import assert from 'node:assert/strict';
import { hostsOf, parsePullLink, type LinkService } from '../../src/util/pullLink';

const services: LinkService[] = [
  { name: 'Local', apiUrl: 'http://127.0.0.1:3000' },
  { name: 'Enterprise', apiUrl: 'https://git.example.com/api/v3' },
  { name: 'Public', apiUrl: 'https://api.hub.example' },
];
const active = { owner: 'analytical-engines', name: 'difference-engine' };
const pull = (owner: string, repo: string, number: number, service?: string) => ({
  ok: true,
  link: { owner, repo, number, ...(service ? { service } : {}) },
});
const problem = (p: object) => ({ ok: false, problem: p });

describe('pull request links', () => {
  it('#N and a bare number are pull requests of the active repository', () => {
    assert.deepEqual(parsePullLink('#12', services, active), pull('analytical-engines', 'difference-engine', 12));
    assert.deepEqual(parsePullLink('  7 ', services, active), pull('analytical-engines', 'difference-engine', 7));
  });

  it('#N with no active repository says so', () => {
    assert.deepEqual(parsePullLink('#12', services), problem({ kind: 'noRepository' }));
    assert.deepEqual(parsePullLink('12', services), problem({ kind: 'noRepository' }));
  });

  it('owner/repo#N names its repository and no service', () => {
    assert.deepEqual(parsePullLink('ada/notes.v2#3', services, active), pull('ada', 'notes.v2', 3));
  });

  it("a web page's URL, with a tab or an anchor after it, names the service of its host", () => {
    assert.deepEqual(parsePullLink('http://127.0.0.1:3000/ada/notes/pull/4', services), pull('ada', 'notes', 4, 'Local'));
    assert.deepEqual(parsePullLink('https://git.example.com/ada/notes/pull/4/files#diff-1', services), pull('ada', 'notes', 4, 'Enterprise'));
    assert.deepEqual(parsePullLink('https://GIT.example.com/ada/notes/pull/4/', services), pull('ada', 'notes', 4, 'Enterprise'));
  });

  it("an api. service's web pages are on the host without api.", () => {
    assert.deepEqual(parsePullLink('https://hub.example/ada/notes/pull/9', services), pull('ada', 'notes', 9, 'Public'));
    assert.deepEqual(hostsOf('https://api.hub.example'), ['api.hub.example', 'hub.example']);
    assert.deepEqual(hostsOf('https://git.example.com/api/v3'), ['git.example.com']);
    assert.deepEqual(hostsOf('not a url'), []);
  });

  it("a pull request's API URL, with or without /api/v3", () => {
    assert.deepEqual(parsePullLink('https://git.example.com/api/v3/repos/ada/notes/pulls/5', services), pull('ada', 'notes', 5, 'Enterprise'));
    assert.deepEqual(parsePullLink('https://api.hub.example/repos/ada/notes/pulls/5/comments', services), pull('ada', 'notes', 5, 'Public'));
  });

  it('a URL of a host no service has names the host', () => {
    assert.deepEqual(parsePullLink('https://elsewhere.example/ada/notes/pull/4', services), problem({ kind: 'unknownHost', host: 'elsewhere.example' }));
  });

  it('a vscode:// link carries a URL or owner, repo, number and service', () => {
    const url = encodeURIComponent('https://git.example.com/ada/notes/pull/4');
    assert.deepEqual(parsePullLink(`vscode://repodesk.repodesk/open?url=${url}`, services), pull('ada', 'notes', 4, 'Enterprise'));
    assert.deepEqual(parsePullLink('vscode://repodesk.repodesk/open?owner=ada&repo=notes&number=6', services), pull('ada', 'notes', 6));
    assert.deepEqual(
      parsePullLink('vscode-insiders://repodesk.repodesk/open?owner=ada&repo=notes&number=6&service=local', services),
      pull('ada', 'notes', 6, 'Local'),
    );
    assert.deepEqual(
      parsePullLink('vscode://repodesk.repodesk/open?owner=ada&repo=notes&number=6&service=Nowhere', services),
      problem({ kind: 'unknownHost', host: 'Nowhere' }),
    );
  });

  it('a vscode:// link within a vscode:// link is not followed', () => {
    const inner = encodeURIComponent('vscode://repodesk.repodesk/open?owner=ada&repo=notes&number=6');
    assert.deepEqual(parsePullLink(`vscode://repodesk.repodesk/open?url=${inner}`, services), problem({ kind: 'notAPull' }));
  });

  it('text that names no pull request is refused as such', () => {
    for (const text of [
      'hello',
      '#0',
      '#12a',
      'ada/#3',
      'https://git.example.com/ada/notes',
      'https://git.example.com/ada/notes/issues/4',
      'https://git.example.com/ada/notes/pull/0',
      'ftp://git.example.com/ada/notes/pull/4',
      'vscode://repodesk.repodesk/open?owner=ada&repo=notes',
      'vscode://repodesk.repodesk/open?owner=a%20b&repo=notes&number=1',
    ]) {
      assert.deepEqual(parsePullLink(text, services, active), problem({ kind: 'notAPull' }), text);
    }
    assert.deepEqual(parsePullLink('   ', services, active), problem({ kind: 'empty' }));
  });
});
