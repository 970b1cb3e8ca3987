// The welcome text before sign-in (viewsWelcome): one Sign In button, in the
// Repositories view, and plain words elsewhere; what it shows is text, not
// markdown code (a viewsWelcome shows backticks literally). It shows once
// RepoDesk found no session (repodesk.signedOut), never while a window starts.
// With several services (repodesk.severalServices) the Repositories view's
// text says Sign In asks which, rather than pointing at one address.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: { viewsWelcome: { view: string; contents: string; when?: string }[] };
};
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const text = (contents: string) => nls[/^%(.+)%$/.exec(contents)?.[1] ?? ''] ?? contents;
const signedOut = manifest.contributes.viewsWelcome.filter((w) => w.when?.split(' && ')[0] === 'repodesk.signedOut');
const repositories = signedOut.filter((w) => w.view === 'repodesk.repositories');
const unique = (xs: string[]) => [...new Set(xs)];

describe('Welcome text before sign-in', () => {
  it('every view has one, and only the Repositories view offers the Sign In button', () => {
    assert.deepEqual(unique(signedOut.map((w) => w.view)), [
      'repodesk.repositories',
      'repodesk.pullRequests',
      'repodesk.reviewComments',
      'repodesk.releases',
      'repodesk.gitRefs',
    ]);
    const withButton = signedOut.filter((w) =>
      text(w.contents)
        .split('\n')
        .some((line) => /^\[[^\]]+\]\(command:repodesk\.signIn\)$/.test(line.trim())),
    );
    assert.deepEqual(unique(withButton.map((w) => w.view)), ['repodesk.repositories']);
  });

  it('the Repositories view has one button; changing the service is a link in a sentence', () => {
    for (const w of repositories) {
      const lines = text(w.contents).split('\n');
      assert.deepEqual(
        lines.filter((l) => /^\[[^\]]+\]\([^)]+\)$/.test(l.trim())),
        ['[Sign In](command:repodesk.signIn)'],
      );
      assert.ok(lines.some((l) => l.includes('(command:repodesk.configureService)') && !l.trim().startsWith('[')));
    }
  });

  it('one service: the text points at its address beside the title; several: at their names there, and Sign In asks which', () => {
    const one = repositories.filter((w) => w.when?.includes('!repodesk.severalServices'));
    const several = repositories.filter((w) => /(^| )repodesk\.severalServices/.test(w.when ?? ''));
    assert.equal(one.length, 1);
    assert.equal(several.length, 1);
    assert.match(text(one[0]!.contents), /the address beside this view's title/);
    assert.doesNotMatch(text(several[0]!.contents), /address/);
    assert.match(text(several[0]!.contents), /services named beside this view's title \(Sign In asks which\)/);
  });

  it('no welcome text shows literal backticks or claims RepoDesk is unconfigured', () => {
    for (const w of manifest.contributes.viewsWelcome) {
      assert.doesNotMatch(text(w.contents), /`/, w.view);
      assert.doesNotMatch(text(w.contents), /not connected/, w.view);
    }
  });
});
