// The small formatting helpers of the tree views: sizes at the unit
// boundaries, label colors (swatch and typed), Markdown escaping in
// tooltips, the pull request of a review comment, refs outside a namespace.
import assert from 'node:assert/strict';
import { colorSwatchDataUri, escapeMarkdown, formatSize, groupRefs, normalizeColor, pullNumberOf } from '../../src/util/viewFormat';

const svgOf = (uri: string) => Buffer.from(uri.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

describe('view formatting: small helpers', () => {
  it('sizes: bytes up to 1023, then KB, MB, GB and TB at each 1024, one decimal; TB is the largest unit', () => {
    assert.equal(formatSize(0), '0 B');
    assert.equal(formatSize(1023), '1023 B');
    assert.equal(formatSize(1024), '1.0 KB');
    assert.equal(formatSize(1024 * 1024 - 1), '1024.0 KB');
    assert.equal(formatSize(1024 * 1024), '1.0 MB');
    assert.equal(formatSize(1.5 * 1024 ** 3), '1.5 GB');
    assert.equal(formatSize(2 * 1024 ** 4), '2.0 TB');
    assert.equal(formatSize(3 * 1024 ** 5), '3072.0 TB');
  });

  it("a label's swatch is a 16 px SVG square of its color (lower case); a color that is not six hex digits is grey", () => {
    const uri = colorSwatchDataUri('A1B2C3');
    assert.match(uri, /^data:image\/svg\+xml;base64,/);
    assert.equal(
      svgOf(uri),
      '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect x="2" y="2" width="12" height="12" rx="2" fill="#a1b2c3"/></svg>',
    );
    for (const bad of ['#a1b2c3', 'a1b2c', 'a1b2c3d', 'zzzzzz', '']) assert.match(svgOf(colorSwatchDataUri(bad)), /fill="#808080"/, bad);
  });

  it('a typed color: with or without #, spaces around, any case → six lower-case digits; anything else is refused', () => {
    assert.equal(normalizeColor('#A1B2C3'), 'a1b2c3');
    assert.equal(normalizeColor('  a1b2c3 '), 'a1b2c3');
    for (const bad of ['##a1b2c3', 'a1b2c', 'a1b2c3d', 'x#a1b2c3', 'a1b2c3#', 'gggggg', '']) assert.equal(normalizeColor(bad), undefined, bad);
  });

  it('Markdown escaping: every special character gets a backslash, other text stays', () => {
    assert.equal(escapeMarkdown('a_b*c'), 'a\\_b\\*c');
    assert.equal(escapeMarkdown('[x](y) #1 <b> !|`{}+-.\\'), '\\[x\\]\\(y\\) \\#1 \\<b\\> \\!\\|\\`\\{\\}\\+\\-\\.\\\\');
    assert.equal(escapeMarkdown('plain words 42'), 'plain words 42');
  });

  it('the pull request of a review comment is the number at the end of its pull_request_url; anything else is not a number', () => {
    assert.equal(pullNumberOf({ pull_request_url: 'http://h/repos/o/r/pulls/12' }), 12);
    assert.ok(Number.isNaN(pullNumberOf({ pull_request_url: 'http://h/repos/o/r/pulls/12/comments' })));
    assert.ok(Number.isNaN(pullNumberOf({ pull_request_url: 'http://h/repos/o/r/issues/12' })));
    assert.ok(Number.isNaN(pullNumberOf({ pull_request_url: 'http://h/repos/o/r/pulls/x1' })));
  });

  it('a ref outside a namespace (refs/stash) is its own group, named without refs/', () => {
    const groups = groupRefs([{ ref: 'refs/stash' }, { ref: 'refs/heads/master' }]);
    assert.deepEqual(
      groups.map((g) => [g.namespace, g.refs.map((r) => r.short)]),
      [
        ['heads', ['master']],
        ['stash', ['stash']],
      ],
    );
  });
});
