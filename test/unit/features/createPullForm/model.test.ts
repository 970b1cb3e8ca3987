import assert from 'node:assert/strict';
import { hostToWebview, webviewToHost } from '../../../../src/features/createPullForm/model/messages';
import { fill } from '../../../../src/features/createPullForm/model/strings';

describe('Create Pull Request form: its words and messages', () => {
  it('fill puts each argument in its {n}, as often as it appears', () => {
    assert.equal(
      fill('Nothing to merge: {0} has no commits that {1} does not have; {0}.', 'gear-train', 'master'),
      'Nothing to merge: gear-train has no commits that master does not have; gear-train.',
    );
  });
  it('fill writes numbers as text and leaves a {n} with no argument as it is', () => {
    assert.equal(fill('Commits ahead of {1}: {2}. Behind: {3}.', 'x', 'master', 0), 'Commits ahead of master: 0. Behind: {3}.');
  });
  it('fill reads numbers of two digits', () => {
    assert.equal(fill('{10}', ...'abcdefghijk'.split('')), 'k');
  });
  it('a create with a blank title is refused; its title is sent trimmed', () => {
    const create = { type: 'create', base: 'master', head: 'gear-train', body: '', labels: [] };
    assert.equal(webviewToHost.safeParse({ ...create, title: '   ' }).success, false);
    const parsed = webviewToHost.safeParse({ ...create, title: '  Gear train ' });
    assert.deepEqual(parsed.success && parsed.data, { ...create, title: 'Gear train' });
  });
  it('a create or compare without a head is refused', () => {
    assert.equal(webviewToHost.safeParse({ type: 'compare', base: 'master', head: '' }).success, false);
    assert.equal(webviewToHost.safeParse({ type: 'create', base: 'master', head: '', title: 'T', body: '', labels: [] }).success, false);
  });
  it('a comparison too far to count says so with null, not a number', () => {
    const compared = { type: 'compared', base: 'master', head: 'x', ahead: null, behind: null, title: '', body: '' };
    assert.equal(hostToWebview.safeParse(compared).success, true);
    assert.equal(hostToWebview.safeParse({ ...compared, ahead: -1 }).success, false);
  });
  it('a template is cut only for a reason the form can say', () => {
    const repository = { type: 'repository', repository: 'a/b', branches: ['master'], base: 'master', given: false, labels: [] };
    assert.equal(hostToWebview.safeParse({ ...repository, templates: [{ path: 'PULL_REQUEST_TEMPLATE.md', text: 'x', cut: 'tooLarge' }] }).success, true);
    assert.equal(hostToWebview.safeParse({ ...repository, templates: [{ path: 'PULL_REQUEST_TEMPLATE.md', text: 'x', cut: 'binary' }] }).success, false);
  });
});
